/**
 * What the fs index keeps of a file's content to tell an edit from a touch: a digest of its text.
 * An fs change event is sent only when an entry's digest changed (fs-changes.ts). Read once per
 * change of the file; the body itself is read again at call time.
 */
import { createHash } from 'node:crypto'
import { readTextFile } from './read-text.js'

/** sha1 of the file's text, or a text standing for why it cannot be read (same reason, same digest). */
export async function fileDigest(path: string): Promise<string> {
  const read = await readTextFile(path)
  if (!read.ok) return read.tooLarge ? `E(too large: ${read.size})` : `E${read.error}`
  return createHash('sha1').update(read.text).digest('base64')
}
