import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatTimestamp } from '../../src/core/time.js'
import { expandSkillGlobs } from '../../src/fs/skill-files.js'
import { logFsHealth } from '../../src/fs/boot-diagnostics.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { silentLogger } from '../support/silent-logger.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

const expand = (patterns: string[], base = root) => expandSkillGlobs(patterns, base, silentLogger())
const ids = async (patterns: string[], base = root) => (await expand(patterns, base)).skills.map((s) => s.id)
const skill = (name: string, extra = '', body = '# Title\n\nBody.\n') =>
  `---\nname: ${name}\ndescription: Does ${name} things.\n${extra}---\n${body}`
const reasons = async (patterns: string[]) =>
  (await expand(patterns)).skipped.map(({ path, reason }) => [path.slice(root.length + 1), reason])

describe('skill folders (E1.1): a SKILL.md match is a folder whose id is the folder path', () => {
  it.each([
    ['skills/**/SKILL.md', 'skills/pdf/SKILL.md', 'pdf'],
    ['skills/**/SKILL.md', 'skills/acme/billing/SKILL.md', 'acme/billing'],
    ['skills/*/SKILL.md', 'skills/pdf/SKILL.md', 'pdf'],
    ['skills/pdf/SKILL.md', 'skills/pdf/SKILL.md', 'pdf'],
    ['skills/**/*.md', 'skills/pdf/SKILL.md', 'pdf'],
    ['**/SKILL.md', 'x/y/SKILL.md', 'x/y'],
  ])('%s with %s gives %s', async (pattern, file, id) => {
    await writeTree(root, { [file]: skill(id.split('/').at(-1) as string) })
    expect(await ids([pattern])).toEqual([id])
  })

  it('names a SKILL.md in the config dir itself after that dir', async () => {
    const base = join(root, 'release-notes')
    await writeTree(base, { 'SKILL.md': skill('release-notes') })
    expect(await ids(['SKILL.md'], base)).toEqual(['release-notes'])
    expect(await ids(['*.md'], base)).toEqual(['release-notes'])
  })

  it('keeps the upstream rule for every other .md: skills/**/*.md also serves pdf/reference', async () => {
    await writeTree(root, {
      'skills/pdf/SKILL.md': skill('pdf'),
      'skills/pdf/reference.md': '# Reference\n',
      'skills/pdf/skill.md': '# lower-case is not a folder\n',
    })
    const { skills } = await expand(['skills/**/*.md'])
    expect(skills.map(({ id, kind }) => [id, kind])).toEqual([['pdf', 'folder'], ['pdf/reference', 'file'], ['pdf/skill', 'file']])
  })

  it('gives nested folders their own ids (E1.5)', async () => {
    await writeTree(root, { 'skills/acme/SKILL.md': skill('acme'), 'skills/acme/billing/SKILL.md': skill('billing') })
    expect(await ids(['skills/**/SKILL.md'])).toEqual(['acme', 'acme/billing'])
  })

  it('applies validate_id and the duplicate rule to folder ids', async () => {
    await writeTree(root, {
      'skills/PDF/SKILL.md': skill('PDF'),
      'skills/pdf/SKILL.md': skill('pdf'),
      'skills/pdf.md': '# also pdf\n',
      'skills/fn/SKILL.md': skill('fn'),
    })
    expect(await reasons(['skills/**/*.md'])).toEqual([
      ['skills/PDF/SKILL.md', `invalid id "PDF": invalid id (segment 1 of "PDF"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "PDF"`],
      ['skills/fn/SKILL.md', 'invalid id "fn": id may not have "fn" as its first segment (reserved as the iii://fn/ section-URI marker): "fn"'],
      // E18.1: the later file of an id under the config's globs is upstream's skip, not a warning.
      ['skills/pdf.md', `duplicate id "pdf" also produced by ${join(root, 'skills/pdf/SKILL.md')}`],
    ])
    const pdf = (await expand(['skills/**/*.md'])).skills.find((s) => s.id === 'pdf')
    expect(pdf?.warnings).toBeUndefined()
  })
})

describe('skill folder frontmatter (E1.2, E5.1): skip reasons in order', () => {
  it.each([
    ['no description', '---\nname: pdf\n---\nbody\n', 'frontmatter missing non-empty `description`'],
    ['a blank description', '---\ndescription: "  \\t "\n---\nbody\n', 'frontmatter missing non-empty `description`'],
    ['a null description', '---\ndescription: ~\n---\nbody\n', 'frontmatter missing non-empty `description`'],
    ['no frontmatter block', '# PDF\n\nNo frontmatter.\n', 'missing YAML frontmatter (expected --- ... --- block at file start)'],
    ['an unclosed block', '---\ndescription: d\n# PDF\n', 'missing YAML frontmatter (expected --- ... --- block at file start)'],
    ['YAML that does not parse', '---\ndescription: [unclosed\n---\n', 'invalid frontmatter YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 1 column 23'],
    ['YAML that is a list', '---\n- a\n- b\n---\n', 'invalid frontmatter YAML: invalid type: sequence, expected struct SkillFrontmatter'],
    ['a list as description', '---\ndescription: [a, b]\n---\n', 'invalid frontmatter YAML: description: invalid type: sequence, expected a string at line 1 column 14'],
    ['no description even with a wrong name', '---\nname: nope\n---\n', 'frontmatter missing non-empty `description`'],
  ])('%s', async (_name, text, reason) => {
    await writeTree(root, { 'skills/pdf/SKILL.md': text })
    expect(await reasons(['skills/*/SKILL.md'])).toEqual([['skills/pdf/SKILL.md', reason]])
  })

  it('refuses a SKILL.md that is not UTF-8 text, naming the read error', async () => {
    await writeTree(root, { 'skills/pdf/SKILL.md': Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]) })
    expect(await reasons(['skills/*/SKILL.md'])).toEqual([['skills/pdf/SKILL.md', 'read: stream did not contain valid UTF-8']])
  })

  it('accepts a description of exactly 1024 characters (code points, not bytes) and an absent name', async () => {
    await writeTree(root, { 'skills/pdf/SKILL.md': `---\ndescription: ${'é'.repeat(1024)}\n---\n` })
    expect(await ids(['skills/*/SKILL.md'])).toEqual(['pdf'])
  })
})

describe('served with warnings (E5.1: warn, but load)', () => {
  it.each([
    ['a name that is not the folder', '---\nname: other\ndescription: d\n---\n', ['frontmatter name "other" does not match folder "pdf"']],
    ['a quoted name with spaces', '---\nname: " pdf"\ndescription: d\n---\n',
      ['frontmatter name " pdf" does not match folder "pdf"', 'frontmatter name " pdf" is not a valid skill name']],
    ['a description of 1025 characters', `---\ndescription: ${'d'.repeat(1025)}\n---\n`, ['description longer than 1024 characters']],
    ['YAML repaired by quoting', '---\nname: pdf\ndescription: Fill forms. Use when: a PDF arrives\n---\n', ['frontmatter YAML repaired (1 values quoted)']],
  ])('%s', async (_name, text, warnings) => {
    await writeTree(root, { 'skills/pdf/SKILL.md': text })
    const { skills, skipped } = await expand(['skills/*/SKILL.md'])
    expect([skipped, skills.map((s) => [s.id, s.warnings])]).toEqual([[], [['pdf', warnings]]])
  })

  it('keeps the whole long description everywhere but the index bullet, which D1 cuts', async () => {
    const long = `${'word '.repeat(300)}end`
    await writeTree(root, { 'skills/pdf/SKILL.md': `---\ndescription: ${long}\n---\n` })
    const [entry] = (await expand(['skills/*/SKILL.md'])).skills
    expect([entry?.fullDescription, entry?.discovery.description, entry?.description?.length]).toEqual([long, long, 143])
  })
})

describe('what a folder entry carries (E1.3, E5.3, E2 fields)', () => {
  it('loads id, kind, size, date, title, description, frontmatter and discovery fields from one read', async () => {
    const text = '---\nname: pdf\ndescription: >\n  Fill PDF forms.\n  Use for invoices.\nlicense: MIT\n' +
      'metadata:\n  version: "1.2.0"\nversion: "9.9.9"\ntags: [pdf, forms]\nallowed-tools: Bash(python:*)\n---\n# PDF tools\n\nHow to fill forms.\n'
    await writeTree(root, { 'skills/pdf/SKILL.md': text })
    const path = join(root, 'skills/pdf/SKILL.md')
    const { mtime } = await stat(path)
    expect((await expand(['skills/*/SKILL.md'])).skills).toEqual([{
      id: 'pdf',
      path,
      kind: 'folder',
      bytes: Buffer.byteLength(text),
      registeredAt: formatTimestamp(mtime),
      title: 'pdf',
      description: 'Fill PDF forms. Use for invoices.',
      fullDescription: 'Fill PDF forms. Use for invoices.',
      bodyBytes: Buffer.byteLength('# PDF tools\n\nHow to fill forms.\n'),
      frontmatter: {
        name: 'pdf',
        description: 'Fill PDF forms. Use for invoices.\n',
        license: 'MIT',
        metadata: { version: '1.2.0' },
        version: '9.9.9',
        tags: ['pdf', 'forms'],
        'allowed-tools': 'Bash(python:*)',
      },
      discovery: { version: '1.2.0', description: 'Fill PDF forms. Use for invoices.', tags: ['pdf', 'forms'] },
    }])
  })

  it.each([
    ['metadata.title before anything else', '---\nname: pdf\ntitle: Top\nmetadata: {title: PDF forms}\ndescription: d\n---\n# Heading\n', 'pdf', 'PDF forms'],
    ['the top-level title next', '---\nname: pdf\ntitle: PDF toolkit\ndescription: d\n---\n# Heading\n', 'pdf', 'PDF toolkit'],
    ['the frontmatter name, never the body H1', '---\nname: pdf\ndescription: d\n---\n# Requirements for Outputs\n', 'pdf', 'pdf'],
    ['the last id segment when there is no name', '---\ndescription: d\n---\n# Heading\n', 'acme/billing', 'billing'],
    ['the frontmatter name when the body is empty', '---\nname: billing\ndescription: d\n---\n', 'acme/billing', 'billing'],
  ])('titles a folder with %s', async (_name, text, id, title) => {
    await writeTree(root, { [`skills/${id}/SKILL.md`]: text })
    expect((await expand(['skills/**/SKILL.md'])).skills.map((s) => s.title)).toEqual([title])
  })

  it('cuts the index description at 140 code points (D1) and keeps it on one line', async () => {
    await writeTree(root, { 'skills/pdf/SKILL.md': `---\ndescription: |\n  first line\n\n  ${'x'.repeat(200)}\n---\n` })
    const [entry] = (await expand(['skills/*/SKILL.md'])).skills
    expect(entry?.description).toBe(`first line ${'x'.repeat(129)}...`)
    expect(entry?.discovery.description).toBe(`first line\n\n${'x'.repeat(200)}`)
  })

  it.each([
    ['metadata.version first', 'metadata: {version: "2.0.0"}\nversion: "1.0.0"', { version: '2.0.0' }],
    ['then version', 'metadata: {version: 2}\nversion: "1.0.0"', { version: '1.0.0' }],
    ['no version when it is not a string', 'version: 1.5', {}],
    ['tags only when every tag is a string', 'tags: [a, 1]', {}],
    ['tags as given', 'tags: [billing, invoices]', { tags: ['billing', 'invoices'] }],
  ])('reads E2 fields: %s', async (_name, extra, expected) => {
    await writeTree(root, { 'skills/pdf/SKILL.md': `---\ndescription: d\n${extra}\n---\n` })
    expect((await expand(['skills/*/SKILL.md'])).skills[0]?.discovery).toEqual({ description: 'd', ...expected })
  })

  it('gives a markdown file its frontmatter when it starts with a parsable block, {} otherwise', async () => {
    await writeTree(root, {
      's/with.md': '---\nversion: "3.1.0"\ndescription: From frontmatter.\n---\n# With\n\nFrom body.\n',
      's/broken.md': '---\nversion: [unclosed\n---\n# Broken\n',
      's/plain.md': '# Plain\n\nBody text.\n',
    })
    const { skills } = await expand(['s/*.md'])
    expect(skills.map(({ id, kind, title, description, frontmatter, discovery }) => ({ id, kind, title, description, frontmatter, discovery }))).toEqual([
      { id: 'broken', kind: 'file', title: 'Broken', description: undefined, frontmatter: {}, discovery: {} },
      { id: 'plain', kind: 'file', title: 'Plain', description: 'Body text.', frontmatter: {}, discovery: {} },
      {
        id: 'with', kind: 'file', title: 'With', description: 'From body.',
        frontmatter: { version: '3.1.0', description: 'From frontmatter.' },
        discovery: { version: '3.1.0', description: 'From frontmatter.' },
      },
    ])
  })

  it('still lists a markdown file it cannot read, titled by its id, as upstream does', async () => {
    await writeTree(root, { 's/bin.md': Buffer.from([0xff, 0xfe]) })
    const { skills } = await expand(['s/*.md'])
    expect(skills.map(({ id, title, bytes }) => ({ id, title, bytes }))).toEqual([{ id: 'bin', title: undefined, bytes: 2 }])
  })
})

describe('boot diagnostics for skill folders', () => {
  it('logs every served folder and one skipped fs entry warning per refused folder, naming its reason', async () => {
    await writeTree(root, {
      'skills/good/SKILL.md': skill('good'),
      'skills/named-wrong/SKILL.md': skill('other'),
      'skills/bare/SKILL.md': '# Bare\n',
    })
    const { log, lines } = captureLogger()
    expect(await logFsHealth({ skills: ['skills/*/SKILL.md'], prompts: [] }, root, log)).toEqual({ skills: 2, prompts: 0, skipped: 1 })
    expect(lines()).toEqual([
      { level: 30, msg: 'loaded fs-backed skill', id: 'good', path: join(root, 'skills/good/SKILL.md') },
      { level: 30, msg: 'loaded fs-backed skill', id: 'named-wrong', path: join(root, 'skills/named-wrong/SKILL.md') },
      { level: 40, msg: 'fs skill served with a warning', id: 'named-wrong', path: join(root, 'skills/named-wrong/SKILL.md'), warning: 'frontmatter name "other" does not match folder "named-wrong"' },
      { level: 40, msg: 'skipped fs entry', kind: 'skill', path: join(root, 'skills/bare/SKILL.md'), reason: 'missing YAML frontmatter (expected --- ... --- block at file start)' },
      { level: 30, msg: 'fs source scan complete', skills: 2, prompts: 0, skipped: 1, base_dir: root },
    ])
  })
})
