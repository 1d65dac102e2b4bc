/**
 * Reads an fs skill or prompt file as UTF-8 text, refusing anything that is not a regular file or
 * is bigger than MAX_FS_TEXT_FILE_BYTES before reading a byte of it: a FIFO would block forever, and a
 * 1 GiB (possibly sparse) file must not be loaded only to be rejected. The cap leaves room for
 * frontmatter on top of the 256 KiB body limit. Errors are texts in Rust `io::Error` style.
 */
import { constants } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { MAX_SKILL_BODY_BYTES, messages as msg } from '../core/index.js'
import { ioErrorText, ioErrorTextFor } from './io-error.js'


export type ReadText =
  | { ok: true; text: string }
  | { ok: false; tooLarge: false; error: string }
  | { ok: false; tooLarge: true; size: number }

// Like Rust's read_to_string: invalid UTF-8 is an error and a BOM is kept as U+FEFF.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

const failure = (error: string): ReadText => ({ ok: false, tooLarge: false, error })

/**
 * Files up to this size are read with synchronous calls from one open (read-known.ts, read-with-meta.ts,
 * folder-file.ts): a body is at most 256 KiB plus its frontmatter, and such a read blocks for some
 * 15–20 µs where the asynchronous one takes several round trips through libuv's thread pool.
 */
export const SYNC_READ_MAX_BYTES = 2 * MAX_SKILL_BODY_BYTES

export async function readTextFile(path: string, maxBytes: number): Promise<ReadText> {
  let handle: FileHandle
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it changes nothing for regular files.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (error) {
    return failure(ioErrorText(error))
  }
  try {
    return await readOpened(handle, maxBytes)
  } catch (error) {
    return failure(ioErrorText(error))
  } finally {
    await handle.close()
  }
}

/** Reads an already opened file as `readTextFile` does (callers that must check the handle first). */
export async function readOpened(handle: FileHandle, maxBytes: number): Promise<ReadText> {
  const info = await handle.stat()
  if (info.isDirectory()) return failure(ioErrorTextFor('EISDIR'))
  if (!info.isFile()) return failure(msg.IO_NOT_REGULAR_FILE)
  if (info.size > maxBytes) return { ok: false, tooLarge: true, size: info.size }
  // Read one byte past the cap so a file that grew since the stat is still caught.
  const buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1)
  let filled = 0
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  if (filled > maxBytes) return { ok: false, tooLarge: true, size: Math.max(filled, info.size) }
  return decodeText(buffer.subarray(0, filled))
}

/** The bytes as text, or the error Rust's `read_to_string` gives for invalid UTF-8. */
export function decodeText(bytes: Uint8Array): ReadText {
  try {
    return { ok: true, text: UTF8.decode(bytes) }
  } catch {
    // The decoder's only error is invalid UTF-8, reported with Rust's text.
    return failure(msg.IO_INVALID_UTF8)
  }
}
