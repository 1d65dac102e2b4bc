/**
 * The text `skill::search` reads out of a markdown body: its section headings (an index field),
 * its plain text, and the snippet shown with a result. Hand-written because the project has no
 * markdown parser and this needs only a small, exactly specified subset (README "Searching
 * skills"): a snippet is a display excerpt, not a rendering.
 */

/** A snippet is at most this many code points, ellipses included. */
export const SNIPPET_MAX_CHARS = 160
/** Text kept before the best match, at most (the snippet starts at a word). */
export const SNIPPET_LEAD_CHARS = 40
/** The best match is the one with the most distinct matched words within this many code points from it. */
export const SNIPPET_SPAN_CHARS = 120
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
const WHITESPACE = /\s+/g
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
  return out.join(' ').replace(WHITESPACE, ' ').trim()
}

// "---", "***", "===" (a setext underline) and "|---|:-:|": lines that only draw.
function isRule(line: string): boolean {
  return THEMATIC_BREAK.test(line) || SETEXT_UNDERLINE.test(line) || (line.includes('-') && TABLE_DELIMITER.test(line))
}

function plainLine(line: string): string {
  let text = line.replace(BLOCK_MARKERS, '')
  if (text.length < line.length && /^\s*(?:>[ \t]?)*\s*#/.test(line)) text = text.replace(CLOSING_HASHES, '')
  if (text.trimStart().startsWith('|')) text = text.replaceAll('|', ' ')
  return text
    .replace(IMAGE, '$1')
    .replace(LINK, '$1')
    .replace(AUTOLINK, '$1')
    .replace(HTML_TAG, '')
    .replace(CODE_TICKS, '')
    .replace(STRIKE, '')
    .replace(OPENING_EMPHASIS, '')
    .replace(CLOSING_EMPHASIS, '')
}

/** Code point view of a string, so lengths and cuts never split a surrogate pair. */
class CodePoints {
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
    const ch = this.points === undefined ? this.text[i] : this.points[i]
    return ch !== undefined && /^[\p{L}\p{M}\p{N}]/u.test(ch)
  }
}

interface Word {
  /** Code point offset. */
  start: number
  lower: string
}

function wordsOf(text: string): Word[] {
  const words: Word[] = []
  let units = 0
  let points = 0
  for (const match of text.matchAll(WORD)) {
    // Advance the code point offset over the text between the previous word and this one.
    for (; units < match.index; units++) if (!isLowSurrogate(text.charCodeAt(units))) points++
    words.push({ start: points, lower: match[0].toLowerCase() })
  }
  return words
}

const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff

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
  const words = wordsOf(plain)
  const anchor = bestMatch(words, terms)
  const start = anchor <= SNIPPET_LEAD_CHARS ? 0 : (words.find((w) => w.start >= anchor - SNIPPET_LEAD_CHARS) as Word).start
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
function bestMatch(words: Word[], terms: ReadonlySet<string>): number {
  const hits = words.filter((w) => terms.has(w.lower))
  let best = 0
  let bestCount = 0
  for (let i = 0; i < hits.length; i++) {
    const from = hits[i] as Word
    const seen = new Set<string>()
    for (let j = i; j < hits.length && (hits[j] as Word).start < from.start + SNIPPET_SPAN_CHARS; j++) seen.add((hits[j] as Word).lower)
    if (seen.size > bestCount) {
      best = from.start
      bestCount = seen.size
    }
  }
  return best
}
