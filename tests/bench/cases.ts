/**
 * Every measured case of `npm run bench`, one line each. A case runs against one registry — the
 * state-registered skills (`state`, sizes 100 → 10,000) or a filesystem tree (`fs`, 1,000 and
 * 10,000 files) — at each size of its ladder (`each`: measured as `id@size`), or once at the
 * smallest or the largest size (measured as `id`). To add a case, add one line here (a case kept in
 * its own file is imported and listed here the same way); run.ts measures it against its floor and
 * `--only` selects it by id.
 */
import { PROMPT_HANDLER } from './floor.js'
import { largeMarkdown } from '../support/large-markdown.js'
import { fsSkillId, skillBody, skillId } from './fixtures.js'

export type Registry = 'state' | 'fs'
export type Invoke = (functionId: string, payload: unknown) => Promise<unknown>

export interface BenchCase {
  id: string
  label: string
  registry: Registry
  at: 'each' | 'smallest' | 'largest'
  functionId: string
  /** The payload for a registry of `size` entries. */
  payload(size: number): unknown
  /** Runs before the case is measured (e.g. registers what it reads). */
  before?(call: Invoke): Promise<unknown>
  /** Runs after it (e.g. removes what it wrote). */
  after?(call: Invoke): Promise<unknown>
}

export const REGISTER_BYTES = 1024

const PROMPT = { name: 'bench-prompt', description: 'A prompt whose handler returns a string.', arguments: [], function_id: PROMPT_HANDLER }
/** E7.5: a skill body over 70 KB (nested and repeated headings, fences), like the largest real skills. */
const LARGE = { id: 'bench-large', skill: largeMarkdown(24).text }
const registerLarge = (call: Invoke) => call('skills::register', LARGE)
const tenUris = (size: number) => Array.from({ length: 10 }, (_, i) => `iii://${skillId(Math.floor((i * size) / 10))}`)

export const CASES: BenchCase[] = [
  { id: 'register', label: 'skills::register (1 KiB body)', registry: 'state', at: 'smallest', functionId: 'skills::register', payload: () => ({ id: 'bench-register', skill: skillBody(0, REGISTER_BYTES) }), after: (call) => call('skills::unregister', { id: 'bench-register' }) },
  { id: 'index', label: 'iii://skills index (resources-read)', registry: 'state', at: 'each', functionId: 'skills::resources-read', payload: () => ({ uri: 'iii://skills' }) },
  { id: 'list', label: 'skills::list', registry: 'state', at: 'each', functionId: 'skills::list', payload: () => ({}) },
  { id: 'resources-list', label: 'skills::resources-list', registry: 'state', at: 'each', functionId: 'skills::resources-list', payload: () => ({}) },
  { id: 'read', label: 'resources-read of a state skill', registry: 'state', at: 'largest', functionId: 'skills::resources-read', payload: (size) => ({ uri: `iii://${skillId(size >> 1)}` }) },
  { id: 'fetch10', label: 'skill::fetch of 10 URIs', registry: 'state', at: 'largest', functionId: 'skill::fetch', payload: (size) => ({ uris: tenUris(size) }) },
  { id: 'outline', label: `skill::outline of a ${Math.round(LARGE.skill.length / 1024)} KB body`, registry: 'state', at: 'largest', functionId: 'skill::outline', payload: () => ({ uri: `iii://${LARGE.id}` }), before: registerLarge },
  { id: 'page', label: 'read_skill_file page of 2,000 tokens', registry: 'state', at: 'largest', functionId: 'skill::read_skill_file', payload: () => ({ name: LARGE.id, path: 'SKILL.md', max_tokens: 2000 }), before: registerLarge },
  { id: 'mcp-get', label: 'prompts::mcp-get (string handler)', registry: 'state', at: 'largest', functionId: 'prompts::mcp-get', payload: () => ({ name: PROMPT.name, arguments: {} }), before: (call) => call('prompts::register', PROMPT) },
  { id: 'fs-index', label: 'iii://skills index over fs skills', registry: 'fs', at: 'each', functionId: 'skills::resources-read', payload: () => ({ uri: 'iii://skills' }) },
  { id: 'fs-list', label: 'skills::list over fs skills', registry: 'fs', at: 'each', functionId: 'skills::list', payload: () => ({}) },
  { id: 'fs-read', label: 'resources-read of an fs skill', registry: 'fs', at: 'each', functionId: 'skills::resources-read', payload: (size) => ({ uri: `iii://${fsSkillId(size >> 1, size)}` }) },
]

export interface PlannedCase {
  /** `id@size` for cases measured at each size, else the case's id. */
  key: string
  size: number
  spec: BenchCase
}

/**
 * The cases to measure once `registry` holds `size` entries, in list order: its `each` cases, its
 * `smallest` ones at the first size of the ladder and its `largest` ones at the last, filtered by
 * `--only` (matched against the key).
 */
export function casesAt(cases: readonly BenchCase[], registry: Registry, size: number, ladder: readonly number[], only?: RegExp): PlannedCase[] {
  return cases
    .filter((c) => c.registry === registry)
    .filter((c) => c.at === 'each' || (c.at === 'smallest' && size === ladder[0]) || (c.at === 'largest' && size === ladder.at(-1)))
    .map((spec) => ({ key: spec.at === 'each' ? `${spec.id}@${size}` : spec.id, size, spec }))
    .filter((c) => only === undefined || only.test(c.key))
}

/** Whether any case of `registry` is selected at any size (a registry with none is not loaded at all). */
export function registryNeeded(cases: readonly BenchCase[], registry: Registry, ladder: readonly number[], only?: RegExp): boolean {
  return ladder.some((size) => casesAt(cases, registry, size, ladder, only).length > 0)
}
