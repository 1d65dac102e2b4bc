/**
 * A live full-profile MCP front for notification tests: the embedded engine, the skills worker on
 * it (fs sources in a temp folder), the change feed on its own iii client, the HTTP endpoint, and an
 * SDK client to call functions with. Always the embedded engine: the suites count notifications,
 * which other writers on a shared engine would add to.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { registerWorker, type IIIClient } from 'iii-sdk'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { engineBackend } from '../../src/app/modes/embedded.js'
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/embedded/index.js'
import { CHANGE_FEED_PREFIX } from '../../src/mcp/change-feed.js'
import { createMcpFront, startMcpHttp, type McpFront, type McpHttpServer } from '../../src/mcp/index.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'
import { pollUntil } from '../support/poll.js'
import { SDK_OPTIONS } from '../support/sdk-client.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'
import { silentLogger } from '../support/silent-logger.js'

export const FS_SKILLS = 'fs-skills'
export const FS_PROMPTS = 'fs-prompts'

export interface LiveFront {
  engine: EmbeddedEngine
  http: McpHttpServer
  front: McpFront
  root: string
  caller: IIIClient
  call<T = unknown>(functionId: string, payload: unknown): Promise<T>
  /** Deletes every skills and prompts row straight through state::delete. */
  wipe(): Promise<void>
  close(): Promise<void>
}

export async function startLiveFront(): Promise<LiveFront> {
  const root = await makeTempDir()
  await mkdir(join(root, FS_SKILLS), { recursive: true })
  await mkdir(join(root, FS_PROMPTS), { recursive: true })
  const engine = await startEmbeddedEngine({ port: 0 })
  const worker: RunningWorker = await startSkillsWorker({
    url: engine.url,
    loaded: { config: { ...DEFAULT_CONFIG, skills: [`${FS_SKILLS}/**/*.md`], prompts: [`${FS_PROMPTS}/*.md`] }, baseDir: root },
    log: silentLogger(),
    sdk: SDK_OPTIONS,
  })
  const feed = registerWorker(engine.url, SDK_OPTIONS)
  const caller = registerWorker(engine.url, SDK_OPTIONS)
  const backend = engineBackend(engine)
  const front = createMcpFront({
    backend,
    profile: 'full',
    log: silentLogger(),
    serverVersion: '0.0.0',
    feed: { iii: feed, scopes: DEFAULT_CONFIG.scopes },
  })
  const http = await startMcpHttp({ port: 0, backend, changes: front.hub })
  const call = <T>(functionId: string, payload: unknown) => caller.trigger<unknown, T>({ function_id: functionId, payload, timeoutMs: 5000 })
  await pollUntil(() => call('skills::list', {}), { timeoutMs: 10_000, what: 'the skills worker' })
  await feedBound(engine)
  return {
    engine,
    http,
    front,
    root,
    caller,
    call,
    wipe: async () => {
      for (const [scope, key] of [['skills', 'id'], ['prompts', 'name']] as const) {
        const rows = await call<Array<Record<string, unknown>>>('state::list', { scope })
        for (const row of rows) await call('state::delete', { scope, key: row[key] })
      }
    },
    close: async () => {
      await http.close()
      front.close()
      await caller.shutdown()
      await feed.shutdown()
      await worker.shutdown()
      await engine.close()
      await removeTempDir(root)
    },
  }
}

/** Resolves once the feed's five bindings are live (the on-change ones handed to the skills worker). */
async function feedBound(engine: EmbeddedEngine): Promise<void> {
  await pollUntil(
    async () => {
      const listing = (await engine.invoke('engine::functions::list', { include_internal: true, prefix: CHANGE_FEED_PREFIX })) as {
        functions: Array<{ function_id: string }>
      }
      const ids = listing.functions.map((fn) => fn.function_id)
      const info = (await engine.invoke('engine::functions::info', { function_ids: ids })) as {
        functions: Array<{ registered_triggers?: unknown[] }>
      }
      const live = info.functions.reduce((sum, fn) => sum + (fn.registered_triggers?.length ?? 0), 0)
      if (live < 5) throw new Error(`${live} of 5 change-feed bindings live`)
    },
    { timeoutMs: 10_000, what: 'the change feed bindings' },
  )
}
