/**
 * Links in skills, in one place for the catalogue page, `check` and the diagnostics: the links of a
 * markdown text as written (every link and image target in document order, with the 1-based line of
 * the text it sits on; parsed by markdown-it, so a link in a code block or code span is no link),
 * what a link points at (linkTarget), and which links point nowhere (brokenLinks: an `iii://` URI
 * naming no skill, or a relative link to a file the skill's folder does not have or that climbs out
 * of it; the index and `iii://fn/…` sections always count as fine, web links are never followed).
 */
import { posix } from 'node:path'
import { createRequire } from 'node:module'
import type MarkdownItModule from 'markdown-it'
import type { MarkdownIt, MarkdownItOptions, Token } from 'markdown-it'
import { afterIiiPrefix, SECTION_MARKER } from './uri.js'

export interface MarkdownLink {
  /** The target as markdown-it normalises it (percent-encoded: `a%5Cb.md` for `a\b.md`). */
  href: string
  /** 1-based line in the text. */
  line: number
  kind: 'link' | 'image'
}

// Only what decides where a link is: code blocks, code spans, lists (an indented line may be code),
// links and images. Headings, tables, quotes and emphasis only wrap links, so they are left off,
// which halves the parse of a long body.
// markdown-it is loaded on the first text that may hold a link, so a process that never looks at
// links (`--stdio` serving files) never loads it.
let parser: MarkdownIt | undefined
function markdown(): MarkdownIt {
  parser ??= newMarkdownIt({ html: false, linkify: false, typographer: false })
    .disable(['emphasis', 'strikethrough', 'entity', 'html_inline', 'table', 'hr', 'lheading', 'heading', 'blockquote'])
  return parser
}

let markdownItClass: typeof MarkdownItModule | undefined

/**
 * A markdown-it parser, its module loaded on first use (with require, so the callers stay
 * synchronous), the one copy of it the process loads: links here, the page's renderer (ui/).
 */
export function newMarkdownIt(options: MarkdownItOptions): MarkdownIt {
  markdownItClass ??= createRequire(import.meta.url)('markdown-it') as typeof MarkdownItModule
  return new markdownItClass(options)
}
/** Every inline link and image holds "](", every link reference definition "]:". */
const MAY_LINK = /\]\(|\]:/

// "intro\n[a](a.md)\n" => [{ href: "a.md", line: 2, kind: "link" }]
export function markdownLinks(text: string): MarkdownLink[] {
  if (!MAY_LINK.test(text)) return []
  if (REFERENCE_DEFINITION.test(text)) return linksIn(text, 0, [])
  // Fenced code holds no link: only the stretches between fences that may hold one are parsed.
  const links: MarkdownLink[] = []
  const lines = text.split('\n')
  let start = 0
  let fence: string | undefined
  const stretch = (end: number) => {
    const part = lines.slice(start, end).join('\n')
    if (MAY_LINK.test(part)) linksIn(part, start, links)
  }
  for (const [i, line] of lines.entries()) {
    if (fence === undefined) {
      const open = FENCE.exec(line)
      if (open === null || (open[1]?.startsWith('`') === true && line.slice(open[0].length).includes('`'))) continue
      stretch(i)
      fence = open[1]
    } else if (isClosingFence(line, fence)) {
      fence = undefined
      start = i + 1
    }
  }
  if (fence === undefined) stretch(lines.length)
  return links
}

// A fence opens with 3+ backticks or tildes indented at most 3 spaces (a backtick fence's info
// string holds no backtick), and closes with at least as many of the same, nothing else on the line.
const FENCE = /^ {0,3}(`{3,}|~{3,})/
const isClosingFence = (line: string, fence: string) => {
  const closing = /^ {0,3}(`{3,}|~{3,})[ \t\r]*$/.exec(line)?.[1]
  return closing !== undefined && closing[0] === fence[0] && closing.length >= fence.length
}
/** A link reference definition (`[id]: url`) may sit in one stretch and its use in another: such a text is parsed whole. */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:/m

/** The links of `text`, whose first line is line `offset` + 1 of the whole, appended to `links`. */
function linksIn(text: string, offset: number, links: MarkdownLink[]): MarkdownLink[] {
  let blockLine = 0
  for (const token of markdown().parse(text, {})) {
    if (token.map !== null) blockLine = token.map[0]
    if (token.type !== 'inline') continue
    let line = offset + blockLine
    for (const child of token.children ?? []) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') line++
      else if (child.type === 'link_open') links.push({ href: String(child.attrGet('href') ?? ''), line: line + 1, kind: 'link' })
      else if (child.type === 'image') links.push({ href: String(child.attrGet('src') ?? ''), line: line + 1, kind: 'image' })
      else line += newlines(child)
    }
  }
  return links
}

/** Line breaks a token spans without a break token (a code span or inline HTML written over lines). */
function newlines(token: Token): number {
  let n = 0
  for (let i = token.content.indexOf('\n'); i !== -1; i = token.content.indexOf('\n', i + 1)) n++
  return n
}

/** `a%5Cb.md` => `a\b.md`; a malformed escape is kept as written. */
export function decodedHref(href: string): string {
  try {
    return decodeURIComponent(href)
  } catch {
    // A malformed escape is kept as written, as a browser does.
    return href
  }
}

/** What a link points at. `rest` is what follows `iii://` (anchor included). */
export type LinkTarget =
  | { kind: 'skill'; id: string; rest: string }
  | { kind: 'index'; rest: string }
  | { kind: 'section'; rest: string }
  /** `#x`, or an empty link: a place in the same text. */
  | { kind: 'anchor' }
  /** Any other scheme (`https:`, `mailto:`) or a protocol-relative `//host/…`. */
  | { kind: 'external' }
  /** A path relative to the text's file (or absolute: `path` starts with `/`), decoded, without `?…` or `#…`. */
  | { kind: 'file'; path: string }

// "iii://acme/billing#refunds" => skill acme/billing; "references/a%20b.md#x" => file "references/a b.md"
export function linkTarget(href: string): LinkTarget {
  const rest = afterIiiPrefix(href)
  if (rest !== undefined) {
    const id = (rest.split('#')[0] as string).replace(/\/+$/, '')
    if (id === 'skills') return { kind: 'index', rest }
    if (id.startsWith(`${SECTION_MARKER}/`)) return { kind: 'section', rest }
    return { kind: 'skill', id, rest }
  }
  if (href === '' || href.startsWith('#')) return { kind: 'anchor' }
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return { kind: 'external' }
  return { kind: 'file', path: decodedHref(href.split(/[?#]/)[0] as string) }
}

export interface BrokenLink {
  link: string
  reason: string
}

interface LinkContext {
  /** Every skill id the catalogue serves. */
  skillIds: ReadonlySet<string>
  /** The files of the skill's folder ("SKILL.md", "references/a.md"); undefined for a skill without one. */
  files: ReadonlySet<string> | undefined
}

export function brokenLinks(links: readonly string[], context: LinkContext): BrokenLink[] {
  const broken: BrokenLink[] = []
  for (const link of new Set(links)) {
    const reason = whyBroken(link, context)
    if (reason !== undefined) broken.push({ link, reason })
  }
  return broken
}

function whyBroken(link: string, { skillIds, files }: LinkContext): string | undefined {
  const target = linkTarget(link)
  if (target.kind === 'skill') return skillIds.has(target.id) ? undefined : `no skill has the id "${target.id}"`
  if (target.kind !== 'file') return undefined
  if (target.path.startsWith('/')) return 'an absolute path, not a file of the skill'
  const normal = posix.normalize(target.path)
  if (normal === '..' || normal.startsWith('../')) return 'outside the skill folder'
  if (files === undefined) return 'this skill has no folder of files'
  return files.has(normal) || files.has(`${normal.replace(/\/$/, '')}/SKILL.md`) || [...files].some((f) => f.startsWith(`${normal.replace(/\/$/, '')}/`))
    ? undefined
    : `no file "${normal}" in the skill folder`
}
