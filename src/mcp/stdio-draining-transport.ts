/**
 * The SDK v2 stdio transport, with E13.8's promise kept: every request read before stdin ended is
 * answered before the transport closes. The SDK's transport closes at stdin's end and drops what is
 * in flight, so it reads a copy of stdin that ends only once those answers are written (or after
 * `drainTimeoutMs`). Open `subscriptions/listen` requests are not waited for: they are answered only
 * when the connection closes. It also reports each listen request's filter and its cancellation, so
 * the front can watch the resources a 2026-07-28 client listens to.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream'
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/server'
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio'
import { isJsonObject } from '../core/index.js'
import { frameText } from './frame-text.js'

type Id = string | number

export interface ListenWatcher {
  listening(id: Id, resourceUris: string[]): void
  cancelled(id: Id): void
}

export class DrainingStdioTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void
  /** Resolves once the transport has closed (the client went away, or close()). */
  readonly closed: Promise<void>
  private readonly input = new PassThrough()
  private readonly inner: StdioServerTransport
  private readonly inFlight = new Set<Id>()
  private readonly listens = new Set<Id>()
  private stdinEnded = false
  private isClosed = false
  private drainTimer: NodeJS.Timeout | undefined
  private markClosed!: () => void

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly drainTimeoutMs: number,
    private readonly onStdinEnd: (unanswered: number) => void,
    private readonly watcher?: ListenWatcher,
  ) {
    this.inner = new StdioServerTransport(this.input, stdout)
    this.closed = new Promise((resolve) => (this.markClosed = resolve))
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message: JSONRPCMessage) => {
      this.observe(message)
      this.onmessage?.(message)
    }
    this.inner.onerror = (error) => this.onerror?.(error)
    this.inner.onclose = () => {
      this.isClosed = true
      clearTimeout(this.drainTimer)
      this.stdin.unpipe(this.input)
      this.onclose?.()
      this.markClosed()
    }
    this.stdin.pipe(this.input, { end: false })
    this.stdin.once('end', this.ended).once('close', this.ended)
    await this.inner.start()
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    const text = frameText(message)
    if (text === undefined) await this.inner.send(message)
    else await this.write(text)
    if (!('method' in message) && 'id' in message && message.id !== undefined) {
      this.listens.delete(message.id)
      if (this.inFlight.delete(message.id)) this.drainIfDone()
    }
  }

  async close(): Promise<void> {
    this.stdin.off('end', this.ended).off('close', this.ended)
    await this.inner.close()
  }

  /** What the SDK's transport does with a frame's text: write it, and wait for the drain when stdout asks. */
  private write(text: string): Promise<void> {
    if (this.isClosed) return Promise.reject(new Error('StdioServerTransport is closed'))
    const stdout = this.stdout
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => {
        stdout.off('drain', drained)
        reject(error)
      }
      const drained = () => {
        stdout.off('error', failed)
        resolve()
      }
      stdout.once('error', failed)
      if (stdout.write(text)) drained()
      else stdout.once('drain', drained)
    })
  }

  private readonly ended = () => {
    if (this.stdinEnded) return
    this.stdinEnded = true
    this.onStdinEnd(this.inFlight.size)
    this.drainTimer = setTimeout(() => this.input.end(), this.drainTimeoutMs)
    this.drainIfDone()
  }

  private drainIfDone(): void {
    if (this.stdinEnded && this.inFlight.size === 0) this.input.end()
  }

  private observe(message: JSONRPCMessage): void {
    if (!('method' in message)) return
    if ('id' in message && message.id !== undefined) {
      if (message.method !== 'subscriptions/listen') return void this.inFlight.add(message.id)
      this.listens.add(message.id)
      const filter = isJsonObject(message.params) && isJsonObject(message.params.notifications) ? message.params.notifications : {}
      const uris = Array.isArray(filter.resourceSubscriptions) ? filter.resourceSubscriptions.filter((u): u is string => typeof u === 'string') : []
      this.watcher?.listening(message.id, uris)
      return
    }
    const cancelled = message.method === 'notifications/cancelled' && isJsonObject(message.params) ? message.params.requestId : undefined
    if ((typeof cancelled === 'string' || typeof cancelled === 'number') && this.listens.delete(cancelled)) this.watcher?.cancelled(cancelled)
  }
}
