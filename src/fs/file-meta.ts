/**
 * Size and mtime of an fs skill/prompt file for `skills::list` / `prompts::list` (§1.5, §1.12):
 * the whole file's size (frontmatter included) and the mtime as a D9 timestamp; `0` and `""` when
 * the file cannot be stat'ed (it may have vanished since the scan).
 */
import type { Stats } from 'node:fs'
import { formatTimestamp } from '../core/index.js'
import { statPath, type StatResult } from './fs-view.js'

export interface FileMeta {
  bytes: number
  registeredAt: string
}

export async function fileMeta(path: string): Promise<FileMeta> {
  return metaOf(await statPath(path))
}

export function metaOf(info: StatResult): FileMeta {
  if ('error' in info) return { bytes: 0, registeredAt: '' }
  return { bytes: info.size, registeredAt: formatTimestamp(info.mtime) }
}

/** `metaOf` a plain (not bigint) `fs.Stats`, whose mtime is the one PathInfo recomputes (fs-view.ts). */
export function metaOfStats(stats: Stats): FileMeta {
  return { bytes: stats.size, registeredAt: formatTimestamp(stats.mtime) }
}
