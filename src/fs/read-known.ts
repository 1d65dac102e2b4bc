/**
 * `readTextFile` for a file whose size the fs index has just stat'ed (its stat is dropped the
 * moment the file changes). A file the index knows is small is read synchronously: one open, one
 * read into a buffer of the known size (plus a byte, to see growth), one close, no stat. A few
 * microseconds for a page-cached file of a few KiB, where the promise-based open/stat/read/close
 * costs four round trips through libuv's thread pool (about 0.1–0.3 ms under load) — the bulk of
 * a read of one fs skill. The file is still read at call time, as E3 requires. A file that turns
 * out bigger than known (it changed in the meantime), or one known to be large, is read the careful
 * way (readTextFile), which never blocks the event loop for long.
 */
import { closeSync, constants, openSync, readSync } from 'node:fs'
import { ioErrorText } from './io-error.js'
import { decodeText, readTextFile, SYNC_READ_MAX_BYTES, type ReadText } from './read-text.js'


export async function readKnownText(path: string, knownSize: number, maxBytes: number): Promise<ReadText> {
  if (knownSize > SYNC_READ_MAX_BYTES) return readTextFile(path, maxBytes)
  let fd: number
  try {
    // O_NONBLOCK as in readTextFile: should the file have become a FIFO, opening it must not wait.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (error) {
    return { ok: false, tooLarge: false, error: ioErrorText(error) }
  }
  let bytesRead: number
  const buffer = Buffer.allocUnsafe(knownSize + 1)
  try {
    bytesRead = readSync(fd, buffer, 0, buffer.length, 0)
  } catch (error) {
    return { ok: false, tooLarge: false, error: ioErrorText(error) }
  } finally {
    closeSync(fd)
  }
  if (bytesRead > knownSize) return readTextFile(path, maxBytes)
  return decodeText(buffer.subarray(0, bytesRead))
}
