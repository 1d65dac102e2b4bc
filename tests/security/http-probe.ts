/** Raw HTTP and WebSocket probes with the headers a browser or an attacker would send (fetch cannot set Host). */
import { request } from 'node:http'
import WebSocket from 'ws'

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request; an event stream answered 200 is read for its first chunk only, then dropped. */
export function probe(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        res.once('data', (chunk: string) => {
          body += chunk
          done()
          req.destroy()
        })
        return
      }
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', done)
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

export interface UpgradeOutcome {
  /** HTTP status of a refused upgrade; undefined when the socket opened. */
  refusedWith?: number
  refusalBody?: string
  /** Frames received before the close (text). */
  frames: string[]
  closeCode?: number
}

/** Opens a WebSocket with `headers` (Origin, Host, Authorization…), sends `send` once open, and reports what happened. */
export function tryUpgrade(url: string, headers: Record<string, string>, send?: string, waitMs = 1500): Promise<UpgradeOutcome> {
  return new Promise((resolve) => {
    const outcome: UpgradeOutcome = { frames: [] }
    const ws = new WebSocket(url, { headers, maxPayload: 256 * 1024 * 1024 })
    const timer = setTimeout(() => {
      ws.terminate()
      resolve(outcome)
    }, waitMs)
    ws.on('unexpected-response', (_req, res) => {
      outcome.refusedWith = res.statusCode
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => {
        outcome.refusalBody = body
        clearTimeout(timer)
        resolve(outcome)
      })
    })
    ws.on('open', () => {
      if (send !== undefined) ws.send(send)
    })
    ws.on('message', (data) => outcome.frames.push(data.toString()))
    ws.on('close', (code) => {
      outcome.closeCode = code
      clearTimeout(timer)
      resolve(outcome)
    })
    ws.on('error', () => undefined)
  })
}
