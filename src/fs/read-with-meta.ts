/**
 * A skill file's text with its size and mtime (E16.2). A regular file up to SYNC_READ_MAX_BYTES is read
 * with synchronous calls from one open (open, fstat, read, close: some 15 µs for a page-cached
 * SKILL.md, where the asynchronous read and stat took six round trips through libuv's thread pool,
 * which at 10,000 skills was most of a start); anything else (an error, a special or a larger file)
 * the asynchronous way, with the same answers. The size and mtime are those of the file read.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { fileMeta, metaOfStats, type FileMeta } from './file-meta.js'
import { decodeText, readTextFile, SYNC_READ_MAX_BYTES, type ReadText } from './read-text.js'


export interface ReadWithMeta {
  read: ReadText
  meta: FileMeta
}

/** `maxBytes`: the text file cap (FsLimits.textFileBytes), as readTextFile takes it. */
export async function readWithMeta(path: string, maxBytes: number): Promise<ReadWithMeta> {
  const small = readSmall(path, maxBytes)
  if (small !== undefined) return small
  const [read, meta] = await Promise.all([readTextFile(path, maxBytes), fileMeta(path)])
  return { read, meta }
}

function readSmall(path: string, maxBytes: number): ReadWithMeta | undefined {
  let fd: number
  try {
    // O_NONBLOCK as in readTextFile: opening a FIFO must not wait for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch {
    return undefined
  }
  try {
    // Not bigint (18 BigInts more garbage a file): the size is exact as a number and the mtime is
    // the one `pathInfo` recomputes from nanoseconds.
    const info = fstatSync(fd)
    if (!info.isFile() || info.size > SYNC_READ_MAX_BYTES) return undefined
    // One byte past the cap, so a file that grew since the stat is still caught.
    const buffer = Buffer.allocUnsafe(Math.min(info.size, maxBytes) + 1)
    let filled = 0
    while (filled < buffer.length) {
      const read = readSync(fd, buffer, filled, buffer.length - filled, filled)
      if (read === 0) break
      filled += read
    }
    if (filled > maxBytes || filled > info.size) return undefined
    return { read: decodeText(buffer.subarray(0, filled)), meta: metaOfStats(info) }
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
}
