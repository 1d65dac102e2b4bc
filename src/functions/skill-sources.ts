/**
 * The merged view of state rows and filesystem skills that listings and the index share:
 * state rows sorted by id, then the fs skills no state row shadows (state always wins, §6.7).
 * Listings need only a summary of each state row (id, size, date, title, description, E2 fields), never the
 * body, so the rows are summarised as they arrive and the registry cache
 * (src/engine/registry-cache.ts) keeps the summaries, not 10,000 bodies. Everything derived from
 * one summaries array is memoised on it, and what is derived from the fs index on its snapshot.
 * A content stamp per row (what `skill::search` diffs its index by) costs a SHA-256 per row and
 * refresh, so it is taken only once the worker instance has searched (`stampedSkillSummaries`).
 */
import { contentStamp, detached, discoveryFields, type DiscoveryFields, frontmatterOf, compareUtf8, utf8Length, indexLine, type IndexLine, MemoKey, memoize, memoizePair, PairKey, withoutShadowed, inSlices } from '../core/index.js'
import { isDeepStrictEqual } from 'node:util'
import type { FsSnapshot, FsSkill } from '../fs/index.js'
import type { Deps } from './deps.js'
import { decodeSkillRows, type StoredSkillRow } from './stored-rows.js'

const STATE_IDS = new MemoKey<Set<string>>('state ids')
const UNSHADOWED = new PairKey<FsSkill[]>('fs skills no state row shadows')

/** A decodable state row as the listings see it; shared between calls, never mutate. */
export interface SkillSummary extends IndexLine {
  /** UTF-8 length of the body. */
  bytes: number
  registered_at: string
  /** What the body's frontmatter gives E2 (version, description, tags); undefined when nothing. */
  discovery?: DiscoveryFields
  /**
   * `contentStamp` of the body, once this worker instance searches (`stampedSkillSummaries`): the
   * search index re-reads a row exactly when its stamp changes. Listings pick their fields, never show it.
   */
  stamp?: string
}

interface SkillSources {
  state: SkillSummary[]
  /** The fs skills no state row shadows. */
  fs: FsSkill[]
  /** Every fs skill, as the fs index has them now. */
  snapshot: FsSnapshot
}

/** The state rows, summarised and sorted by id (stable); `state::list` errors propagate. */
export function skillSummaries(deps: Pick<Deps, 'state' | 'config' | 'search'>): Promise<SkillSummary[]> {
  // One view at a time per worker instance, so listings and search share each `state::list`.
  const stamped = deps.search.stamping === true
  const scope = deps.config.scopes.skills
  const key = stamped ? 'skill-summaries+stamps' : 'skill-summaries'
  return deps.state.view(scope, key, async (values) => sameAsLast(deps.state, `${scope}\n${key}`, await summarize(values, stamped)))
}

/** The last summaries of each view, per state store (`deps.state`). */
const LAST_SUMMARIES = new WeakMap<object, Map<string, SkillSummary[]>>()

/**
 * The summaries a view loaded before, when `summaries` equals them (deeply): a refresh of the
 * registry cache's view (every `cache.max_staleness_ms`) that finds nothing changed hands out the same
 * array, so what is memoised on it (the listings of 10,000 entries, settled) is not built again. Only
 * equal content is swapped, so no answer changes; a different one is handed out and kept.
 */
function sameAsLast(store: object, view: string, summaries: SkillSummary[]): SkillSummary[] {
  let views = LAST_SUMMARIES.get(store)
  if (views === undefined) LAST_SUMMARIES.set(store, (views = new Map()))
  const last = views.get(view)
  if (last !== undefined && isDeepStrictEqual(last, summaries)) return last
  views.set(view, summaries)
  return summaries
}

/**
 * `skillSummaries` with a `stamp` on each; from this call on, every summary of this worker
 * instance carries one (the summaries cached before are not served to anyone again).
 */
export function stampedSkillSummaries(deps: Pick<Deps, 'state' | 'config' | 'search'>): Promise<SkillSummary[]> {
  deps.search.stamping = true
  return skillSummaries(deps)
}

/** `state::list` errors propagate; callers that must never fail catch them (§11.5). */
export async function readSkillSources(deps: Deps): Promise<SkillSources> {
  const state = await skillSummaries(deps)
  const snapshot = await deps.fs.snapshot()
  // Once per state view and fs snapshot, not per call (a page of 10,000 skills asks again and again).
  return { state, fs: memoizePair(state, snapshot, UNSHADOWED, () => withoutStateIds(snapshot.skills, state)), snapshot }
}

// [{id: "b", skill: "# B", registered_at: "t"}] => [{id: "b", title: "B", description: undefined, bytes: 3, registered_at: "t"}]
async function summarize(values: unknown[], stamped: boolean): Promise<SkillSummary[]> {
  const rows: StoredSkillRow[] = []
  await inSlices(values, (value) => rows.push(...decodeSkillRows([value])))
  rows.sort((a, b) => compareUtf8(a.id, b.id))
  const summaries: SkillSummary[] = []
  await inSlices(rows, (row) => summaries.push(summaryOf(row, stamped)))
  return summaries
}

function summaryOf(row: StoredSkillRow, stamped: boolean): SkillSummary {
  const { id, title, description } = indexLine({ id: row.id, body: row.skill })
  const summary: SkillSummary = {
    id, title: detached(title), description: detached(description), bytes: utf8Length(row.skill),
    registered_at: row.registered_at, discovery: bodyDiscovery(row.skill),
  }
  if (stamped) summary.stamp = contentStamp(row.skill)
  return summary
}

// Parsed once per row and snapshot; only bodies that open with a frontmatter fence are parsed at all.
function bodyDiscovery(body: string): DiscoveryFields | undefined {
  if (!body.startsWith('---')) return undefined
  const fields = discoveryFields(frontmatterOf(body))
  return Object.keys(fields).length === 0 ? undefined : fields
}

/** The fs skills whose id no state row has. */
export function withoutStateIds<T extends { id: string }>(fs: T[], state: SkillSummary[]): T[] {
  if (fs.length === 0) return fs
  return withoutShadowed(fs, (s) => s.id, memoize(state, STATE_IDS, () => new Set(state.map((s) => s.id))))
}

/** Two lists each sorted by id, merged into one; on equal ids `a` comes first (a stable sort of a + b). */
export function mergeById<T extends { id: string }>(a: T[], b: T[]): T[] {
  if (b.length === 0) return a
  if (a.length === 0) return b
  const out: T[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) out.push(compareUtf8((b[j] as T).id, (a[i] as T).id) < 0 ? (b[j++] as T) : (a[i++] as T))
  while (i < a.length) out.push(a[i++] as T)
  while (j < b.length) out.push(b[j++] as T)
  return out
}
