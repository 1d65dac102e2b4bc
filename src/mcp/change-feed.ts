/**
 * Where the full profile hears of changes: like any iii worker, it binds functions of its own to
 * the trigger types that report them — `skills::on-change` / `prompts::on-change` (registers,
 * unregisters, and file edits, `origin: "fs"`), the engine's `state` trigger on the skills and
 * prompts scopes (direct state writes, other instances), and `engine::functions-available`
 * (functions that appear or go). Each event only says "look again"; the change hub decides
 * whether anything changed. The functions are `mcp::`-prefixed and `internal`, so no tool list or
 * engine listing shows them; the id is unique per process, so several fronts each hear every event.
 */
import { randomUUID } from 'node:crypto'
import type { IIIClient } from 'iii-sdk'
import type { Logger } from 'pino'
import * as msg from './messages.js'
import { isJsonObject } from '../core/index.js'

export const CHANGE_FEED_PREFIX = 'mcp::changes::'
const DESCRIPTION = 'Internal: tells the MCP front that skills, prompts or functions may have changed.'

interface ChangeSink {
  skillsChanged(ids?: Iterable<string>): void
  promptsChanged(): void
  functionsChanged(): void
}

export interface FeedScopes {
  skills: string
  prompts: string
}

/** Registers the feed's functions and bindings on `iii` (the SDK replays them after a reconnect). */
export function bindChangeFeed(iii: IIIClient, sink: ChangeSink, scopes: FeedScopes, log: Logger): void {
  const base = CHANGE_FEED_PREFIX + randomUUID()
  const register = (name: string, handle: (event: unknown) => void, bindings: Array<{ type: string; config: object }>) => {
    const functionId = `${base}::${name}`
    iii.registerFunction(functionId, async (event: unknown) => {
      handle(event)
      return null
    }, { description: DESCRIPTION, metadata: { internal: true } })
    for (const { type, config } of bindings) iii.registerTrigger({ type, function_id: functionId, config })
  }
  register('skills', (event) => sink.skillsChanged(skillIdsOf(event, log)), [
    { type: 'skills::on-change', config: {} },
    { type: 'state', config: { scope: scopes.skills } },
  ])
  register('prompts', () => sink.promptsChanged(), [
    { type: 'prompts::on-change', config: {} },
    { type: 'state', config: { scope: scopes.prompts } },
  ])
  register('functions', () => sink.functionsChanged(), [{ type: 'engine::functions-available', config: {} }])
  log.info({ function_prefix: base }, msg.LOG.changeFeedBound)
}

/**
 * The skill an event names: `id` of an on-change event, `key` of a state event. Undefined (check
 * every subscribed skill) when it names none.
 */
// {op:"register",id:"a"} => ["a"]; {type:"state",scope:"skills",key:"a/b"} => ["a/b"]; null => undefined
export function skillIdsOf(event: unknown, log?: Logger): string[] | undefined {
  if (isJsonObject(event)) {
    if (typeof event.id === 'string') return [event.id]
    if (typeof event.key === 'string') return [event.key]
  }
  log?.debug({ event }, msg.LOG.changeEventIgnored)
  return undefined
}
