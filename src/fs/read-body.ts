/**
 * `read_body` (§6.6): the body of an fs skill or prompt, read fresh on every call, frontmatter
 * stripped, returned untrimmed. Empty means nothing but `\n` once the frontmatter is gone.
 */
import { SkillsError } from '../core/errors.js'
import { splitFrontmatter } from '../core/frontmatter.js'
import { MAX_BODY_BYTES, utf8Length } from '../core/ids.js'
import * as msg from '../core/messages.js'
import { readTextFile, type ReadText } from './read-text.js'

export async function readBody(path: string): Promise<string> {
  return bodyOfRead(path, await readTextFile(path))
}

/** `read_body` of a file already read (the fs index reads each changed file once). */
export function bodyOfRead(path: string, read: ReadText): string {
  if (!read.ok) {
    throw new SkillsError(read.tooLarge ? msg.fileTooLarge(path, read.size) : msg.readFailed(path, read.error))
  }
  const { body } = splitFrontmatter(read.text)
  if (/^\n*$/.test(body)) throw new SkillsError(msg.fileEmptyBody(path))
  const len = utf8Length(body)
  if (len > MAX_BODY_BYTES) throw new SkillsError(msg.fileTooLarge(path, len))
  return body
}
