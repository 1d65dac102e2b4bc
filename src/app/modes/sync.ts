/**
 * `iii-skills sync --to DIR … [--watch] [--dry-run]` (E21): the catalogue (the fs sources loaded
 * with the worker's own loader, no engine; or, with `--url`, a running engine's, through the worker's
 * functions) written into the folders agents read. Once: one pass, exit 0, or 1 when a folder
 * failed. With `--watch`: a pass per change until stopped (E21.4). A usage error is exit 2.
 */
import { existsSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { Writable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import { CatalogueView, DEFAULT_CONFIG, IN_VIEW_FUNCTION, viewNamed, errorText, type LoadedConfig, messages as msg, staticPrefix } from '../../core/index.js'
import { bearerHeaders, readAuthToken } from '../../http/index.js'
import { engineCatalogue, fsCatalogue, summaryLine, syncPass, Temporaries, watchSync, type Catalogue, type PassReport, type SkillFilter, type SyncOptions } from '../../sync/index.js'
import { SYNC_USAGE_EXIT, type SyncCliOptions } from '../cli.js'
import { defaultConfig, loadConfigFile } from '../config-file.js'
import type { Logger } from '../logger.js'
import { standardRoots, withRoots } from '../zero-config-roots.js'

export { parseSyncCli } from '../cli.js'

/** How often a watch looks again when no change event came (E21.4: DIR follows within 2 s). */
const WATCH_POLL_MS = 500
const REMOTE_CALL_TIMEOUT_MS = 30_000
const PROBE_TIMEOUT_MS = 5000
const SYNC_WORKER_NAME = 'iii-skills-sync'
const CHANGE_FUNCTION_PREFIX = 'skills::sync::changes::'

export interface SyncIo {
  out: Writable
  err: Writable
}

export interface RunningSync {
  /** Resolves with the exit code once the run is over (a watch: once stopped). */
  ended: Promise<number>
  /** Ends a watch (or a pass) at its next file, leaving no temporary folder. */
  stop(): Promise<void>
}

export async function startSync(options: SyncCliOptions, io: SyncIo, log: Logger, cwd = process.cwd(), home = process.env.HOME ?? ''): Promise<RunningSync> {
  const targets = options.to.map((dir) => resolve(cwd, dir))
  const usageError = (text: string): RunningSync => {
    io.err.write(`error: ${text}\n`)
    return { ended: Promise.resolve(SYNC_USAGE_EXIT), stop: async () => undefined }
  }
  let catalogue: Catalogue
  let only: SkillFilter | undefined
  // With --url the engine's worker applies the view (it holds the views); here, the config's.
  if (options.url !== undefined) catalogue = await remoteCatalogue(options.url, options.view)
  else {
    const loaded = localSources(options, log, cwd, home)
    const inside = targetInsideRoot(targets, sourceRoots(loaded))
    if (inside !== undefined) return usageError(inside)
    if (options.view !== undefined) {
      const definition = viewNamed(loaded.config.views, options.view)
      if (definition === undefined) return usageError(msg.unknownViewNamed(options.view, Object.keys(loaded.config.views ?? {})))
      const view = new CatalogueView(options.view, definition)
      only = (id) => view.hasSkill(id)
    }
    catalogue = fsCatalogue(loaded.config, loaded.baseDir, log, options.watch)
  }
  const sync: SyncOptions = { targets, dryRun: options.dryRun, ...(only === undefined ? {} : { only }) }
  const print = (pass: PassReport, always: boolean) => {
    for (const line of pass.err) io.err.write(`${line}\n`)
    for (const line of pass.out) io.out.write(`${line}\n`)
    if (always || pass.written + pass.removed + pass.failed > 0) io.out.write(`${summaryLine(pass, options.dryRun)}\n`)
  }
  if (!options.watch) return once(catalogue, sync, print, io)
  // A watch reports each pass's failures and goes on; a stop ends it with exit 0 (E21.4, E18.5).
  io.err.write(`${msg.syncWatching(targets.length)}\n`)
  const watching = watchSync(catalogue, sync, WATCH_POLL_MS, (pass, first) => print(pass, first), (error) => io.err.write(`${msg.syncCatalogueFailed(error)}\n`))
  const ended = watching.ended.then(() => catalogue.close()).then(() => 0)
  return { ended, stop: () => watching.stop() }
}

function once(catalogue: Catalogue, sync: SyncOptions, print: (pass: PassReport, always: boolean) => void, io: SyncIo): RunningSync {
  let stopped = false
  const temps = new Temporaries()
  const ended = syncPass(catalogue, sync, { temps, stopped: () => stopped }).then((pass) => {
    print(pass, true)
    return pass.failed > 0 ? 1 : 0
  }, (error: unknown) => {
    if (!stopped) io.err.write(`${msg.syncCatalogueFailed(errorText(error))}\n`)
    return stopped ? 0 : 1
  }).finally(async () => {
    await temps.removeAll()
    await catalogue.close()
  })
  return {
    ended,
    async stop() {
      stopped = true
      await ended
    },
  }
}

/** `--config`, `--skills-dir`, else the zero-config roots (E5.5), as the worker reads them. */
function localSources(options: SyncCliOptions, log: Logger, cwd: string, home: string): LoadedConfig {
  const noConfig = !options.configSet && !existsSync(resolve(cwd, options.config))
  const { loaded } = noConfig ? { loaded: defaultConfig() } : loadConfigFile(resolve(cwd, options.config), log)
  if (options.skillsDirs.length > 0) return withRoots(loaded, options.skillsDirs.map((dir) => resolve(cwd, dir)))
  if (!noConfig) return loaded
  return withRoots(loaded, standardRoots(cwd, home).filter(isDirectory))
}

/** Every folder the sources read below: each `--skills-dir` or standard root, each glob's static prefix. */
function sourceRoots({ config, baseDir }: LoadedConfig): string[] {
  return [...(config.skill_roots ?? []), ...config.skills.map((glob) => resolve(baseDir, staticPrefix(glob)))]
}

/** E21.1: a `--to` inside a source root would make sync read its own output. */
function targetInsideRoot(targets: readonly string[], roots: readonly string[]): string | undefined {
  for (const target of targets) {
    const real = realPath(target)
    for (const root of roots) {
      const realRoot = realPath(root)
      if (real === realRoot || real.startsWith(`${realRoot}/`)) return msg.syncToInsideRoot(target, root)
    }
  }
  return undefined
}

/** The path with symlinks resolved as far as it exists. */
function realPath(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    // Not there (yet): its parent's real path, and its own name.
    const parent = dirname(path)
    return parent === path ? path : join(realPath(parent), basename(path))
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    // Missing or unreadable: not a root.
    return false
  }
}

/**
 * The engine at `url` (E21.1): its catalogue through the worker's functions, its change events for
 * watch; with `view`, every call through `skills::in-view` (E20).
 */
async function remoteCatalogue(url: string, view: string | undefined): Promise<Catalogue> {
  const { registerWorker } = await import('iii-sdk')
  const iii = registerWorker(url, { workerName: SYNC_WORKER_NAME, otel: { enabled: false }, enableMetricsReporting: false, ...bearerHeaders(readAuthToken(undefined)) })
  const call = (functionId: string, payload: unknown, timeoutMs: number) => iii.trigger<unknown, unknown>(view === undefined
    ? { function_id: functionId, payload, timeoutMs }
    : { function_id: IN_VIEW_FUNCTION, payload: { view, function_id: functionId, payload }, timeoutMs })
  const invoke = (functionId: string, payload: unknown) => call(functionId, payload, REMOTE_CALL_TIMEOUT_MS)
  // An engine that is not there, has no skills worker or no such view is said at once rather than after a call's timeout.
  try {
    await call('skills::list', {}, PROBE_TIMEOUT_MS)
  } catch (error) {
    await iii.shutdown()
    throw new Error(msg.syncEngineUnreachable(url, errorText(error)))
  }
  const listeners = new Set<() => void>()
  let bound = false
  const bind = () => {
    if (bound) return
    bound = true
    // Register, unregister and file edits (skills::on-change), direct state writes (the state trigger).
    // Under the hard floor (D2), so no MCP front lists it as a tool; unique per process.
    const functionId = `${CHANGE_FUNCTION_PREFIX}${randomUUID()}`
    iii.registerFunction(functionId, async () => {
      for (const listener of listeners) listener()
      return null
    }, { description: 'Internal: tells iii-skills sync --watch that skills may have changed.', metadata: { internal: true } })
    iii.registerTrigger({ type: 'skills::on-change', function_id: functionId, config: {} })
    iii.registerTrigger({ type: 'state', function_id: functionId, config: { scope: DEFAULT_CONFIG.scopes.skills } })
  }
  return engineCatalogue(invoke, (listener) => {
    bind()
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, () => iii.shutdown())
}
