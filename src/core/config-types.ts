/** The worker configuration after loading (spec §7); produced by src/app/config-file.ts. */
import { FS_LIMITS, type FsLimits } from './limits.js'
import type { ViewDefinition } from './views.js'

export interface SkillsConfig {
  scopes: { skills: string; prompts: string }
  state_timeout_ms: number
  /** Glob patterns of filesystem-backed skills, relative to `baseDir` unless absolute. */
  skills: string[]
  /** Glob patterns of filesystem-backed prompts, relative to `baseDir` unless absolute. */
  prompts: string[]
  /**
   * `api_path` of the `http` trigger `skills::rpc` binds (POST); `DEFAULT_RPC_API_PATH` when absent,
   * nothing bound when empty. Optional, so the manifest's `default_config` (§8) stays as upstream's.
   */
  rpc_api_path?: string
  /** The registry cache (E3); absent means the defaults of `DEFAULT_CACHE`. */
  cache?: CacheConfig
  /**
   * Absolute folders whose SKILL.md folders are served after the globs (E5.5: `--skills-dir`, the
   * standard roots); set from the command line, never read from the YAML.
   */
  skill_roots?: string[]
  /** E20.1: the named views, checked and with their defaults; absent when config.yaml defines none. */
  views?: Record<string, ViewDefinition>
}

export interface CacheConfig {
  /** false: no cache at all, every call reads state (upstream's behaviour). */
  enabled: boolean
  /** How old a cached listing may be, at most (0: every listing reads state). */
  max_staleness_ms: number
}

export const DEFAULT_CACHE: CacheConfig = { enabled: true, max_staleness_ms: 1000 }

/** The cache settings in force: the config's, else the defaults. */
export function cacheConfig(config: Pick<SkillsConfig, 'cache'>): CacheConfig {
  return config.cache ?? DEFAULT_CACHE
}

export interface LoadedConfig {
  config: SkillsConfig
  /** Absolute directory the globs are resolved against: the config file's directory, else the CWD. */
  baseDir: string
}

export const DEFAULT_RPC_API_PATH = 'skills/rpc'

export const DEFAULT_CONFIG: SkillsConfig = {
  scopes: { skills: 'skills', prompts: 'prompts' },
  state_timeout_ms: 10_000,
  skills: [],
  prompts: [],
}

/** E22.4: the caps the fs sources, registration and `check` apply under this config: the one place they are read. */
export function fsLimits(_config: Pick<SkillsConfig, 'cache'>): FsLimits {
  return FS_LIMITS
}
