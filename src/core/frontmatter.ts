/**
 * Splits a leading YAML frontmatter block off a markdown file (§6.5), byte for byte as upstream's
 * `split_frontmatter`: the opener must be the very first bytes, the closer is the first `\n---\n`
 * (else `\n---\r\n`, else a `\n---` / `\n---\r` at end of file). Anything else, including an empty
 * `---\n---\n` block, an unclosed block or a leading BOM, means "no frontmatter" and the whole
 * content is the body. Hand-written on purpose: library splitters accept more shapes than upstream.
 */

interface FrontmatterSplit {
  /** The text between the fences (not parsed), or undefined when there is no block. */
  frontmatter: string | undefined
  /** Everything after the closing fence's line break, untrimmed; the whole content when no block. */
  body: string
}

const OPENERS = ['---\n', '---\r\n'] as const
const CLOSERS = ['\n---\n', '\n---\r\n'] as const
const EOF_CLOSERS = ['\n---', '\n---\r'] as const

// "---\nname: x\n---\nbody" => { frontmatter: "name: x", body: "body" }
export function splitFrontmatter(content: string): FrontmatterSplit {
  const opener = OPENERS.find((o) => content.startsWith(o))
  if (opener === undefined) return { frontmatter: undefined, body: content }
  const rest = content.slice(opener.length)
  for (const closer of CLOSERS) {
    const at = rest.indexOf(closer)
    if (at >= 0) return { frontmatter: rest.slice(0, at), body: rest.slice(at + closer.length) }
  }
  for (const closer of EOF_CLOSERS) {
    if (rest.endsWith(closer)) return { frontmatter: rest.slice(0, rest.length - closer.length), body: '' }
  }
  return { frontmatter: undefined, body: content }
}
