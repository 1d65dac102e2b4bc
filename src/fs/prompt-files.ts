/**
 * `expand_prompt_globs` (§6.4): every matched file must carry YAML frontmatter with a non-empty
 * `description`; the name is the frontmatter `name` or else the last segment of the derived id.
 * Checks run in upstream order and the first failure is the skip reason. Sorted by name.
 */
import { splitFrontmatter, validateName, messages as msg, failed, ok, trim, decodeFrontmatter, type FrontmatterFields } from '../core/index.js'
import type { Logger } from 'pino'
import { directView, type FsView } from './fs-view.js'
import { expandUnique, type Loaded } from './expand-unique.js'
import type { GlobMatch } from './glob-matches.js'
import { readTextFile } from './read-text.js'
import type { FsPrompt, FsSkip } from './types.js'

/* An fs prompt's frontmatter (§6.4 step 3), decoded by the one frontmatter parser. */
export { MAX_FRONTMATTER_BYTES, MAX_NESTING } from '../core/index.js'
export type PromptFrontmatter = FrontmatterFields

export function parsePromptFrontmatter(text: string): { frontmatter: PromptFrontmatter } | { error: string } {
  return decodeFrontmatter(text, 'struct PromptFrontmatter')
}

export type { FsPrompt, FsSkip }

export async function expandPromptGlobs(
  patterns: readonly string[],
  baseDir: string,
  log: Logger,
  view: FsView = directView,
): Promise<{ prompts: FsPrompt[]; skipped: FsSkip[] }> {
  const { entries, skipped } = await expandUnique<FsPrompt>(patterns, baseDir, log, {
    kind: 'prompt',
    load: loadPrompt,
    keyOf: (prompt) => prompt.name,
    duplicate: msg.fsDuplicateName,
  }, view)
  return { prompts: entries, skipped }
}

async function loadPrompt({ id, path }: GlobMatch, view: FsView): Promise<Loaded<FsPrompt>> {
  const read = await readTextFile(path, view.limits.textFileBytes)
  if (!read.ok) {
    const error = read.tooLarge ? msg.ioFileTooLarge(read.size, view.limits.textFileBytes) : read.error
    return failed(msg.fsReadFailed(error))
  }
  const { frontmatter } = splitFrontmatter(read.text)
  if (frontmatter === undefined) return failed(msg.FS_NO_FRONTMATTER)
  const decoded = parsePromptFrontmatter(frontmatter)
  if ('error' in decoded) return failed(msg.fsFrontmatterYaml(decoded.error))
  const fields = decoded.frontmatter
  // prompts/sub/foo.md => "foo" unless the frontmatter names it
  const declared = trim(fields.name ?? '')
  const name = declared !== '' ? declared : (id.split('/').at(-1) as string)
  const invalid = validateName(name)
  if (invalid !== undefined) return failed(msg.fsPromptInvalidName(name, invalid))
  const description = trim(fields.description ?? '')
  if (description === '') return failed(msg.FS_NO_DESCRIPTION)
  return ok({ name, description, path })
}
