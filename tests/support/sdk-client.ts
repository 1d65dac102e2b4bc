/**
 * A plain iii-sdk client for end-to-end tests: a worker of its own that calls the skills functions
 * through the engine like any other worker would, with telemetry off and a per-call timeout.
 */
import { registerWorker, type IIIClient } from 'iii-sdk'
import { pollUntil } from './poll.js'

export const SDK_OPTIONS = { otel: { enabled: false }, enableMetricsReporting: false } as const

export interface SdkClient {
  iii: IIIClient
  call<T = unknown>(functionId: string, payload: unknown, timeoutMs?: number): Promise<T>
  close(): Promise<void>
}

/** `headers` go on the WebSocket upgrade (a bearer token for an engine that wants one). */
export function connectSdkClient(url: string, headers?: Record<string, string>): SdkClient {
  const iii = registerWorker(url, { ...SDK_OPTIONS, ...(headers === undefined ? {} : { headers }) })
  return {
    iii,
    call: <T>(functionId: string, payload: unknown, timeoutMs = 5000) =>
      iii.trigger<unknown, T>({ function_id: functionId, payload, timeoutMs }),
    close: () => iii.shutdown(),
  }
}

/** Polls `skills::list` until the skills worker answers through the engine `client` is on. */
export async function waitForSkillsWorker(client: SdkClient, timeoutMs = 20_000): Promise<void> {
  await pollUntil(() => client.call('skills::list', {}, 1000), { timeoutMs, what: 'skills::list to answer' })
}
