/**
 * `skill::fetch` with `max_tokens` (E7.4): the joined text cut at its last block boundary within
 * the budget, then one line saying how much is left and how to read on: the URI and anchor of the
 * first heading after the cut (or the URI alone when none follows), and, for a skill, the
 * `skill::read_skill_file` cursor of its SKILL.md at the cut.
 */
import { cutWithin, protocolName, fetchSection, SECTION_SEPARATOR, moreTokens, headings, encodePageCursor, SKILL_FILE, tokenizer, splitAnchor, parseUri } from '../core/index.js'
import type { Deps } from './deps.js'
import { resolveProtocolSkill, skillMdText } from './discovery-entries.js'

/** What the budget line may add to `max_tokens` (E7.4); a longer line (long URIs) shortens the text instead. */
const BUDGET_LINE_TOKENS = 60

export async function withinBudget(joined: string, uris: string[], texts: string[], max: number, deps: Deps): Promise<string> {
  const tok = await tokenizer()
  if ((await tok.count(joined)) <= max) return joined
  const first = await cutAt(joined, await cutWithin(joined, 0, max, tok), uris, texts, deps)
  const over = (await tok.count(first.line)) - BUDGET_LINE_TOKENS
  const { cut, line } = over <= 0 ? first : await cutAt(joined, await cutWithin(joined, 0, Math.max(0, max - over), tok), uris, texts, deps)
  return `${joined.slice(0, cut)}${line}`
}

async function cutAt(joined: string, cut: number, uris: string[], texts: string[], deps: Deps): Promise<{ cut: number; line: string }> {
  const tok = await tokenizer()
  const rest = await tok.count(joined.slice(cut))
  const where = locate(cut, uris, texts)
  const next = headings(where.text).find((h) => h.start >= where.offset)
  const { base, anchor } = splitAnchor(where.uri)
  const target = next === undefined ? where.uri : `${base}#${next.anchor}`
  const cursor = anchor === undefined ? await skillCursor(base, where.raw, where.offset, deps) : undefined
  return { cut, line: moreTokens(rest, target, cursor) }
}

/** Which fetched URI the cut falls in, and where in that URI's text (a cut in a section's own `# uri` header counts as its start). */
/** `text` is the URI's text as served (`raw`) less the trailing whitespace fetch trims. */
function locate(cut: number, uris: string[], texts: string[]): { uri: string; raw: string; text: string; offset: number } {
  let start = 0
  for (const [i, uri] of uris.entries()) {
    const section = fetchSection(uri, texts[i] as string)
    const header = fetchSection(uri, '').length
    const text = section.slice(header)
    const end = start + section.length
    if (cut <= end || i === uris.length - 1) {
      return { uri, raw: texts[i] as string, text, offset: Math.max(0, Math.min(text.length, cut - start - header)) }
    }
    start = end + SECTION_SEPARATOR.length
  }
  return { uri: uris[0] as string, raw: texts[0] as string, text: texts[0] as string, offset: 0 }
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
    // Only a hint: the cut answer stands without a cursor when the skill cannot be resolved again.
    return undefined
  }
}
