/**
 * A stand-in for the engine behind the MCP endpoint: records every call, answers from a table of
 * handlers, and fails the way iii-sdk callers see failures (InvocationError, `code: message`).
 */
import { InvocationError } from 'iii-sdk/errors'
import type { FunctionSummary, McpBackend } from '../../src/mcp/index.js'

export interface FakeCall {
  functionId: string
  data: unknown
}

export type Handler = (data: unknown) => unknown

export interface FakeBackend extends McpBackend {
  calls: FakeCall[]
}

export interface FakeBackendOptions {
  functions?: FunctionSummary[]
  handlers?: Record<string, Handler>
  /** Rejections the backend itself produces (shutdown, timeout…), passed to the caller unchanged. */
  failures?: Record<string, unknown>
  listFunctions?: () => Promise<FunctionSummary[]>
}

export function fakeBackend(options: FakeBackendOptions = {}): FakeBackend {
  const calls: FakeCall[] = []
  const handlers = options.handlers ?? {}
  return {
    calls,
    async invoke(functionId, data) {
      calls.push({ functionId, data })
      if (options.failures && Object.hasOwn(options.failures, functionId)) throw options.failures[functionId]
      const handler = Object.hasOwn(handlers, functionId) ? handlers[functionId] : undefined
      if (!handler) throw notFound(functionId)
      try {
        return await handler(data)
      } catch (error) {
        if (error instanceof InvocationError) throw error
        throw invocationFailed(error instanceof Error ? error.message : String(error))
      }
    },
    listFunctions: options.listFunctions ?? (async () => options.functions ?? []),
  }
}

export function notFound(functionId: string): InvocationError {
  return new InvocationError({ code: 'function_not_found', message: `Function ${functionId} not found`, function_id: functionId })
}

export function invocationFailed(message: string): InvocationError {
  return new InvocationError({ code: 'invocation_failed', message })
}
