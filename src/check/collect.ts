/**
 * Reads what the E15.2 rules look at for each `SKILL.md` folder (src/check/skill-facts.ts): the
 * file, its folder's files (core listing of src/fs/skill-tree.ts) with their sizes, and the text of
 * its own text files of at most 1 MiB.
 */
import { readFileSync, statSync } from 'node:fs'
import { isSkillFile, SKILL_FILE, type FsLimits } from '../core/index.js'
import { readTextFile, skillFolderFiles } from '../fs/index.js'
import { skillFacts, type SkillFacts, type SkillFile } from './skill-facts.js'

const SNIFF_BYTES = 8192
const BINARY = /\.(?:png|jpe?g|gif|webp|ico|bmp|tiff?|pdf|zip|gz|tgz|bz2|xz|7z|jar|woff2?|ttf|otf|eot|mp[34]|mov|avi|wav|ogg|flac|pyc|so|dylib|dll|exe|bin|wasm|docx|xlsx|pptx|sqlite|db)$/i

export interface Candidate {
  path: string
  id: string | undefined
}

/** One folder's facts; undefined when its `SKILL.md` cannot be read as text (SK001 says so). */
export async function collectFacts({ path, id }: Candidate, limits: FsLimits): Promise<SkillFacts | undefined> {
  const read = await readTextFile(path, limits.textFileBytes)
  if (!read.ok) return undefined
  const folder = path.slice(0, path.lastIndexOf('/'))
  const listed = await skillFolderFiles(folder)
  const nested = listed.filter((f) => isSkillFile(f) && f !== SKILL_FILE).map((f) => f.slice(0, -SKILL_FILE.length))
  const files: SkillFile[] = listed.map((file) => ({
    path: file,
    bytes: statSync(`${folder}/${file}`, { throwIfNoEntry: false })?.size ?? 0,
    own: !nested.some((prefix) => file.startsWith(prefix)),
  }))
  const texts = new Map<string, string>([[SKILL_FILE, read.text]])
  for (const f of files) {
    if (!f.own || f.path === SKILL_FILE || f.bytes > limits.textFileBytes || BINARY.test(f.path)) continue
    const text = textOf(`${folder}/${f.path}`)
    if (text !== undefined) texts.set(f.path, text)
  }
  return skillFacts(path, id, read.text, files, texts, limits)
}

/**
 * A file's text, or undefined when it looks binary (a NUL byte in its first 8 KiB). Markdown is
 * decoded as UTF-8 (its links are read); any other file byte for byte as Latin-1, which is all the
 * ASCII secret shapes need and half the memory.
 */
function textOf(path: string): string | undefined {
  try {
    const bytes = readFileSync(path)
    return bytes.subarray(0, SNIFF_BYTES).includes(0) ? undefined : bytes.toString(path.endsWith('.md') ? 'utf8' : 'latin1')
  } catch {
    // Unreadable files are reported by the rules that list files; there is no text to check here.
    return undefined
  }
}
