/**
 * `skill::fetch` with `max_tokens` (E7.4): the joined text cut at its last block boundary within
 * the budget, then one line saying how much is left and how to read on: the URI and anchor of the
 * first heading after the cut (or the URI alone when none follows), and, for a skill, the
 * `skill::read_skill_file` cursor of its SKILL.md at the cut.
 */
import { cutWithin } from '../core/budget.js'
import { protocolName } from '../core/discovery.js'
import { fetchSection, SECTION_SEPARATOR } from '../core/envelopes.js'
import { moreTokens } from '../core/messages.js'
import { headings } from '../core/outline.js'
import { encodePageCursor } from '../core/page-cursor.js'
import { SKILL_FILE } from '../core/skill-folder.js'
import { tokenizer } from '../core/tokens.js'
import { parseUri, splitAnchor } from '../core/uri.js'
import type { Deps } from './deps.js'
import { resolveProtocolSkill, skillMdText } from './discovery-entries.js'

export async function withinBudget(joined: string, uris: string[], texts: string[], max: number, deps: Deps): Promise<string> {
  const tok = await tokenizer()
  const cut = cutWithin(joined, 0, max, tok)
  if (cut === joined.length) return joined
  const rest = tok.count(joined.slice(cut))
  const where = locate(cut, uris, texts)
  const next = headings(where.text).find((h) => h.start >= where.offset)
  const { base, anchor } = splitAnchor(where.uri)
  const target = next === undefined ? where.uri : `${base}#${next.anchor}`
  const cursor = anchor === undefined ? await skillCursor(base, where.text, where.offset, deps) : undefined
  return `${joined.slice(0, cut)}${moreTokens(rest, target, cursor)}`
}

/** Which fetched URI the cut falls in, and where in that URI's text (a cut in a section's own `# uri` header counts as its start). */
function locate(cut: number, uris: string[], texts: string[]): { uri: string; text: string; offset: number } {
  let start = 0
  for (const [i, uri] of uris.entries()) {
    const text = texts[i] as string
    const header = fetchSection(uri, text).length - text.length
    const end = start + header + text.length
    if (cut <= end || i === uris.length - 1) return { uri, text, offset: Math.max(0, Math.min(text.length, cut - start - header)) }
    start = end + SECTION_SEPARATOR.length
  }
  return { uri: uris[0] as string, text: texts[0] as string, offset: 0 }
}

/** The read_skill_file cursor of a skill's SKILL.md at `offset` of the body served; undefined for anything else. */
async function skillCursor(uri: string, body: string, offset: number, deps: Deps): Promise<string | undefined> {
  try {
    const parsed = parseUri(uri)
    if (parsed.kind !== 'skill' || offset === 0) return undefined
    const name = protocolName(parsed.id)
    const text = skillMdText(await resolveProtocolSkill(name, undefined, deps))
    if (!text.endsWith(body)) return undefined
    const at = text.length - body.length + offset
    return at > 0 && at < text.length ? encodePageCursor({ name, path: SKILL_FILE, text }, at) : undefined
  } catch {
    return undefined
  }
}
