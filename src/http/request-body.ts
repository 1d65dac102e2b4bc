/**
 * Reads a request body into memory with a hard cap, so a client can neither exhaust memory nor
 * leave a half-read request hanging: the result says whether the body arrived, was too large, or
 * the client went away first.
 */
import type { IncomingMessage } from 'node:http'


type BodyResult = { kind: 'body'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'aborted' }

export function readRequestBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: 'too-large' })
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: BodyResult) => {
      req.off('data', onData).off('end', onEnd).off('error', onAborted).off('close', onClose)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) finish({ kind: 'too-large' })
      else chunks.push(chunk)
    }
    const onEnd = () => finish({ kind: 'body', bytes: Buffer.concat(chunks) })
    const onAborted = () => finish({ kind: 'aborted' })
    const onClose = () => {
      if (!req.complete) onAborted()
    }
    req.on('data', onData).on('end', onEnd).on('error', onAborted).on('close', onClose)
  })
}
