/**
 * The iii:// resolver (§2): the index, a skill (state first, then the filesystem), or a section
 * backed by a function; with `#anchor`, one section of any of them (E7.3). Returns text and mime type; every failure is a SkillsError with the spec text.
 */
import { SkillsError, check, errorText, isAlwaysHidden, validateId, composeIndex, renderBullets, renderIndexError, MemoKey, memoize, memoizePair, PairKey, messages as msg, normalizeFunctionOutput, sectionText, splitAnchor, parseUri, skillNotFoundMessage } from '../core/index.js'
import { invokeBounded } from './bounded-invoke.js'
import type { Deps } from './deps.js'
import { readSkillSources } from './skill-sources.js'
import { lookupSkill } from './skill-lookup.js'

const INDEX_PAGE = new PairKey<string>('index page')
const STATE_BULLETS = new MemoKey<string>('state index bullets')

interface Resolved {
  text: string
  mimeType: 'text/markdown' | 'application/json'
}

/** `uri`, or with `#anchor` only that section of it (E7.3). */
export async function resolveUri(uri: string, deps: Deps): Promise<Resolved> {
  const { base, anchor } = splitAnchor(uri)
  const resolved = await resolveWhole(base, deps)
  return anchor === undefined ? resolved : { ...resolved, text: sectionText(resolved.text, anchor, base) }
}

async function resolveWhole(uri: string, deps: Deps): Promise<Resolved> {
  const parsed = parseUri(uri)
  switch (parsed.kind) {
    case 'index':
      return { text: await renderIndexPage(deps), mimeType: 'text/markdown' }
    case 'skill':
      return { text: await readSkill(parsed.id, deps), mimeType: 'text/markdown' }
    case 'section':
      return readSection(parsed.functionId, deps)
  }
}

async function renderIndexPage(deps: Deps): Promise<string> {
  let sources
  try {
    sources = await readSkillSources(deps)
  } catch (error) {
    return renderIndexError(errorText(error))
  }
  // While the registry cache serves the same summaries and the fs index the same snapshot, the page
  // is rendered once, not once per read. Fs skills carry their bullet from loading.
  const { state, fs, snapshot } = sources
  return memoizePair(state, snapshot, INDEX_PAGE, () =>
    composeIndex(memoize(state, STATE_BULLETS, () => renderBullets(state)), renderBullets(fs)))
}

async function readSkill(id: string, deps: Deps): Promise<string> {
  if (validateId(id) !== undefined) throw new SkillsError(skillNotFoundMessage(id))
  const found = await lookupSkill(id, deps)
  if (found === undefined) throw new SkillsError(skillNotFoundMessage(id))
  return 'row' in found ? found.row.skill : deps.fs.reads.body(found.file.path, found.file.bytes)
}

async function readSection(functionId: string, deps: Deps): Promise<Resolved> {
  check(isAlwaysHidden(functionId) ? msg.sectionHidden(functionId) : undefined)
  let output: unknown
  try {
    output = await invokeBounded(deps, functionId, {})
  } catch (error) {
    throw new SkillsError(msg.triggerFailed(functionId, errorText(error)))
  }
  return normalizeFunctionOutput(output)
}
