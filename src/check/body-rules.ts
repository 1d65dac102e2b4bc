/**
 * E15.2 body rules of a `SKILL.md`: over 500 lines (SK201) or 5,000 o200k tokens (SK202, counted by
 * the caller); links with
 * Windows path separators (SK204); relative links to no file of the folder (SK301) and `iii://` links
 * to no skill (SK302, once the catalogue is known), by core/broken-links.ts as the catalogue page checks them; and a file SKILL.md
 * links to that links on to a markdown file SKILL.md does not link (SK203, references one level deep). Pure.
 */
import { posix } from 'node:path'
import { brokenLinks, decodedHref, linkTarget, markdownLinks, type MarkdownLink, messages as msg, isSkillFile, SKILL_FILE } from '../core/index.js'
import type { Finding } from './finding.js'
import type { SkillFacts } from './skill-facts.js'

const MAX_BODY_LINES = 500
export const MAX_BODY_TOKENS = 5000

/** The findings of a body, but for its `iii://` links (iiiLinksOf, iiiLinkFindings: they need the whole catalogue). */
export function bodyFindings(facts: SkillFacts): Finding[] {
  const findings: Finding[] = []
  const at = (rule: Finding['rule'], line: number, message: string, path = facts.path): Finding =>
    ({ rule, kind: 'skill', path, line, ...(facts.id === undefined ? {} : { id: facts.id }), message })
  const lines = lineCount(facts.body)
  if (lines > MAX_BODY_LINES) findings.push(at('SK201', facts.bodyLine + MAX_BODY_LINES, msg.checkBodyLines(lines)))
  const files = new Set(facts.files.map((f) => f.path))
  const links = markdownLinks(facts.body)
  const seen = new Set<string>()
  for (const link of links) {
    if (seen.has(link.href)) continue
    seen.add(link.href)
    const line = facts.bodyLine + link.line - 1
    const written = decodedHref(link.href)
    if (isLocal(written) && written.includes('\\')) {
      findings.push(at('SK204', line, msg.checkWindowsPath(written)))
      continue
    }
    if (isIiiLink(link.href)) continue
    for (const broken of brokenLinks([link.href], { skillIds: NO_IDS, files })) {
      findings.push(at('SK301', line, msg.checkBrokenLink(decodedHref(broken.link), broken.reason)))
    }
  }
  findings.push(...deepReferences(facts, links, files).map((d) => at('SK203', d.line, msg.checkDeepReference(d.file, d.target), `${facts.folder}/${d.file}`)))
  return findings
}

const NO_IDS: ReadonlySet<string> = new Set()

/** The `iii://` links of a body, each once, with their lines in the file. */
export function iiiLinksOf(facts: SkillFacts): Array<{ href: string; line: number }> {
  const seen = new Set<string>()
  return markdownLinks(facts.body).flatMap((link) => {
    if (!isIiiLink(link.href) || seen.has(link.href)) return []
    seen.add(link.href)
    return [{ href: link.href, line: facts.bodyLine + link.line - 1 }]
  })
}

/** SK302: the `iii://` links of the `SKILL.md` at `path` that name no skill the catalogue serves. */
export function iiiLinkFindings(path: string, links: ReadonlyArray<{ href: string; line: number }>, skillIds: ReadonlySet<string>): Finding[] {
  return links.flatMap(({ href, line }) => brokenLinks([href], { skillIds, files: undefined })
    .map((broken): Finding => ({ rule: 'SK302', kind: 'skill', path, line, message: msg.checkBrokenLink(decodedHref(broken.link), broken.reason) })))
}

/** SK202 for a body of `tokens` o200k tokens (src/check/token-counts.ts counts them). */
export function tokenFindings(facts: SkillFacts, tokens: number): Finding[] {
  return tokens > MAX_BODY_TOKENS
    ? [{ rule: 'SK202', kind: 'skill', path: facts.path, line: facts.bodyLine, ...(facts.id === undefined ? {} : { id: facts.id }), message: msg.checkBodyTokens(tokens) }]
    : []
}

/** Tokens are never more than UTF-8 bytes: a shorter body cannot be over the limit, so it is not counted. */
export function mayExceedTokens(body: string): boolean {
  return body.length > MAX_BODY_TOKENS / 3 && Buffer.byteLength(body) > MAX_BODY_TOKENS
}

// "a\nb\n" => 2; "a\nb" => 2; "" => 0
function lineCount(text: string): number {
  if (text === '') return 0
  let n = 1
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++
  return text.endsWith('\n') ? n - 1 : n
}

/** A link to a path (not a URL, an anchor or a protocol-relative link). */
const isLocal = (link: string): boolean => linkTarget(link).kind === 'file'
const isIiiLink = (link: string): boolean => ['skill', 'index', 'section'].includes(linkTarget(link).kind)

/** "references/a.md#x" => "references/a.md"; a link leaving the folder or naming no file => undefined. */
function targetOf(link: string, from: string, files: ReadonlySet<string>): string | undefined {
  const written = decodedHref(link)
  if (!isLocal(written) || written.startsWith('/')) return undefined
  const path = posix.normalize(posix.join(posix.dirname(from), written.split(/[?#]/)[0] as string)).replace(/\/$/, '')
  return files.has(path) ? path : undefined
}

function deepReferences(facts: SkillFacts, links: readonly MarkdownLink[], files: ReadonlySet<string>): Array<{ file: string; target: string; line: number }> {
  const direct = new Set(links.flatMap((l) => targetOf(l.href, SKILL_FILE, files) ?? []))
  const found: Array<{ file: string; target: string; line: number }> = []
  for (const file of [...direct].filter((f) => f.endsWith('.md')).sort()) {
    const text = facts.texts.get(file)
    if (text === undefined) continue
    const reported = new Set<string>()
    for (const link of markdownLinks(text)) {
      const target = targetOf(link.href, file, files)
      if (target === undefined || !target.endsWith('.md') || target === file || isSkillFile(target) || direct.has(target) || reported.has(target)) continue
      reported.add(target)
      found.push({ file, target, line: link.line })
    }
  }
  return found
}
