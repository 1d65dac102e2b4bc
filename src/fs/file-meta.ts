/**
 * Size and mtime of an fs skill/prompt file for `skills::list` / `prompts::list` (§1.5, §1.12):
 * the whole file's size (frontmatter included) and the mtime as a D9 timestamp; `0` and `""` when
 * the file cannot be stat'ed (it may have vanished since the scan).
 */
import { stat } from 'node:fs/promises'
import { formatTimestamp } from '../core/time.js'

export interface FileMeta {
  bytes: number
  registeredAt: string
}

export async function fileMeta(path: string): Promise<FileMeta> {
  try {
    const info = await stat(path)
    return { bytes: info.size, registeredAt: formatTimestamp(info.mtime) }
  } catch {
    return { bytes: 0, registeredAt: '' }
  }
}
