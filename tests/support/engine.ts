/**
 * One engine + one skills worker + one SDK client for tests that talk to the worker over the wire.
 * Uses the engine at III_ENGINE_WS_URL when set (D11), else the embedded engine on a free port.
 * The worker's config dir is a fresh temp root holding the fs fixture folders, so relative globs
 * resolve against it rather than the process working directory.
 * HTTP (the engine's `http` triggers, e.g. POST /skills/rpc) is served at `httpUrl`: a listener on a
 * free port for the embedded engine; for a real engine III_ENGINE_HTTP_URL, else port 3111 of the
 * III_ENGINE_WS_URL host (iii-http's default).
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { parseViews, type ViewDefinition } from '../../src/core/views.js'
import { startEmbeddedEngine, startHttpTriggerListener, type EmbeddedEngine } from '../../src/embedded/index.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'

import { SDK_OPTIONS } from './sdk-client.js'
import { silentLogger } from './silent-logger.js'

export const SKILLS_DIR = 'fs-skills'
export const PROMPTS_DIR = 'fs-prompts'
const PROBE_ATTEMPTS = 20
const PROBE_INTERVAL_MS = 250

export interface TestEnvironmentOptions {
  /** Skill globs relative to the temp root; default `fs-skills/**\/*.md`. */
  skillsGlobs?: string[]
  /** Prompt globs relative to the temp root; default `fs-prompts/**\/*.md`. */
  promptsGlobs?: string[]
  /** config.yaml's `views:` (E20), checked as the config loader checks them; default none. */
  views?: unknown
}

export interface TestEnvironment {
  url: string
  /** Base URL of the engine's HTTP triggers, no trailing slash: `${httpUrl}/skills/rpc`. */
  httpUrl: string
  client: IIIClient
  /** The worker's config dir (glob base); differs from `process.cwd()`. */
  tempRoot: string
  /** True when the engine is the embedded one this process started. */
  embedded: boolean
  call<T = unknown>(functionId: string, payload: unknown, timeoutMs?: number): Promise<T>
  /** Deletes every row of the `skills` and `prompts` scopes straight through `state::*` (no notifications). */
  wipeScopes(): Promise<void>
  /**
   * Empties the temp root and recreates the `fs-skills/` and `fs-prompts/` folders, then waits until
   * the worker has announced the removals (fs on-change events), so a subscriber bound afterwards
   * never hears of them.
   */
  wipeFsDirs(): Promise<void>
  /** Resolves once the worker's fs index has announced every file change made so far. */
  fsSettled(): Promise<void>
  close(): Promise<void>
}

export async function startTestEnvironment(options: TestEnvironmentOptions = {}): Promise<TestEnvironment> {
  const external = process.env.III_ENGINE_WS_URL
  const engine: EmbeddedEngine | undefined = external ? undefined : await startEmbeddedEngine({ port: 0 })
  const url = external ?? engine!.url
  const http = engine === undefined ? undefined : await startHttpTriggerListener({
    host: '127.0.0.1', port: 0, handler: engine.httpTriggers, log: silentLogger(),
  })
  const httpUrl = http?.url ?? externalHttpUrl(external as string)
  const tempRoot = await mkdtemp(join(tmpdir(), 'skills-bdd-'))
  await createFsDirs(tempRoot)
  const worker: RunningWorker = await startSkillsWorker({
    url,
    loaded: {
      config: {
        ...DEFAULT_CONFIG,
        skills: options.skillsGlobs ?? [`${SKILLS_DIR}/**/*.md`],
        prompts: options.promptsGlobs ?? [`${PROMPTS_DIR}/**/*.md`],
        ...(options.views === undefined ? {} : { views: viewsOf(options.views) }),
      },
      baseDir: tempRoot,
    },
    log: silentLogger(),
    sdk: SDK_OPTIONS,
  })
  const client = registerWorker(url, SDK_OPTIONS)
  const call = <T>(functionId: string, payload: unknown, timeoutMs = 5000): Promise<T> =>
    client.trigger<unknown, T>({ function_id: functionId, payload, timeoutMs })
  const close = async (): Promise<void> => {
    const results = await closeInOrder([
      () => client.shutdown(),
      () => worker.shutdown(),
      async () => http?.close(),
      async () => engine?.close(),
      () => rm(tempRoot, { recursive: true, force: true }),
    ])
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failure) throw failure.reason
  }
  try {
    await waitUntilReady(call)
  } catch (error) {
    await close()
    throw error
  }
  return {
    url,
    httpUrl,
    client,
    tempRoot,
    embedded: engine !== undefined,
    call,
    wipeScopes: () => wipeScopes(call),
    wipeFsDirs: async () => {
      await wipeFsDirs(tempRoot)
      await worker.deps.fs.settled()
    },
    fsSettled: () => worker.deps.fs.settled(),
    close,
  }
}

// ws://engine:49134 => http://engine:3111, unless III_ENGINE_HTTP_URL says otherwise
function externalHttpUrl(wsUrl: string): string {
  const configured = process.env.III_ENGINE_HTTP_URL
  if (configured) return configured.replace(/\/+$/, '')
  const { hostname } = new URL(wsUrl)
  return `http://${hostname}:3111`
}

/** Runs every step even when an earlier one fails, so one bad close never leaks the rest. */
async function closeInOrder(steps: Array<() => Promise<unknown>>): Promise<PromiseSettledResult<unknown>[]> {
  const results: PromiseSettledResult<unknown>[] = []
  for (const step of steps) {
    try {
      results.push({ status: 'fulfilled', value: await step() })
    } catch (reason) {
      results.push({ status: 'rejected', reason })
    }
  }
  return results
}

type Call = <T>(functionId: string, payload: unknown, timeoutMs?: number) => Promise<T>

/** Upstream's probe: up to 20 attempts, 250 ms apart, until the worker answers. */
async function waitUntilReady(call: Call): Promise<void> {
  let lastError: unknown
  for (let attempt = 0; attempt < PROBE_ATTEMPTS; attempt++) {
    try {
      await call('skills::list', {}, 1000)
      return
    } catch (error) {
      lastError = error
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS))
    }
  }
  throw new Error(`skills worker never answered skills::list: ${String(lastError)}`)
}

async function wipeScopes(call: Call): Promise<void> {
  for (const [scope, key] of [['skills', 'id'], ['prompts', 'name']] as const) {
    const rows = await call<unknown>('state::list', { scope })
    for (const row of Array.isArray(rows) ? rows : []) {
      const value = (row as Record<string, unknown> | null)?.[key]
      if (typeof value === 'string') await call('state::delete', { scope, key: value })
    }
  }
}

async function wipeFsDirs(tempRoot: string): Promise<void> {
  for (const entry of await readdir(tempRoot)) await rm(join(tempRoot, entry), { recursive: true, force: true })
  await createFsDirs(tempRoot)
}

async function createFsDirs(tempRoot: string): Promise<void> {
  await mkdir(join(tempRoot, SKILLS_DIR), { recursive: true })
  await mkdir(join(tempRoot, PROMPTS_DIR), { recursive: true })
}

function viewsOf(raw: unknown): Record<string, ViewDefinition> {
  const views = parseViews(raw)
  if (!views.ok) throw new Error(views.error)
  return views.value
}
