import { describe, expect, it } from 'vitest'
import { renderIndex, renderIndexError, type IndexEntry } from '../../src/core/index-page.js'

const H =
  "# Skills\n\nRead each skill's resource for orientation on when and why to call its functions. " +
  'Sub-skills are indented under their parent path so a top-level skill stays small and the LLM ' +
  'can drill in only when it needs more detail.\n\n'
const CUSTOM =
  '## Custom skills\n\nLoaded from `skills:` glob patterns in the worker config. ' +
  'The file system is the source of truth for these entries.\n\n'
const entry = (id: string, body: string | undefined): IndexEntry => ({ id, body })

describe('renderIndex', () => {
  it('renders the empty page when there are no skills at all', () => {
    expect(renderIndex([], [])).toBe(`${H}_No skills are currently registered._\n`)
  })

  it('renders state bullets with title and description, nested ids indented (spec example)', () => {
    const state = [entry('tree-root', '# Tree root\nTop level body.\n'), entry('tree-root/leaf', '# Tree leaf\nA child entry.\n')]
    expect(renderIndex(state, [])).toBe(
      H +
        '- [`tree-root`](iii://tree-root) \u2014 Tree root \u2014 Top level body.\n' +
        '  - [`tree-root/leaf`](iii://tree-root/leaf) \u2014 Tree leaf \u2014 A child entry.\n',
    )
  })

  it('renders only the Custom skills section when there are fs skills alone', () => {
    expect(renderIndex([], [entry('tree', '# Tree\n\nRoot.\n'), entry('tree/leaf', '# Leaf\n\nChild.\n')])).toBe(
      H + CUSTOM +
        '- [`tree`](iii://tree) \u2014 Tree \u2014 Root.\n' +
        '  - [`tree/leaf`](iii://tree/leaf) \u2014 Leaf \u2014 Child.\n',
    )
  })

  it('separates the state bullets from the Custom skills section with one blank line', () => {
    expect(renderIndex([entry('alpha', '# Alpha\nA.')], [entry('beta', '# Beta\nB.')])).toBe(
      `${H}- [\`alpha\`](iii://alpha) \u2014 Alpha \u2014 A.\n\n${CUSTOM}- [\`beta\`](iii://beta) \u2014 Beta \u2014 B.\n`,
    )
  })

  it.each([
    ['falls back to the id without an H1', entry('plain', 'Just text.\n'), '- [`plain`](iii://plain) \u2014 plain \u2014 Just text.\n'],
    ['shows an empty title for a bare "# "', entry('blank', '# \nBody.\n'), '- [`blank`](iii://blank) \u2014  \u2014 Body.\n'],
    ['omits the suffix without a description', entry('bare', '# Only title\n'), '- [`bare`](iii://bare) \u2014 Only title\n'],
    ['shows the id and no description for an empty body', entry('empty', ''), '- [`empty`](iii://empty) \u2014 empty\n'],
    ['joins a multi-line first paragraph', entry('multi', '# M\nline one\nline two\n\nlater'), '- [`multi`](iii://multi) \u2014 M \u2014 line one line two\n'],
    ['indents two spaces per "/"', entry('a/b/c', '# C\n'), '    - [`a/b/c`](iii://a/b/c) \u2014 C\n'],
    ['keeps a literal backslash-n body on one line', entry('parent', '# parent\\nrouter\\n'), '- [`parent`](iii://parent) \u2014 parent\\nrouter\\n\n'],
  ])('%s', (_case, skill, bullet) => {
    expect(renderIndex([skill], [])).toBe(H + bullet)
  })

  it('renders an unreadable fs file under its id with no description', () => {
    expect(renderIndex([], [entry('team/broken', undefined)])).toBe(`${H}${CUSTOM}  - [\`team/broken\`](iii://team/broken) \u2014 team/broken\n`)
  })

  it('renders an orphan at its own depth without a parent line', () => {
    expect(renderIndex([entry('no-parent/no-child/leaf', '# Leaf\n')], [])).toBe(
      `${H}    - [\`no-parent/no-child/leaf\`](iii://no-parent/no-child/leaf) \u2014 Leaf\n`,
    )
  })

  it('keeps the order the entries were given in', () => {
    const page = renderIndex([entry('b', '# B'), entry('a', '# A')], [])
    expect(page).toBe(`${H}- [\`b\`](iii://b) \u2014 B\n- [\`a\`](iii://a) \u2014 A\n`)
  })

  describe('description truncation in bullets (D1)', () => {
    it.each([
      ['x', 141], ['x', 500], ['\u00e9', 141], ['\u{1f600}', 141],
    ])('cuts %j repeated %i times to 140 code points and "..."', (ch, count) => {
      const page = renderIndex([entry('long', `# Long\n\n${ch.repeat(count)}\n`)], [])
      expect(page).toBe(`${H}- [\`long\`](iii://long) \u2014 Long \u2014 ${ch.repeat(140)}...\n`)
    })

    it.each(['x', '\u00e9', '\u{1f600}'])('leaves %j repeated exactly 140 times unchanged', (ch) => {
      const page = renderIndex([entry('exact', `# Exact\n\n${ch.repeat(140)}\n`)], [])
      expect(page).toBe(`${H}- [\`exact\`](iii://exact) \u2014 Exact \u2014 ${ch.repeat(140)}\n`)
    })

    it('truncates fs bullets the same way', () => {
      const page = renderIndex([], [entry('fs-long', `# F\n${'y'.repeat(150)}`)])
      expect(page).toBe(`${H}${CUSTOM}- [\`fs-long\`](iii://fs-long) \u2014 F \u2014 ${'y'.repeat(140)}...\n`)
    })
  })

  it('uses the em dash U+2014 as separator', () => {
    const line = renderIndex([entry('a', '# T\nD')], []).split('\n').at(-2) ?? ''
    expect([...line].filter((ch) => ch === '\u2014')).toHaveLength(2)
  })
})

describe('renderIndexError', () => {
  it.each([
    ['boom', '# Skills\n\n_Error reading skills index: boom_\n'],
    ['state::list timed out after 10000ms', '# Skills\n\n_Error reading skills index: state::list timed out after 10000ms_\n'],
    ['', '# Skills\n\n_Error reading skills index: _\n'],
  ])('renders the error line for %j without the intro paragraph', (error, page) => {
    expect(renderIndexError(error)).toBe(page)
  })
})
