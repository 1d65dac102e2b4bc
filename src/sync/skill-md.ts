/**
 * E21.1: the SKILL.md written for a skill that is not an Agent Skills folder (a markdown file, a
 * state row): frontmatter with `name` (the folder) and `description` (the skill's own, else its
 * title, else its first paragraph, at most 1,024 characters), then the body `iii://{id}` serves,
 * exactly: splitting the written file's frontmatter off gives that body back.
 */
import { extractDescription, extractTitle, frontmatterOf, splitFrontmatter, trim } from '../core/index.js'

/** The reference validator counts UTF-16 units; the cut keeps whole code points and ends in `...`. */
const MAX_DESCRIPTION_UNITS = 1024
const ELLIPSIS = '...'

// ("pdf", "---\ndescription: Fill forms\n---\n# PDF\n", "# PDF\n") => "---\nname: pdf\ndescription: \"Fill forms\"\n---\n# PDF\n"
export function writtenSkillMd(folder: string, text: string, body: string): string {
  const description = quoted(descriptionOf(folder, text))
  return `---\nname: ${folder}\ndescription: ${description}\n---\n${body}`
}

/** The skill's description, else its title, else its first paragraph (of the text after any frontmatter), else the folder. */
export function descriptionOf(folder: string, text: string): string {
  const own = frontmatterOf(text).description
  const { body } = splitFrontmatter(text)
  const candidates = [typeof own === 'string' ? own : undefined, extractTitle(body), extractDescription(body)]
  const found = candidates.map((c) => (c === undefined ? '' : trim(c))).find((c) => c !== '')
  return cut(found ?? folder)
}

function cut(text: string): string {
  if (text.length <= MAX_DESCRIPTION_UNITS) return text
  let end = 0
  for (const ch of text) {
    if (end + ch.length > MAX_DESCRIPTION_UNITS - ELLIPSIS.length) break
    end += ch.length
  }
  return text.slice(0, end) + ELLIPSIS
}

/**
 * A YAML double-quoted scalar (JSON's escapes are YAML's); a `---` inside is escaped, since the
 * reference validator ends the frontmatter at the first `---` anywhere.
 */
function quoted(text: string): string {
  return JSON.stringify(text).replaceAll('---', '-\\u002d-')
}
