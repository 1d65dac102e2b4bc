/**
 * The skills worker on an iii engine (§9): connect, register the two on-change trigger types and the
 * 13 functions in upstream order (then the extensions' functions), bind the registry cache to the state trigger, scan the filesystem
 * sources once, and hand back a shutdown hook.
 * The SDK connects in the background and replays every registration after a reconnect, so nothing
 * here waits for the engine.
 */
import type { IIIClient, InitOptions } from 'iii-sdk'
import type { Logger } from 'pino'
import { performance } from 'node:perf_hooks'
import { cacheConfig, fsLimits, type LoadedConfig, type SkillsConfig, LOG } from '../core/index.js'
import { decodeLargeResultsInSlices, CachedStateStore, sdkConnectionId, clientFor, StateStore, Subscribers } from '../engine/index.js'
import { registerRpcEndpoint, bootFsScan, forwardFsChanges, prepareFirstListing, type Deps, type DefinedFunction, DEFINITIONS, EXTENSION_DEFINITIONS, EXTENSION_FUNCTIONS, TRIGGER_TYPES, skillsInView } from '../functions/index.js'
import { FsSources } from '../fs/index.js'
import { parseInput } from '../schemas/index.js'

/*
 * iii-sdk 0.22.1 deep-copies and JSON-serialises every invocation's input and result for span events
 * before it checks whether any span records them. With OpenTelemetry off nothing does, and at 10,000
 * skills that copy was ~6 ms of a 21 ms `skills::list`. So when OTel is off the worker sets the SDK's
 * own switch, `III_DISABLE_TRACE_PAYLOADS`, unless the operator has set it either way.
 */
export const TRACE_PAYLOADS_SWITCH = 'III_DISABLE_TRACE_PAYLOADS'

/** The SDK's reading of OTEL_ENABLED: on unless false, 0, no or off (any case). */
export function otelEnabled(explicit: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (explicit !== undefined) return explicit
  const value = env.OTEL_ENABLED?.toLowerCase()
  return value === undefined || !['false', '0', 'no', 'off'].includes(value)
}

/** Turns the SDK's payload capture off when no span can record it; true when it did. */
export function skipUnrecordedTracePayloads(otel: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (otel || env[TRACE_PAYLOADS_SWITCH] !== undefined) return false
  env[TRACE_PAYLOADS_SWITCH] = '1'
  return true
}

interface StartWorkerOptions {
  url: string
  loaded: LoadedConfig
  log: Logger
  /** Extra SDK options (tests turn OTel off). */
  sdk?: InitOptions
  /** How a client reaches the engine; default the iii SDK over `url` (the embedded modes link in process). */
  open?: OpenClient
  /**
   * E19.3: the first scan of the fs sources starts once this settles (stdio: once the MCP front serves,
   * so the front's start does not share the thread with a walk of a large tree). A call that needs the
   * catalogue before then starts it itself (fs/sources.ts builds on demand).
   */
  scanAfter?: Promise<unknown>
}

/** A client of the engine named `workerName`; `sdk` options apply to iii-sdk clients only. */
export type OpenClient = (workerName: string, sdk?: InitOptions) => IIIClient

/** iii-sdk clients over `url`; the SDK (and its OpenTelemetry) is loaded only when one is made. */
async function sdkClients(url: string, sdk: InitOptions | undefined): Promise<OpenClient> {
  const { registerWorker } = await import('iii-sdk')
  return (workerName, extra) => registerWorker(url, { workerName, ...sdk, ...extra })
}

export interface RunningWorker {
  iii: IIIClient
  deps: Deps<FsSources>
  shutdown(): Promise<void>
}

export async function startSkillsWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const { config, baseDir } = options.loaded
  const log = options.log
  skipUnrecordedTracePayloads(otelEnabled(options.sdk?.otel?.enabled))
  const open = options.open ?? (await sdkClients(options.url, options.sdk))
  const iii = open('skills')
  // Whole-scope reads (`state::list`: 20 MB at 10,000 skills) travel on a connection of their own, so
  // no call to this worker waits behind one on the socket (E8.3); the reader registers nothing.
  const reader = open(STATE_READER_NAME, { enableMetricsReporting: false })
  decodeLargeResultsInSlices(reader)
  const state = stateStore(iii, reader, config, log)
  const deps: Deps<FsSources> = {
    config,
    state,
    fs: new FsSources(config, baseDir, log, { index: fsIndexEnabled(config), limits: fsLimits(config) }),
    notify: {
      skills: new Subscribers('skills::on-change', iii, log),
      prompts: new Subscribers('prompts::on-change', iii, log),
    },
    log,
    now: () => new Date(),
    invoke: (functionId, payload) => clientFor<IIIClient>(functionId, iii, reader).trigger({ function_id: functionId, payload, timeoutMs: config.state_timeout_ms }),
    search: {},
  }
  for (const subscribers of [deps.notify.skills, deps.notify.prompts]) registerOnChangeType(iii, subscribers, log)
  registerFunctions(iii, deps, DEFINITIONS)
  registerFunctions(iii, deps, EXTENSION_DEFINITIONS)
  registerFunctions(iii, deps, [skillsInView])
  registerRpcEndpoint(iii, deps)
  if (state instanceof CachedStateStore) state.bind()
  log.info(LOG.functionsRegistered)
  log.info({ functions: EXTENSION_FUNCTIONS.map((fn) => fn.id) }, LOG.extensionsRegistered)
  forwardFsChanges(deps)
  const scan = () => {
    deps.fs.start()
    void bootFsScan(deps, baseDir, log).catch((error: unknown) => log.warn({ error: String(error) }, LOG.fsShadowScanFailed))
    // Best effort: a listing that fails here fails again, with its error, for the call that asks.
    void prepareFirstListing(deps).catch(() => undefined)
  }
  if (options.scanAfter === undefined) scan()
  else void options.scanAfter.then(scan, scan)
  log.info(LOG.ready)
  return {
    iii,
    deps,
    shutdown: async () => {
      deps.fs.close()
      // One after the other: the SDK's shutdown tears down process-wide telemetry, which two at once race on.
      await iii.shutdown()
      await reader.shutdown()
    },
  }
}

// `cache: {enabled: false}` (E3) turns the fs index off too: every call then reads the disk.
function fsIndexEnabled(config: SkillsConfig): boolean {
  return cacheConfig(config).enabled
}

/** The registry cache (E3) unless the config turns it off; then every call reads state, as upstream. */
function stateStore(iii: IIIClient, reader: IIIClient, config: SkillsConfig, log: Logger): StateStore {
  const cache = cacheConfig(config)
  if (!cache.enabled) {
    log.info(LOG.registryCacheDisabled)
    return new StateStore(iii, config.state_timeout_ms, reader)
  }
  log.info({ max_staleness_ms: cache.max_staleness_ms }, LOG.registryCacheConfigured)
  return new CachedStateStore(iii, config.state_timeout_ms, [config.scopes.skills, config.scopes.prompts], log,
    () => sdkConnectionId(iii), { maxStalenessMs: cache.max_staleness_ms, now: () => performance.now() }, reader)
}

/** The engine lists the reader connection as a worker of this name. */
export const STATE_READER_NAME = 'skills-state-reader'

function registerOnChangeType(iii: IIIClient, subscribers: Subscribers, log: Logger): void {
  const type = TRIGGER_TYPES.find((t) => t.id === subscribers.triggerType)
  if (type === undefined) throw new Error(`unknown trigger type ${subscribers.triggerType}`)
  iii.registerTriggerType({ id: type.id, description: type.description }, {
    registerTrigger: async ({ id, function_id }) => subscribers.add(id, function_id),
    unregisterTrigger: async ({ id }) => subscribers.remove(id),
  })
  log.info({ trigger_type: type.id }, LOG.triggerTypeRegistered)
}

function registerFunctions(iii: IIIClient, deps: Deps, definitions: readonly DefinedFunction[]): void {
  for (const { spec: fn, handle } of definitions) {
    iii.registerFunction(fn.id, async (data: unknown) => handle(parseInput(fn.input, data), deps), {
      description: fn.description,
      request_format: fn.request_format,
      response_format: fn.response_format,
      metadata: fn.metadata,
    })
  }
}
