/**
 * The text `skill::search` reads out of a markdown body: its section headings (an index field),
 * its plain text, and the snippet shown with a result. Hand-written because the project has no
 * markdown parser and this needs only a small, exactly specified subset (README "Searching
 * skills"): a snippet is a display excerpt, not a rendering.
 */

/** A snippet is at most this many code points, ellipses included. */
export const SNIPPET_MAX_CHARS = 160
/** Text kept before the best match, at most (the snippet starts at a word). */
const SNIPPET_LEAD_CHARS = 40
/** The best match is the one with the most distinct matched words within this many code points from it. */
const SNIPPET_SPAN_CHARS = 120
const ELLIPSIS = '\u2026'

const FENCE = /^\s{0,3}(```|~~~)/
const SUBHEADING = /^\s{0,3}#{2,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/
const THEMATIC_BREAK = /^\s{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const SETEXT_UNDERLINE = /^\s{0,3}=+[ \t]*$/
const TABLE_DELIMITER = /^\s*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/
const BLOCK_MARKERS = /^\s*(?:>[ \t]?)*\s*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d{1,9}[.)][ \t]+)?/
const CLOSING_HASHES = /[ \t]+#+[ \t]*$/
const IMAGE = /!\[([^\]]*)\]\([^)]*\)/g
const LINK = /\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^<>\s]*)>/gi
const HTML_TAG = /<\/?[a-z][^<>]*>/gi
const CODE_TICKS = /`+/g
const STRIKE = /~~/g
const OPENING_EMPHASIS = /(?<![\p{L}\p{N}])[*_]+(?=\S)/gu
const CLOSING_EMPHASIS = /(?<=\S)[*_]+(?![\p{L}\p{N}])/gu
// A run of two or more, or one that is not a plain space: single spaces, the usual case, stay as they are.
const WHITESPACE_RUN = /\s\s+|[^\S ]/g
const WORD = /[\p{L}\p{M}\p{N}]+/gu

function lines(markdown: string): string[] {
  return markdown.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
}

// "# T\n## Setup\n```\n## not a heading\n```\n### Deep ##" => ["Setup", "Deep"]
export function subheadings(markdown: string): string[] {
  const found: string[] = []
  let fenced = false
  for (const line of lines(markdown)) {
    if (FENCE.test(line)) fenced = !fenced
    else if (!fenced) {
      const text = SUBHEADING.exec(line)?.[1]
      if (text !== undefined && text !== '') found.push(text)
    }
  }
  return found
}

/**
 * The body as one line of plain text: fence lines, thematic breaks, setext underlines and table
 * delimiter rows go;
 * block markers (quotes, headings, list bullets) and inline markup (links and images keep their
 * text, code ticks, emphasis, strike-through, HTML tags) are removed outside code blocks; table
 * pipes become spaces; every run of whitespace becomes one space.
 */
export function plainText(markdown: string): string {
  const out: string[] = []
  let fenced = false
  for (const line of lines(markdown)) {
    if (FENCE.test(line)) fenced = !fenced
    else if (fenced) out.push(line)
    else if (!isRule(line)) out.push(plainLine(line))
  }
  return out.join(' ').replace(WHITESPACE_RUN, ' ').trim()
}

// "---", "***", "===" (a setext underline) and "|---|:-:|": lines that only draw.
function isRule(line: string): boolean {
  return THEMATIC_BREAK.test(line) || SETEXT_UNDERLINE.test(line) || (line.includes('-') && TABLE_DELIMITER.test(line))
}

function plainLine(line: string): string {
  let text = line.replace(BLOCK_MARKERS, '')
  if (text.length < line.length && /^\s*(?:>[ \t]?)*\s*#/.test(line)) text = text.replace(CLOSING_HASHES, '')
  if (text.trimStart().startsWith('|')) text = text.replaceAll('|', ' ')
  // Each rule runs only where its marker occurs: most lines of prose have none.
  if (text.includes('[')) text = text.replace(IMAGE, '$1').replace(LINK, '$1')
  if (text.includes('<')) text = text.replace(AUTOLINK, '$1').replace(HTML_TAG, '')
  if (text.includes('`')) text = text.replace(CODE_TICKS, '')
  if (text.includes('~~')) text = text.replace(STRIKE, '')
  if (text.includes('*') || text.includes('_')) text = text.replace(OPENING_EMPHASIS, '').replace(CLOSING_EMPHASIS, '')
  return text
}

const WORD_CHAR = /^[\p{L}\p{M}\p{N}]/u

function isWordCodePoint(cp: number | undefined): boolean {
  if (cp === undefined) return false
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a)
  return WORD_CHAR.test(String.fromCodePoint(cp))
}

/** Code point view of a string, so lengths and cuts never split a surrogate pair. */
class CodePoints {
  /** Set only when the text has surrogate pairs; otherwise code points are UTF-16 units. */
  private readonly points: string[] | undefined
  readonly length: number

  constructor(readonly text: string) {
    this.points = /[\uD800-\uDFFF]/.test(text) ? Array.from(text) : undefined
    this.length = this.points?.length ?? text.length
  }

  slice(start: number, end: number): string {
    return this.points === undefined ? this.text.slice(start, end) : this.points.slice(start, end).join('')
  }

  isWordAt(i: number): boolean {
    if (i < 0 || i >= this.length) return false
    return isWordCodePoint(this.points === undefined ? this.text.charCodeAt(i) : this.points[i]?.codePointAt(0))
  }

  /** The first word start at or after `from`, or `to` when none comes before it. */
  wordStart(from: number, to: number): number {
    for (let i = from; i < to; i++) if (this.isWordAt(i) && !this.isWordAt(i - 1)) return i
    return to
  }

  /** Code point offsets of UTF-16 offsets given in increasing order. */
  pointOffsets(units: number[]): number[] {
    if (this.points === undefined) return units
    const out: number[] = []
    let unit = 0
    let point = 0
    for (const target of units) {
      for (; unit < target; unit++) if (!isLowSurrogate(this.text.charCodeAt(unit))) point++
      out.push(point)
    }
    return out
  }
}

const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff

interface Hit {
  /** Code point offset. */
  start: number
  term: string
}

// Every whole-word occurrence of a term, in text order.
function hitsOf(text: CodePoints, terms: ReadonlySet<string>): Hit[] {
  const plain = text.text
  const lower = plain.toLowerCase()
  // Lower-casing a few characters (U+0130) changes the length; then offsets come word by word.
  if (lower.length !== plain.length) return wordHits(text, terms)
  const found: Array<{ unit: number; term: string }> = []
  for (const term of terms) {
    if (term === '') continue
    for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + 1)) {
      const end = at + term.length
      if (!isWordCodePoint(codePointBefore(lower, at)) && !isWordCodePoint(lower.codePointAt(end))) found.push({ unit: at, term })
    }
  }
  found.sort((a, b) => a.unit - b.unit)
  const starts = text.pointOffsets(found.map((f) => f.unit))
  return found.map((f, i) => ({ start: starts[i] as number, term: f.term }))
}

function codePointBefore(text: string, at: number): number | undefined {
  if (at === 0) return undefined
  const unit = text.charCodeAt(at - 1)
  return isLowSurrogate(unit) && at >= 2 ? text.codePointAt(at - 2) : unit
}

function wordHits(text: CodePoints, terms: ReadonlySet<string>): Hit[] {
  const found: Array<{ unit: number; term: string }> = []
  for (const match of text.text.matchAll(WORD)) {
    const term = match[0].toLowerCase()
    if (terms.has(term)) found.push({ unit: match.index, term })
  }
  const starts = text.pointOffsets(found.map((f) => f.unit))
  return found.map((f, i) => ({ start: starts[i] as number, term: f.term }))
}

/**
 * At most SNIPPET_MAX_CHARS code points of `plain` around its best match of `terms` (lower-case
 * words). Text that fits is returned whole. Otherwise the best match is the matched word with the
 * most distinct matched words starting within SNIPPET_SPAN_CHARS of it (the first such word on a
 * tie; the text's start when nothing matches); the snippet starts at the first word that begins at
 * most SNIPPET_LEAD_CHARS before it, ends at a word boundary, and shows `…` where text was cut.
 */
export function snippet(plain: string, terms: ReadonlySet<string>): string {
  const text = new CodePoints(plain)
  if (text.length <= SNIPPET_MAX_CHARS) return plain
  const anchor = bestMatch(hitsOf(text, terms))
  const start = anchor <= SNIPPET_LEAD_CHARS ? 0 : text.wordStart(anchor - SNIPPET_LEAD_CHARS, anchor)
  const prefix = start > 0 ? ELLIPSIS : ''
  const room = SNIPPET_MAX_CHARS - prefix.length
  if (text.length - start <= room) return prefix + text.slice(start, text.length)
  let end = start + room - ELLIPSIS.length
  if (text.isWordAt(end) && text.isWordAt(end - 1)) {
    let wordStart = end - 1
    while (wordStart > start && text.isWordAt(wordStart - 1)) wordStart--
    if (wordStart > start) end = wordStart
  }
  return `${prefix}${text.slice(start, end).trimEnd()}${ELLIPSIS}`
}

// Offset of the matched word whose span holds the most distinct matched words; 0 when none match.
function bestMatch(hits: Hit[]): number {
  let best = 0
  let bestCount = 0
  for (let i = 0; i < hits.length; i++) {
    const from = hits[i] as Hit
    const seen = new Set<string>()
    for (let j = i; j < hits.length && (hits[j] as Hit).start < from.start + SNIPPET_SPAN_CHARS; j++) seen.add((hits[j] as Hit).term)
    if (seen.size > bestCount) {
      best = from.start
      bestCount = seen.size
    }
  }
  return best
}
