/**
 * What the fs index keeps of a file's content to tell an edit from a touch: a digest of its text.
 * An fs change event is sent only when an entry's digest changed (fs-changes.ts). A skill entry's
 * digest is taken from the very read it was loaded from (so 10,000 skills are not read twice at
 * start); any other is read once per change of the file. The body itself is read again at call time.
 */
import { createHash } from 'node:crypto'
import type { ReadText } from './read-text.js'
import { readWithMeta } from './read-with-meta.js'

const textDigest = (text: string) => createHash('sha1').update(text).digest('base64')

/** sha1 of the file's text, or a text standing for why it cannot be read (same reason, same digest). */
export async function fileDigest(path: string, maxBytes: number): Promise<string> {
  // E16.2: one synchronous open for a small file (read-with-meta.ts), as the expansion reads it.
  return digestOfRead((await readWithMeta(path, maxBytes)).read)
}

function digestOfRead(read: ReadText): string {
  if (!read.ok) return read.tooLarge ? `E(too large: ${read.size})` : `E${read.error}`
  return textDigest(read.text)
}

/** The digest of the text each loaded entry came from, while the entry lives. */
const LOADED = new WeakMap<object, string>()

/** Notes that `entry` was loaded from `text` (what `fileDigest` of its file, read then, gives). */
export function noteLoadedText(entry: object, text: string): void {
  LOADED.set(entry, textDigest(text))
}

export function loadedDigest(entry: object): string | undefined {
  return LOADED.get(entry)
}
