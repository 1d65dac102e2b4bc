/**
 * `read_body` (§6.6): the body of an fs skill or prompt, read fresh on every call, frontmatter
 * stripped, returned untrimmed. Empty means nothing but `\n` once the frontmatter is gone.
 */
import { SkillsError, splitFrontmatter, utf8Length, type FsLimits, messages as msg, failed, ok, type Result } from '../core/index.js'
import { readKnownText } from './read-known.js'
import { readTextFile } from './read-text.js'

/** `knownSize`: the size the fs index has for the file just now, which spares a `stat` (read-known.ts). */
export async function readBody(path: string, limits: FsLimits, knownSize?: number): Promise<string> {
  const read = knownSize === undefined ? await readTextFile(path, limits.textFileBytes) : await readKnownText(path, knownSize, limits.textFileBytes)
  if (!read.ok) {
    throw new SkillsError(read.tooLarge ? msg.fileTooLarge(path, read.size, limits.skillBodyBytes) : msg.readFailed(path, read.error))
  }
  const served = bodyOfFileText(path, read.text, limits)
  if (!served.ok) throw new SkillsError(served.error)
  return served.value
}

/** The body `readBody` serves from a file's text, or the error it fails with. */
export function bodyOfFileText(path: string, text: string, limits: FsLimits): Result<string> {
  const { body } = splitFrontmatter(text)
  if (/^\n*$/.test(body)) return failed(msg.fileEmptyBody(path))
  const len = utf8Length(body)
  if (len > limits.skillBodyBytes) return failed(msg.fileTooLarge(path, len, limits.skillBodyBytes))
  return ok(body)
}
