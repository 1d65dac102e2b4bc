/**
 * What the fs index keeps of a file's content instead of the content: a digest, to tell an edit
 * from a touch (an fs change event is sent only when the content changed), and for skills what the
 * index bullet shows. Read once per change of the file; the body itself is read again at call time.
 */
import { createHash } from 'node:crypto'
import { indexLine } from '../core/index-page.js'
import { bodyOfRead } from './read-body.js'
import { readTextFile } from './read-text.js'

export interface ContentFacts {
  /** sha1 of the text, or of the read error when the file cannot be read as text. */
  digest: string
  /** The body's H1 title; undefined when it has none or the body cannot be served. */
  title: string | undefined
  /** The body's first paragraph, as the index cuts it. */
  description: string | undefined
}

export async function readContentFacts(path: string): Promise<ContentFacts> {
  const read = await readTextFile(path)
  const digest = read.ok ? sha1(read.text) : `E${read.tooLarge ? read.size : read.error}`
  let body: string | undefined
  try {
    body = bodyOfRead(path, read)
  } catch {
    body = undefined
  }
  const { title, description } = indexLine({ id: '', body })
  return { digest, title: detached(title), description: detached(description) }
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('base64')

// V8 keeps a substring as a view of the string it was cut from; a copy lets the body go.
function detached(text: string | undefined): string | undefined {
  return text === undefined ? undefined : ` ${text}`.slice(1)
}
