/**
 * A folder's listing with what each entry is as readdir typed it (symlinks not followed), kept in
 * one character per entry: the fs index keeps a listing of every folder it walks, and a `stat` of an
 * entry that is no symlink finds exactly that type, so the listing answers `isFile`/`isDirectory`
 * of its entries without a `stat` (and without keeping one) per entry.
 */
import type { Dirent } from 'node:fs'

/** Whether `stat` (following symlinks) finds a regular file, a folder, or neither. */
export interface PathType {
  isFile: boolean
  isDirectory: boolean
}

const FILE = 'f'
const FOLDER = 'd'
const LINK = 'l'
const OTHER = 'o'

const TYPES: Readonly<Record<string, PathType>> = {
  [FILE]: { isFile: true, isDirectory: false },
  [FOLDER]: { isFile: false, isDirectory: true },
  [OTHER]: { isFile: false, isDirectory: false },
}

/** Lists up to this long are searched in place; a longer one gets a name index on first look-up. */
const SCANNED_MAX = 32

/** The character `kinds` holds for a readdir entry. */
export function kindOf(entry: Dirent<string | Buffer>): string {
  return entry.isSymbolicLink() ? LINK : entry.isFile() ? FILE : entry.isDirectory() ? FOLDER : OTHER
}

export class TypedList {
  private index: Map<string, number> | undefined
  /** Set once a look-up of one of its entries succeeded: the folder can be searched (watched-view.ts). */
  searchable = false

  constructor(
    /** The UTF-8 names in the folder (other names are skipped, as the glob crate skips them). */
    readonly names: string[],
    /** One character per name, in `names` order: f file, d folder, l symlink, o anything else. */
    private readonly kinds: string,
  ) {}

  has(name: string): boolean {
    return this.indexOf(name) !== -1
  }

  /** Whether `name` is listed and is no symlink (what `stat` finds there is the entry itself). */
  isPlain(name: string): boolean {
    const at = this.indexOf(name)
    return at !== -1 && this.kinds[at] !== LINK
  }

  /** What `stat` finds at `name` when it is listed and no symlink; undefined otherwise. */
  plainType(name: string): PathType | undefined {
    const at = this.indexOf(name)
    return at === -1 ? undefined : TYPES[this.kinds[at]!]
  }

  private indexOf(name: string): number {
    if (this.names.length <= SCANNED_MAX) return this.names.indexOf(name)
    this.index ??= new Map(this.names.map((n, i) => [n, i]))
    return this.index.get(name) ?? -1
  }
}
