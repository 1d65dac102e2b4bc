/**
 * A large skill body (over 70 KB) written the way real skills are: nested headings, headings
 * repeated in several chapters, inline code and links in headings, and fenced blocks (``` and ~~~)
 * whose lines start with `#`. The generator records each heading's expected GitHub anchor and the
 * exact text of its section, so tests can check the outline against what was written.
 */
export interface WrittenSection {
  heading: string
  level: number
  anchor: string
  /** 1-based line of the heading. */
  line: number
  /** The section's text: from its heading line to the next heading of the same or a higher level. */
  text: string
}

export interface LargeMarkdown {
  text: string
  sections: WrittenSection[]
}

const PARAGRAPH = 'Run the command from the project root. It reads the configuration, checks every input and ' +
  'reports what it would change before it changes anything; pass --yes to apply. '

function fence(n: number): string {
  return n % 2 === 0
    ? '```bash\n# install the tool first\npip install tool==1.2\n## not a heading either\ntool run --all\n```\n'
    : '~~~python\n# a comment, not a heading\n### still code\nprint("ok")\n~~~\n'
}

export function largeMarkdown(chapters = 24): LargeMarkdown {
  const parts: Array<{ heading?: string; level?: number; anchor?: string; body: string }> = []
  parts.push({ heading: 'Data pipeline handbook', level: 1, anchor: 'data-pipeline-handbook', body: `${PARAGRAPH}\n\n` })
  for (let c = 1; c <= chapters; c++) {
    const repeat = c === 1 ? '' : `-${c - 1}`
    parts.push({ heading: `Stage ${c}: load \`batch-${c}\` data`, level: 2, anchor: `stage-${c}-load-batch-${c}-data`, body: `${PARAGRAPH.repeat(6)}\n\n` })
    parts.push({ heading: 'Examples', level: 3, anchor: `examples${repeat}`, body: `${PARAGRAPH.repeat(3)}\n\n${fence(c)}\n${PARAGRAPH.repeat(2)}\n\n` })
    parts.push({ heading: 'Troubleshooting (common errors)', level: 3, anchor: `troubleshooting-common-errors${repeat}`, body: `${PARAGRAPH.repeat(5)}\n\n` })
    parts.push({ heading: `See [the guide](https://example.com/${c}) for details`, level: 4, anchor: `see-the-guide-for-details${repeat}`, body: `${PARAGRAPH.repeat(2)}\n\n${fence(c + 1)}\n` })
  }
  let text = ''
  const starts: number[] = []
  for (const part of parts) {
    starts.push(text.length)
    text += `${'#'.repeat(part.level!)} ${part.heading}\n\n${part.body}`
  }
  const sections = parts.map((part, i): WrittenSection => {
    const next = parts.findIndex((later, j) => j > i && later.level! <= part.level!)
    const end = next === -1 ? text.length : starts[next]!
    return {
      heading: part.heading!, level: part.level!, anchor: part.anchor!,
      line: text.slice(0, starts[i]).split('\n').length, text: text.slice(starts[i], end),
    }
  })
  return { text, sections }
}
