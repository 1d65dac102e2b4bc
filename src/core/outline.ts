/**
 * The structure of a markdown text (E7.2): its ATX headings outside fenced code blocks, each with
 * the anchor GitHub gives it (github-slugger: lower case, punctuation dropped, spaces to `-`, `-1`,
 * `-2` … for repeats), and the sections they open: a section runs from its heading line to the line
 * before the next heading of the same or a higher level. Also the block boundaries where a text may
 * be cut (E7.4): the start of a line after a blank line, or of a heading, never inside a fence.
 */
import GithubSlugger from 'github-slugger'
import { SkillsError } from './errors.js'
import { sectionNotFound } from './messages.js'

export interface Heading {
  anchor: string
  heading: string
  level: number
  /** 1-based line number of the heading. */
  line: number
  /** Offset (UTF-16) of the heading line's start. */
  start: number
}

export interface Section extends Heading {
  /** Offset just past the section's last line. */
  end: number
}

interface Line {
  start: number
  text: string
  /** A fence is open where the line starts (the opening fence line itself is not in it, the closing one is). */
  inFence: boolean
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/

function lines(text: string): Line[] {
  const out: Line[] = []
  let fence: string | undefined
  let start = 0
  while (start < text.length) {
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    const raw = text.slice(start, end).replace(/\r$/, '')
    const opener = FENCE.exec(raw)
    const inFence = fence !== undefined
    if (fence === undefined) {
      if (opener !== undefined && opener !== null && !(opener[1]!.startsWith('`') && opener[2]!.includes('`'))) fence = opener[1]
    } else if (opener !== null && opener[1]![0] === fence[0] && opener[1]!.length >= fence.length && opener[2]!.trim() === '') {
      fence = undefined
    }
    out.push({ start, text: raw, inFence })
    start = end + 1
  }
  return out
}

// "Install the `cli` [tool](x)" => "Install the cli tool"
function plainHeading(text: string): string {
  return text.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]+/g, '')
}

export function headings(text: string): Heading[] {
  const slugger = new GithubSlugger()
  const out: Heading[] = []
  for (const [index, line] of lines(text).entries()) {
    if (line.inFence) continue
    const match = ATX.exec(line.text)
    if (match === null) continue
    const heading = (match[2] ?? '').trim()
    out.push({ anchor: slugger.slug(plainHeading(heading)), heading, level: match[1]!.length, line: index + 1, start: line.start })
  }
  return out
}

export function sections(text: string): Section[] {
  const found = headings(text)
  return found.map((h, i) => {
    const next = found.slice(i + 1).find((later) => later.level <= h.level)
    return { ...h, end: next?.start ?? text.length }
  })
}

/** The section `anchor` names, trailing whitespace trimmed; `Section not found: …` (E7.3) otherwise. */
export function sectionText(text: string, anchor: string, uri: string): string {
  const all = sections(text)
  const section = all.find((s) => s.anchor === anchor)
  if (section === undefined) throw new SkillsError(sectionNotFound(anchor, uri, all.map((s) => s.anchor)))
  return text.slice(section.start, section.end).trimEnd()
}

/** Offsets where the text may be cut, ascending, 0 and text.length included. */
export function blockBoundaries(text: string): number[] {
  const out = [0]
  let previousBlank = false
  for (const line of lines(text)) {
    if (line.start > 0 && !line.inFence && (previousBlank || ATX.test(line.text))) out.push(line.start)
    previousBlank = !line.inFence && line.text.trim() === ''
  }
  if (text.length > 0) out.push(text.length)
  return [...new Set(out)]
}

/** Every line start, fences included: the fallback cut points when one block alone is over budget. */
export function lineBoundaries(text: string): number[] {
  return lines(text).filter((l) => l.start > 0).map((l) => l.start)
}
