/**
 * The engine proper, transport aside: worker connections, the registries, frame dispatch, reattach
 * and the disconnect cleanup of spec §5. The WebSocket server (server.ts) feeds it sockets and
 * frames; the built-ins register themselves on it.
 */
import type { RawData } from 'ws'
import type { Logger } from 'pino'
import { WorkerConnection, type FrameRecorder, type FrameSocket } from './connection.js'
import type { EngineTables } from './engine-tables.js'
import { FunctionRegistry } from './function-registry.js'
import { callInternal, deliver, handleInvoke, handleResult, type InternalCallOptions } from './invoke.js'
import { PendingInvocations } from './invocations.js'
import * as msg from './messages.js'
import { decodeFrame, decodeValue, TELEMETRY_PREFIXES, type InboundMessage } from './protocol.js'
import { TriggerRegistry } from './trigger-registry.js'
import {
  handleRegisterTrigger, handleRegisterTriggerType, handleRegistrationResult, handleUnregisterTrigger, releaseTriggersOf,
} from './trigger-routing.js'

export class Engine implements EngineTables {
  readonly functions = new FunctionRegistry()
  readonly invocations = new PendingInvocations()
  readonly triggers = new TriggerRegistry()
  readonly workers = new Map<string, WorkerConnection>()

  constructor(
    readonly log: Logger,
    readonly strict: boolean,
    private readonly record?: FrameRecorder,
  ) {}

  attach(socket: FrameSocket, ipAddress: string | undefined): WorkerConnection {
    const conn = new WorkerConnection(socket, ipAddress, this.log, this.record)
    this.workers.set(conn.id, conn)
    this.log.info({ worker_id: conn.id, ip_address: ipAddress }, msg.LOG_WORKER_CONNECTED)
    conn.send({ type: 'workerregistered', worker_id: conn.id, reattach_token: conn.reattachToken })
    return conn
  }

  receive(conn: WorkerConnection, data: RawData, isBinary: boolean): void {
    if (!conn.open) return
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)
    if (isBinary && TELEMETRY_PREFIXES.includes(buffer.subarray(0, 4).toString('latin1'))) return
    this.receiveText(conn, buffer.toString('utf8'), buffer.length)
  }

  /** A text frame from a worker. */
  private receiveText(conn: WorkerConnection, text: string, bytes: number): void {
    if (!conn.open) return
    this.record?.('in', conn.id, text)
    const decoded = decodeFrame(text, { strict: this.strict })
    if ('error' in decoded) {
      this.log.warn({ worker_id: conn.id, error: decoded.error, bytes }, msg.LOG_FRAME_DROPPED)
      return
    }
    this.dispatch(conn, decoded.message)
  }

  /**
   * A frame from a worker in this process (local-socket.ts), as the value it would have parsed to:
   * decoded and routed as a text frame is, without writing and parsing the text (no wire, so no
   * frame size or nesting depth to bound).
   */
  receiveValue(conn: WorkerConnection, frame: object): void {
    if (!conn.open) return
    if (this.record !== undefined) this.record('in', conn.id, JSON.stringify(frame))
    const decoded = decodeValue(frame, { strict: this.strict })
    if ('error' in decoded) {
      this.log.warn({ worker_id: conn.id, error: decoded.error }, msg.LOG_FRAME_DROPPED)
      return
    }
    this.dispatch(conn, decoded.message)
  }

  private dispatch(conn: WorkerConnection, m: InboundMessage): void {
    switch (m.type) {
      case 'registerfunction': return this.registerFunction(conn, m)
      case 'unregisterfunction': this.functions.unregister(m.id, conn); return
      case 'registertriggertype': return handleRegisterTriggerType(this, conn, m)
      case 'registertrigger': return handleRegisterTrigger(this, conn, m)
      case 'unregistertrigger': return handleUnregisterTrigger(this, m)
      case 'triggerregistrationresult': return handleRegistrationResult(this, conn, m)
      case 'invokefunction': return handleInvoke(this, conn, m)
      case 'invocationresult': return handleResult(this, m)
      case 'reattach': return this.reattach(conn, m.previous_worker_id, m.reattach_token)
      case 'ping': conn.send({ type: 'pong' }); return
      default: return
    }
  }

  private registerFunction(conn: WorkerConnection, m: InboundMessage & { type: 'registerfunction' }): void {
    const { id, description, request_format, response_format, metadata } = m
    const previous = this.functions.registerWorker(id, conn, { description, request_format, response_format, metadata })
    if (previous === 'builtin') this.log.warn({ worker_id: conn.id, function_id: id }, msg.LOG_BUILTIN_PROTECTED)
    else if (previous !== undefined) {
      this.log.warn({ worker_id: conn.id, previous_worker_id: previous.id, function_id: id }, msg.LOG_FUNCTION_OVERWRITTEN)
    }
  }

  private reattach(conn: WorkerConnection, previousId: string, token: string | undefined): void {
    const previous = this.workers.get(previousId)
    if (previous === undefined || previous === conn) return
    if (token !== previous.reattachToken) {
      this.log.warn({ worker_id: conn.id, previous_worker_id: previousId }, msg.LOG_REATTACH_REJECTED)
      return
    }
    this.log.info({ worker_id: conn.id, previous_worker_id: previousId }, msg.LOG_WORKER_REATTACHED)
    previous.terminate()
    this.detach(previous)
  }

  /** Spec §5: everything the worker owned or took part in goes, at once. Idempotent. */
  detach(conn: WorkerConnection): void {
    if (!this.workers.delete(conn.id)) return
    conn.open = false
    this.functions.removeOwnedBy(conn)
    for (const p of this.invocations.takeInvolving(conn)) {
      if (p.callee !== conn) continue
      const stopped = { ok: false as const, error: { code: msg.INVOCATION_STOPPED, message: msg.INVOCATION_STOPPED_MESSAGE } }
      deliver(this, p.caller, p.id, p.functionId, stopped)
    }
    releaseTriggersOf(this, conn)
    this.log.info({ worker_id: conn.id, worker_name: conn.metadata.name }, msg.LOG_WORKER_DISCONNECTED)
  }

  call(functionId: string, data: unknown, options?: InternalCallOptions): Promise<unknown> {
    return callInternal(this, functionId, data, options)
  }
}
