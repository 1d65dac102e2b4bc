/**
 * Per-scenario state for the cucumber suite. `@engine` scenarios get the shared test environment
 * (engine + skills worker + SDK client, see hooks.ts) and a random id suffix so their state rows
 * never collide with another run on a shared engine. Outcomes live in typed fields, not a stash.
 *
 * Inline step strings use JSON-style escapes (`\n`, `\r`, `\t`, `\\`; cucumber already turns `\"`
 * into `"`), and may name placeholders that `expand` fills in:
 *   <suffix>     the scenario suffix `bdd-<12 hex>`
 *   <id:base>    the scoped id of `base` (`parent/sub` => `parent-bdd-…/sub`)
 *   <root>       the worker's config dir (the temp root holding the fs fixtures)
 *   <var:name>   a value a step recorded; `registered_at` is the one of the last register answer
 */
import { setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber'
import type { IIIClient } from 'iii-sdk'
import type { TestEnvironment } from '../../tests/support/engine.js'
import { handlerErrorText } from '../../tests/support/invocation-error.js'
import { newScenarioSuffix, scopedId } from '../../tests/support/scoped-id.js'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Cleanup = () => unknown

/** What one subscriber bound to an on-change trigger type has received so far. */
export interface Subscriber {
  functionId: string
  events: Json[]
  unbind(): void
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\' }

/** `"a\\nb"` as typed in a feature file => `"a\nb"`. */
export function unescapeInline(text: string): string {
  return text.replace(/\\([nrt\\])/g, (_, c: string) => ESCAPES[c] ?? c)
}

export class SkillsWorld extends World {
  env: TestEnvironment | undefined
  readonly suffix = newScenarioSuffix()
  /** Result of the last `call` that succeeded; `undefined` after a failure. */
  lastResult: unknown
  /** Handler text of the last `call` that failed (`invocation_failed: ` stripped); `undefined` after a success. */
  lastError: string | undefined
  readonly vars = new Map<string, string>()
  readonly subscribers = new Map<string, Subscriber>()
  /** Log lines of the last boot diagnostics run (agent_skills.feature). */
  bootLog: Array<Record<string, unknown>> = []
  /** Names each page of the last `skill::list_skills` walk returned, page by page. */
  walkPages: string[][] = []
  /** Inputs each test-registered function received, `_caller_worker_id` removed. */
  readonly handlerInputs = new Map<string, Json[]>()
  private readonly cleanups: Cleanup[] = []

  constructor(options: IWorldOptions) {
    super(options)
  }

  get engine(): TestEnvironment {
    if (this.env === undefined) throw new Error('no test environment: is the scenario tagged @engine?')
    return this.env
  }

  get client(): IIIClient {
    return this.engine.client
  }

  scopedId(base: string): string {
    return scopedId(base, this.suffix)
  }

  expand(text: string): string {
    return text
      .replaceAll('<suffix>', this.suffix)
      .replaceAll('<root>', this.env?.tempRoot ?? '<root>')
      .replace(/<id:([^>]*)>/g, (_, base: string) => this.scopedId(base))
      .replace(/<var:([^>]*)>/g, (_, name: string) => this.vars.get(name) ?? `<unset var ${name}>`)
  }

  /** `expand` undone: this scenario's suffix and fixture root => `<suffix>`, `<root>` (for goldens). */
  placeholders(text: string): string {
    const rooted = this.env === undefined ? text : text.replaceAll(this.env.tempRoot, '<root>')
    return rooted.replaceAll(this.suffix, '<suffix>')
  }

  /** An inline step string: escapes first, then placeholders. */
  inline(text: string): string {
    return this.expand(unescapeInline(text))
  }

  /** A doc string holding JSON, with placeholders filled in. */
  json(docString: string): Json {
    return JSON.parse(this.expand(docString)) as Json
  }

  async call(functionId: string, payload: unknown): Promise<void> {
    try {
      this.lastResult = await this.engine.call(functionId, payload)
      this.lastError = undefined
      const stamp = (this.lastResult as { registered_at?: unknown } | undefined)?.registered_at
      if (typeof stamp === 'string') this.vars.set('registered_at', stamp)
    } catch (error) {
      this.lastResult = undefined
      this.lastError = handlerErrorText(error)
    }
  }

  /** For seeding steps: the call must succeed. */
  async mustCall(functionId: string, payload: unknown): Promise<unknown> {
    await this.call(functionId, payload)
    if (this.lastError !== undefined) throw new Error(`${functionId} failed: ${this.lastError}`)
    return this.lastResult
  }

  /** Registers a function on the test client for this scenario only; its inputs are recorded. */
  registerFunction(functionId: string, handler: (input: Json) => unknown): void {
    const inputs: Json[] = []
    this.handlerInputs.set(functionId, inputs)
    const ref = this.client.registerFunction(functionId, async (data: unknown) => {
      inputs.push(withoutCaller(data))
      return handler(withoutCaller(data))
    })
    this.cleanups.push(() => ref.unregister())
  }

  /** Binds a fresh observer function to an on-change trigger type and collects what it receives. */
  subscribe(name: string, triggerType: string): Subscriber {
    const functionId = `bdd::observer-${name}-${this.suffix}`
    const events: Json[] = []
    this.registerFunction(functionId, (event) => void events.push(event))
    const trigger = this.client.registerTrigger({ type: triggerType, function_id: functionId, config: {} })
    let bound = true
    const unbind = (): void => {
      if (bound) trigger.unregister()
      bound = false
    }
    this.cleanups.push(unbind)
    const subscriber = { functionId, events, unbind }
    this.subscribers.set(name, subscriber)
    return subscriber
  }

  onCleanup(cleanup: Cleanup): void {
    this.cleanups.push(cleanup)
  }

  async cleanup(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0).reverse()) await cleanup()
  }
}

/** The engine adds `_caller_worker_id` to every object payload routed over a worker socket. */
function withoutCaller(data: unknown): Json {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return (data ?? null) as Json
  const { _caller_worker_id: _, ...rest } = data as Record<string, Json>
  return rest
}

setWorldConstructor(SkillsWorld)
