/**
 * Subscribers of one custom trigger type (`skills::on-change` / `prompts::on-change`, §1.15).
 * The engine forwards each binding to us; we keep binding id → function id (a replayed binding with
 * the same id just overwrites) and fan every successful mutation out as fire-and-forget calls.
 */
import type { IIIClient } from 'iii-sdk'
import type { Logger } from 'pino'
import { errorText, LOG } from '../core/index.js'

/** iii-sdk's `TriggerAction.Void()`, written out so the SDK is not loaded for it (E16.2). */
const VOID = { type: 'void' } as const

export class Subscribers {
  private readonly byBindingId = new Map<string, string>()

  constructor(
    readonly triggerType: string,
    private readonly iii: IIIClient,
    private readonly log: Logger,
  ) {}

  add(bindingId: string, functionId: string): void {
    this.byBindingId.set(bindingId, functionId)
    this.log.info({ trigger_type: this.triggerType, id: bindingId, function_id: functionId }, LOG.subscriptionRegistered)
  }

  remove(bindingId: string): void {
    this.byBindingId.delete(bindingId)
    this.log.info({ trigger_type: this.triggerType, id: bindingId }, LOG.subscriptionUnregistered)
  }

  get size(): number {
    return this.byBindingId.size
  }

  /** Never throws: a failing subscriber is logged and skipped, it never fails the mutation. */
  async notify(payload: Record<string, unknown>): Promise<void> {
    for (const functionId of [...this.byBindingId.values()]) {
      try {
        await this.iii.trigger({ function_id: functionId, payload, action: VOID })
      } catch (error) {
        this.log.warn({ function_id: functionId, error: errorText(error) }, LOG.fanOutFailed)
      }
    }
  }
}
