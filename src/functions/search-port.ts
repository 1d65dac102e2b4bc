/**
 * What `skill::search` (search.ts) uses of the worker instance's index (search-index.ts), so that
 * Deps can hold the index without depending on the module that builds it from Deps.
 */
import type { FsSkill } from '../fs/index.js'
import type { SearchBodies } from './search-bodies.js'

/** Where an indexed skill comes from and which version of it is indexed. */
export type Entry = { origin: 'state'; stamp: string } | FsEntry
export type FsEntry = { origin: 'fs'; stamp: string; skill: FsSkill }

/** One match as the index ranks it. */
export interface SearchMatch {
  id: string
  /** Rounded to 4 decimals (core/top-k-search.ts). */
  score: number
  /** The document words that matched (lower case), for the snippet. */
  terms: string[]
}

export interface SearchIndex {
  /** State bodies served lately, for results whose entry has not changed since (search.ts). */
  readonly bodies: SearchBodies
  /** Brings the index up to every change acknowledged before the call. */
  refresh(): Promise<void>
  /** The best `k` matches: by score, highest first, then by id. */
  search(query: string, root: string | undefined, k: number): SearchMatch[]
  entryOf(id: string): Entry | undefined
}
