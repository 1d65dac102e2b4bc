/**
 * The `--manifest` document (§8): what the iii registry shows for this worker. Printed before config
 * is loaded or the engine is contacted. `version` is read from package.json at runtime, so the one
 * version number lives there (found from src/ under tsx and from dist/src/ once built).
 */
import { DEFAULT_CONFIG, III_URI_PREFIX } from '../core/index.js'
import { packageVersion } from '../fs/index.js'

const WORKER_NAME = 'skills'
const WORKER_DESCRIPTION =
  `Agentic content registry worker. Hosts skills + prompts + the ${III_URI_PREFIX} resource resolver that the mcp worker ` +
  'serves to harnesses.'

/** The worker is platform-independent JavaScript: every platform the registry page names. */
const SUPPORTED_TARGETS = [
  'aarch64-apple-darwin',
  'x86_64-apple-darwin',
  'aarch64-unknown-linux-gnu',
  'armv7-unknown-linux-gnueabihf',
  'x86_64-unknown-linux-gnu',
  'aarch64-pc-windows-msvc',
  'x86_64-pc-windows-msvc',
  'i686-pc-windows-msvc',
] as const

interface Manifest {
  name: string
  version: string
  description: string
  default_config: Record<string, unknown>
  supported_targets: string[]
}

export function buildManifest(): Manifest {
  return {
    name: WORKER_NAME,
    version: packageVersion(),
    description: WORKER_DESCRIPTION,
    default_config: sortKeys(DEFAULT_CONFIG) as Record<string, unknown>,
    supported_targets: [...SUPPORTED_TARGETS],
  }
}

/** serde_json's pretty printer: 2-space indent, then the newline `println!` adds. */
export function renderManifest(): string {
  return JSON.stringify(buildManifest(), null, 2) + '\n'
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (typeof value !== 'object' || value === null) return value
  const keys = Object.keys(value).sort()
  return Object.fromEntries(keys.map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]))
}
