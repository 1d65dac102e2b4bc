/**
 * `expand_prompt_globs` (§6.4): every matched file must carry YAML frontmatter with a non-empty
 * `description`; the name is the frontmatter `name` or else the last segment of the derived id.
 * Checks run in upstream order and the first failure is the skip reason. Sorted by name.
 */
import { splitFrontmatter } from '../core/frontmatter.js'
import { samePath } from '../core/glob-ids.js'
import { validateName } from '../core/ids.js'
import * as msg from '../core/messages.js'
import { trim } from '../core/text.js'
import type { Logger } from '../logger.js'
import { globMatches, type GlobMatch } from './glob-matches.js'
import { parsePromptFrontmatter } from './prompt-frontmatter.js'
import { MAX_FS_FILE_BYTES, readTextFile } from './read-text.js'
import type { FsPrompt, FsSkip } from './types.js'

export type { FsPrompt, FsSkip }

type Loaded = { prompt: FsPrompt } | { reason: string }

export async function expandPromptGlobs(
  patterns: readonly string[],
  baseDir: string,
  log: Logger,
): Promise<{ prompts: FsPrompt[]; skipped: FsSkip[] }> {
  const byName = new Map<string, FsPrompt>()
  const skipped: FsSkip[] = []
  const skip = (path: string, reason: string) => skipped.push({ kind: 'prompt', path, reason })
  for (const pattern of patterns) {
    const result = await globMatches(pattern, baseDir, log)
    if ('error' in result) {
      skip(pattern, result.error)
      continue
    }
    for (const match of result.matches) {
      const loaded = await loadPrompt(match)
      if ('reason' in loaded) {
        skip(match.path, loaded.reason)
        continue
      }
      const { name } = loaded.prompt
      const first = byName.get(name)
      if (first === undefined) byName.set(name, loaded.prompt)
      else if (!samePath(first.path, match.path)) skip(match.path, msg.fsDuplicateName(name, first.path))
    }
  }
  const prompts = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return { prompts, skipped }
}

async function loadPrompt({ id, path }: GlobMatch): Promise<Loaded> {
  const read = await readTextFile(path)
  if (!read.ok) {
    const error = read.tooLarge ? msg.ioFileTooLarge(read.size, MAX_FS_FILE_BYTES) : read.error
    return { reason: msg.fsPromptReadFailed(error) }
  }
  const { frontmatter } = splitFrontmatter(read.text)
  if (frontmatter === undefined) return { reason: msg.FS_PROMPT_NO_FRONTMATTER }
  const decoded = parsePromptFrontmatter(frontmatter)
  if ('error' in decoded) return { reason: msg.fsPromptYaml(decoded.error) }
  const fields = decoded.frontmatter
  // prompts/sub/foo.md => "foo" unless the frontmatter names it
  const declared = trim(fields.name ?? '')
  const name = declared !== '' ? declared : (id.split('/').at(-1) as string)
  const invalid = validateName(name)
  if (invalid !== undefined) return { reason: msg.fsPromptInvalidName(name, invalid) }
  const description = trim(fields.description ?? '')
  if (description === '') return { reason: msg.FS_PROMPT_NO_DESCRIPTION }
  return { prompt: { name, description, path } }
}
