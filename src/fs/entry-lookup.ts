/**
 * When the listing of a folder may stand for a look-up (`lstat`, `stat`) of one of its entries
 * (watched-view.ts): the path names one entry the listing can hold, and the folder can be searched.
 */
import { accessSync } from 'node:fs'
import { lstat } from 'node:fs/promises'

/** Linux's PATH_MAX: a longer path fails every look-up (ENAMETOOLONG) though its folder lists fine. */
const PATH_MAX = 4096
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Whether `name`, the last part of `path`, is listed under that very string when it is there: one
 * entry (not '', '.' or '..'), valid UTF-16 (a lone surrogate reaches the disk as U+FFFD and is listed
 * as such), and `path` short enough to be looked up at all.
 */
export function nameListedAs(path: string, name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !LONE_SURROGATE.test(name) && Buffer.byteLength(path) < PATH_MAX
}

// access() checks with the real ids, lstat() with the effective ones: access (no Stats made) only when they agree.
const SAME_IDS = process.getuid?.() === process.geteuid?.() && process.getgid?.() === process.getegid?.()

/** Whether a look-up of `path` succeeds (its folder can be searched and it is there). */
export async function lookUp(path: string): Promise<boolean> {
  try {
    // E19.2: one per folder listing a walk meets; the call itself is a microsecond where the thread
    // pool's round trip cost some 20 µs of the main thread.
    if (SAME_IDS) accessSync(path)
    else await lstat(path)
    return true
  } catch {
    return false
  }
}
