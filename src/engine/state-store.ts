/**
 * The engine's `state::*` functions seen through one scope-aware object. Every call carries the
 * configured `state_timeout_ms`; errors are left as the SDK raised them so handlers can propagate them
 * unchanged (§1 general rules). `list` normalises the result shapes upstream tolerated. Whole-scope
 * reads may go through a client of their own (`reader`): see worker.ts.
 */
import type { IIIClient } from 'iii-sdk'
import { SkillsError, jsonBytesOver, MAX_PAYLOAD_BYTES, requestTooLarge, extractStateEntries } from '../core/index.js'

/** Which client carries a call: whole-scope reads go on the reader connection (worker.ts). */
export function clientFor<C>(functionId: string, own: C, reader: C): C {
  return functionId === 'state::list' ? reader : own
}

export class StateStore {
  constructor(
    protected readonly iii: IIIClient,
    protected readonly timeoutMs: number,
    /** Where `state::list` is sent; the worker's own client unless given. */
    private readonly reader: Pick<IIIClient, 'trigger'> = iii,
  ) {}

  async set(scope: string, key: string, value: unknown): Promise<unknown> {
    return this.call('state::set', { scope, key, value })
  }

  /** The stored value, or undefined when the key is missing (the engine omits `result`). */
  async get(scope: string, key: string): Promise<unknown> {
    return this.call('state::get', { scope, key })
  }

  /** The removed value, or undefined/null when nothing was stored under the key. */
  async delete(scope: string, key: string): Promise<unknown> {
    return this.call('state::delete', { scope, key })
  }

  async list(scope: string): Promise<unknown[]> {
    return extractStateEntries(await this.call('state::list', { scope }))
  }

  /**
   * `project(rows)` of the scope's rows, named `key`. The caching store (registry-cache.ts) keeps
   * the projection instead of the rows, so only what the listings need stays in memory.
   */
  async view<T>(scope: string, _key: string, project: (values: unknown[]) => T | Promise<T>): Promise<T> {
    return project(await this.list(scope))
  }

  /** A request over the engine's frame limit would get the worker disconnected, so it fails here. */
  private async call(functionId: string, payload: Record<string, unknown>): Promise<unknown> {
    const bytes = jsonBytesOver(payload, MAX_PAYLOAD_BYTES)
    if (bytes !== undefined) throw new SkillsError(requestTooLarge(functionId, bytes, MAX_PAYLOAD_BYTES))
    return clientFor<Pick<IIIClient, 'trigger'>>(functionId, this.iii, this.reader).trigger({ function_id: functionId, payload, timeoutMs: this.timeoutMs })
  }
}
