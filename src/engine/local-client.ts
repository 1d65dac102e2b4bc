/**
 * An iii worker client for a worker in the embedded engine's own process (E16.2: `--stdio` and
 * `--embedded`): the protocol frames the iii SDK sends and answers (registerfunction,
 * registertriggertype, registertrigger, invokefunction, invocationresult, triggerregistrationresult),
 * the same errors (iii-sdk's InvocationError, its codes and texts), but over a link into the engine
 * instead of a WebSocket, and without loading the SDK and the OpenTelemetry it brings (about 30 MiB and
 * 200 ms of a start). It offers the part of the SDK's IIIClient the worker, its state reader and the
 * MCP front's change feed use. Frames cross the link as the values their text would parse to; the
 * engine still decodes, checks and routes every one (protocol §3).
 *
 * `onMessage` and `onInvocationResult` are the SDK's own entry points, by the same names, so
 * large-results.ts decodes large answers in slices here too; `workerId` and `connectionState` are what
 * registry-cache.ts reads of a connection.
 */
import { randomUUID } from 'node:crypto'
import type { IIIClient } from 'iii-sdk'
import { InvocationError } from 'iii-sdk/errors'

/** The engine's side of the link: frames go in with `send`, as values; `close` ends the connection. */
export interface Link {
  send(frame: object): void
  close(): void
}

/** A frame from the engine: its value, or its text. */
type Frame = object | string | Buffer

/** Connects to the engine: `deliver` receives its frames, `closed` runs when it drops the connection. */
export type Connect = (deliver: (frame: Frame) => void, closed: () => void) => Link

type Handler = (input: unknown, metadata?: unknown) => Promise<unknown>

interface TriggerTypeHandler {
  registerTrigger(trigger: { id: string; function_id: string; config?: unknown; metadata?: unknown }): Promise<void>
  unregisterTrigger(trigger: { id: string; function_id: string; config?: unknown; metadata?: unknown }): Promise<void>
}

interface Pending {
  resolve(result: unknown): void
  reject(error: unknown): void
  functionId: string
  timer: NodeJS.Timeout
}

interface TriggerRequest {
  function_id: string
  payload?: unknown
  action?: { type: string }
  timeoutMs?: number
  metadata?: unknown
}

/** The SDK's default invocation timeout. */
const DEFAULT_TIMEOUT_MS = 30_000

export class LocalClient {
  workerId: string | undefined
  connectionState: 'connected' | 'disconnected' = 'connected'
  private readonly functions = new Map<string, Handler>()
  private readonly triggerTypes = new Map<string, TriggerTypeHandler>()
  private readonly invocations = new Map<string, Pending>()
  private readonly link: Link

  constructor(workerName: string, connect: Connect, private readonly invocationTimeoutMs = DEFAULT_TIMEOUT_MS) {
    this.link = connect((frame) => this.onMessage(frame), () => this.disconnected())
    // The SDK's metadata call, so the engine lists the worker by name.
    this.trigger({ function_id: 'engine::workers::register', payload: { runtime: 'node', name: workerName, pid: process.pid, isolation: null }, action: { type: 'void' } })
  }

  /** This client typed as the SDK's, for code written against it (only the methods below exist). */
  asIIIClient(): IIIClient {
    return this as unknown as IIIClient
  }

  registerFunction(id: string, handler: Handler, options: Record<string, unknown> = {}): { id: string; unregister(): void } {
    if (this.functions.has(id)) throw new Error(`function id already registered: ${id}`)
    this.functions.set(id, handler)
    this.send({ ...options, type: 'registerfunction', id })
    return {
      id,
      unregister: () => {
        this.functions.delete(id)
        this.send({ type: 'unregisterfunction', id })
      },
    }
  }

  registerTriggerType(triggerType: { id: string; description?: string }, handler: TriggerTypeHandler): void {
    this.triggerTypes.set(triggerType.id, handler)
    this.send({ type: 'registertriggertype', ...triggerType })
  }

  registerTrigger(trigger: { type: string; function_id: string; config?: unknown; metadata?: unknown }): { unregister(): void } {
    const id = randomUUID()
    const { type, ...rest } = trigger
    this.send({ type: 'registertrigger', ...rest, id, trigger_type: type })
    return { unregister: () => this.send({ type: 'unregistertrigger', id, trigger_type: type }) }
  }

  trigger(request: TriggerRequest): Promise<unknown> {
    const { function_id, payload, action, metadata } = request
    if (action?.type === 'void') {
      this.send({ type: 'invokefunction', function_id, data: payload, action, metadata })
      return Promise.resolve(undefined)
    }
    const invocationId = randomUUID()
    const timeoutMs = request.timeoutMs ?? this.invocationTimeoutMs
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.invocations.delete(invocationId)) return
        reject(new InvocationError({ code: 'TIMEOUT', message: `invocation timed out after ${timeoutMs}ms`, function_id }))
      }, timeoutMs)
      this.invocations.set(invocationId, { resolve, reject, functionId: function_id, timer })
      this.send({ type: 'invokefunction', invocation_id: invocationId, function_id, data: payload, action, metadata })
    })
  }

  async shutdown(): Promise<void> {
    if (this.connectionState === 'disconnected') return
    this.connectionState = 'disconnected'
    for (const pending of this.invocations.values()) {
      clearTimeout(pending.timer)
      pending.reject(new Error('iii is shutting down'))
    }
    this.invocations.clear()
    this.link.close()
  }

  // --- frames from the engine (the SDK's entry points) -------------------------------------------------

  onMessage(frame: Frame): void {
    let message: Record<string, unknown>
    try {
      message = (typeof frame === 'string' || Buffer.isBuffer(frame) ? JSON.parse(typeof frame === 'string' ? frame : frame.toString('utf8')) : frame) as Record<string, unknown>
    } catch (error) {
      console.error('[iii] Failed to parse incoming message', error)
      return
    }
    switch (message.type) {
      case 'invocationresult': return this.onInvocationResult(message.invocation_id as string, message.result, message.error)
      case 'invokefunction': return void this.onInvokeFunction(message)
      case 'registertrigger': return void this.onRegisterTrigger(message)
      case 'unregistertrigger': return void this.onUnregisterTrigger(message)
      case 'triggerregistrationresult': return this.onRegistrationResult(message)
      case 'workerregistered':
        this.workerId = message.worker_id as string
        // As the SDK announces it (on stderr in the stdio modes: app/stdout-guard.ts).
        console.debug('[iii] Worker registered with ID:', this.workerId)
        return
      default: return
    }
  }

  onInvocationResult(invocationId: string, result: unknown, error: unknown): void {
    const pending = this.invocations.get(invocationId)
    if (pending === undefined) return
    this.invocations.delete(invocationId)
    clearTimeout(pending.timer)
    if (error) pending.reject(invocationError(error, pending.functionId))
    else pending.resolve(result)
  }

  private async onInvokeFunction(message: Record<string, unknown>): Promise<void> {
    const invocationId = message.invocation_id as string | undefined
    const functionId = message.function_id as string
    const handler = this.functions.get(functionId)
    if (handler === undefined) {
      if (invocationId !== undefined) this.send({ type: 'invocationresult', invocation_id: invocationId, function_id: functionId, error: { code: 'function_not_found', message: 'Function not found' } })
      return
    }
    try {
      const result = await handler(message.data, message.metadata)
      if (invocationId !== undefined) this.send({ type: 'invocationresult', invocation_id: invocationId, function_id: functionId, result })
    } catch (error) {
      if (invocationId === undefined) {
        console.error(`[iii] Error invoking function ${functionId}`, error)
        return
      }
      const failure = error instanceof Error ? { code: 'invocation_failed', message: error.message, stacktrace: error.stack } : { code: 'invocation_failed', message: String(error) }
      this.send({ type: 'invocationresult', invocation_id: invocationId, function_id: functionId, error: failure })
    }
  }

  private async onRegisterTrigger(message: Record<string, unknown>): Promise<void> {
    const { trigger_type: type, id, function_id, config, metadata } = message as { trigger_type: string; id: string; function_id: string; config?: unknown; metadata?: unknown }
    const handler = this.triggerTypes.get(type)
    const answer = { type: 'triggerregistrationresult', id, trigger_type: type, function_id }
    if (handler === undefined) return this.send({ ...answer, error: { code: 'trigger_type_not_found', message: 'Trigger type not found' } })
    try {
      await handler.registerTrigger({ id, function_id, config, metadata })
      this.send(answer)
    } catch (error) {
      this.send({ ...answer, error: { code: 'trigger_registration_failed', message: (error as Error).message } })
    }
  }

  private async onUnregisterTrigger(message: Record<string, unknown>): Promise<void> {
    const handler = this.triggerTypes.get(message.trigger_type as string)
    if (handler === undefined) return
    const { id, function_id = '', config, metadata } = message as { id: string; function_id?: string; config?: unknown; metadata?: unknown }
    try {
      await handler.unregisterTrigger({ id, function_id, config, metadata })
    } catch (error) {
      console.error(`[iii] Error unregistering trigger ${id}`, error)
    }
  }

  private onRegistrationResult(message: Record<string, unknown>): void {
    const error = message.error as { message?: string } | undefined
    if (error !== undefined) console.error(`[iii] Trigger registration failed for "${String(message.id)}" (${String(message.trigger_type)}): ${error.message}`)
  }

  private disconnected(): void {
    this.connectionState = 'disconnected'
  }

  private send(message: Record<string, unknown>): void {
    if (this.connectionState === 'connected') this.link.send(message)
  }
}

/** The SDK's wrapping of a wire error body (`toInvocationError`). */
function invocationError(error: unknown, functionId: string): Error {
  if (error instanceof Error) return error
  const body = error as { code?: unknown; message?: unknown; stacktrace?: unknown }
  if (typeof body === 'object' && body !== null && typeof body.code === 'string' && typeof body.message === 'string') {
    return new InvocationError({ code: body.code, message: body.message, function_id: functionId, stacktrace: typeof body.stacktrace === 'string' ? body.stacktrace : undefined })
  }
  return new InvocationError({ code: 'UNKNOWN', message: typeof error === 'string' ? error : JSON.stringify(error) ?? String(error), function_id: functionId })
}
