import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { encodeListCursor } from '../../src/core/list-cursor.js'
import { describeProtocolSkill, listProtocolSkills, readProtocolSkillFile } from '../../src/functions/discovery.js'
import { parseInput } from '../../src/schemas/parse.js'
import { DescribeSkillRequest, ListSkillsRequest, ReadSkillFileRequest } from '../../src/schemas/discovery.js'
import { goldenText } from '../support/golden.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { fakeDeps, type FakeWorld } from './fake-deps.js'

let root: string
let world: FakeWorld
const PDF_SKILL = '---\nname: pdf\ndescription: Fill PDF forms.\nmetadata:\n  version: "1.2.0"\ntags: [pdf]\n---\n# PDF\n\nBody.\n'
const PLAIN = '---\nversion: "0.3.0"\n---\n# Plain\n\nA plain file.\n'
const sha = (text: string | Buffer) => `sha256:${createHash('sha256').update(text).digest('hex')}`
const BILLING_SKILL = '---\ndescription: Billing runbooks.\nversion: "2.0.0"\n---\n# Billing\n'

beforeEach(async () => {
  root = await makeTempDir()
  await writeTree(root, {
    'skills/pdf/SKILL.md': PDF_SKILL,
    'skills/pdf/references/forms.md': '# Forms\n',
    'skills/pdf/skill.toml': 'name = "pdf"\nversion = "1.2.0"\n[deps]\ntools = ["python"]\n',
    'skills/acme/billing/SKILL.md': BILLING_SKILL,
    'notes/plain.md': PLAIN,
  })
  world = fakeDeps({ baseDir: root, config: { skills: ['skills/**/SKILL.md', 'notes/*.md'] } })
  world.state.rows('skills').set('acme', { id: 'acme', skill: '# Acme\n\nThe acme company.\n', registered_at: 't' })
})
afterEach(async () => {
  await removeTempDir(root)
})

const list = async (input: unknown) => listProtocolSkills(parseInput(ListSkillsRequest, input), world.deps)
const describeSkill = async (input: unknown) => describeProtocolSkill(parseInput(DescribeSkillRequest, input), world.deps)
const read = async (input: unknown) => readProtocolSkillFile(parseInput(ReadSkillFileRequest, input), world.deps)

describe('skill::list_skills', () => {
  it('lists state rows and fs skills once, by name, with names and versions by default', async () => {
    expect(await list({})).toEqual({
      skills: [
        { name: 'acme', version: '0.0.0' },
        { name: 'acme.billing', version: '2.0.0' },
        { name: 'pdf', version: '1.2.0' },
        { name: 'plain', version: '0.3.0' },
      ],
      next_cursor: null,
    })
  })

  it('gives description, namespace and kind with detail "summary"', async () => {
    expect((await list({ detail: 'summary', namespace: 'acme' })).skills).toEqual([
      { name: 'acme', version: '0.0.0', description: 'The acme company.', namespace: 'acme', kind: 'instruction', tokens: 9 },
      { name: 'acme.billing', version: '2.0.0', description: 'Billing runbooks.', namespace: 'acme', kind: 'instruction', tokens: 3 },
    ])
  })

  it('pages by name with an opaque cursor until next_cursor is null', async () => {
    const first = await list({ limit: 3 })
    expect(first.skills.map((s) => s.name)).toEqual(['acme', 'acme.billing', 'pdf'])
    expect(first.next_cursor).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/))
    const second = await list({ limit: 3, cursor: first.next_cursor })
    expect(second).toEqual({ skills: [{ name: 'plain', version: '0.3.0' }], next_cursor: null })
  })

  it('neither repeats nor skips an entry when others come and go between pages', async () => {
    const first = await list({ limit: 2 })
    world.state.rows('skills').delete('acme')
    world.state.rows('skills').set('aaa', { id: 'aaa', skill: '# A\n', registered_at: 't' })
    world.state.rows('skills').set('zzz', { id: 'zzz', skill: '# Z\n', registered_at: 't' })
    const second = await list({ limit: 2, cursor: first.next_cursor })
    const third = await list({ limit: 2, cursor: second.next_cursor })
    expect([first, second, third].flatMap((page) => page.skills.map((s) => s.name))).toEqual(['acme', 'acme.billing', 'pdf', 'plain', 'zzz'])
    expect(third.next_cursor).toBeNull()
  })

  it('ends with next_cursor null when the last page is exactly full', async () => {
    expect((await list({ limit: 4 })).next_cursor).toBeNull()
  })

  it.each<[string, unknown, string]>([
    ['a limit of 0', { limit: 0 }, 'invalid value for field `limit`: must be an integer from 1 to 500'],
    ['a limit of 501', { limit: 501 }, 'invalid value for field `limit`: must be an integer from 1 to 500'],
    ['a fractional limit', { limit: 2.5 }, 'invalid type for field `limit`: expected integer, got float'],
    ['an unknown detail', { detail: 'full' }, 'invalid value for field `detail`: must be one of "names", "summary"'],
    ['a cursor that is not ours', { cursor: 'bm9wZQ' }, 'invalid value for field `cursor`: not a cursor returned by list_skills'],
    ['a cursor with other characters', { cursor: '{"m":1}' }, 'invalid value for field `cursor`: not a cursor returned by list_skills'],
    ['a cursor for another namespace', { cursor: encodeListCursor('acme', 'acme') }, 'invalid value for field `cursor`: was returned for another namespace'],
    ['a namespace-less cursor in a namespace walk', { namespace: 'acme', cursor: encodeListCursor('acme', undefined) }, 'invalid value for field `cursor`: was returned for another namespace'],
  ])('refuses %s, naming the field', async (_case, input, message) => {
    await expect(list(input)).rejects.toThrowError(new SkillsError(message))
  })

  it('ignores unknown fields and accepts null for "not given"', async () => {
    expect((await list({ _caller_worker_id: 'w', namespace: null, cursor: null })).skills).toHaveLength(4)
  })
})

describe('skill::describe_skill', () => {
  // Whole answers are goldens (tests/support/golden.ts), which UPDATE_GOLDENS=1 writes; what each
  // test is about is also said here, from the fixture, so a golden written wrong cannot pass it.
  it('serves a folder\'s skill.toml as the manifest, with the frontmatter by default', async () => {
    const answer = await describeSkill({ name: 'pdf' })
    expect(answer.skill.manifest).toEqual({ name: 'pdf', version: '1.2.0', deps: { tools: ['python'] } })
    await expect(goldenText(answer)).toMatchFileSnapshot('./__snapshots__/describe-pdf-summary.json')
  })

  it('builds the manifest of a folder without skill.toml, and gives SKILL.md as on disk with detail "full"', async () => {
    const answer = await describeSkill({ name: 'acme.billing', detail: 'full', version: '2.0.0' })
    expect(answer.skill.skill_md_content).toBe(BILLING_SKILL)
    await expect(goldenText(answer)).toMatchFileSnapshot('./__snapshots__/describe-acme-billing-full.json')
  })

  it('describes a state row from its body and a markdown file from its text', async () => {
    const row = await describeSkill({ name: 'acme', detail: 'full' })
    expect(row.skill.skill_md_content).toBe('# Acme\n\nThe acme company.\n')
    await expect(goldenText(row)).toMatchFileSnapshot('./__snapshots__/describe-acme-full.json')
    const file = await describeSkill({ name: 'plain', detail: 'manifest' })
    expect(file.skill.digest).toBe(sha(PLAIN))
    await expect(goldenText(file)).toMatchFileSnapshot('./__snapshots__/describe-plain-manifest.json')
  })

  it('lists a folder\'s own files with sizes and digests (E6.8), none of a nested skill folder\'s', async () => {
    await writeTree(root, { 'skills/acme/billing/notes/refunds.md': '# Refunds\n', 'skills/acme/billing/logo.bin': Buffer.from([0, 255]) })
    const { skill } = await describeSkill({ name: 'acme.billing', detail: 'full' }) as { skill: { files: unknown } }
    expect(skill.files).toEqual([
      { path: 'SKILL.md', size: Buffer.byteLength(BILLING_SKILL), digest: sha(BILLING_SKILL) },
      { path: 'logo.bin', size: 2, digest: sha(Buffer.from([0, 255])) },
      { path: 'notes/refunds.md', size: 10, digest: sha('# Refunds\n') },
    ])
  })

  it('answers read_skill_file with not_modified when the file still has the digest (E6.8), else the content', async () => {
    expect(await read({ name: 'pdf', path: 'SKILL.md', if_none_match: sha(PDF_SKILL) })).toEqual({ not_modified: true, digest: sha(PDF_SKILL) })
    expect(await read({ name: 'pdf', path: 'SKILL.md', if_none_match: sha('old') })).toEqual({ content: PDF_SKILL })
  })

  it('reads the file at call time', async () => {
    await writeTree(root, { 'skills/acme/billing/SKILL.md': BILLING_SKILL.replace('2.0.0', '2.1.0') })
    expect((await describeSkill({ name: 'acme.billing', detail: 'manifest' })).skill.manifest).toMatchObject({ version: '2.1.0' })
  })

  it.each<[string, unknown, string]>([
    ['an unknown name', { name: 'nope' }, 'Skill not found: nope'],
    ['an id instead of a name', { name: 'acme/billing' }, 'Skill not found: acme/billing'],
    ['a name that is no id', { name: 'Acme' }, 'Skill not found: Acme'],
    ['another version', { name: 'pdf', version: '9.9.9' }, 'Skill version not found: pdf@9.9.9'],
    ['an unknown detail', { name: 'pdf', detail: 'names' }, 'invalid value for field `detail`: must be one of "manifest", "summary", "full"'],
    ['a missing name', {}, 'missing field `name`'],
  ])('refuses %s', async (_case, input, message) => {
    await expect(describeSkill(input)).rejects.toThrowError(new SkillsError(message))
  })

  it('names a skill.toml that does not parse', async () => {
    await writeTree(root, { 'skills/pdf/skill.toml': 'name = \n' })
    await expect(describeSkill({ name: 'pdf' })).rejects.toThrowError(/^Invalid skill\.toml of pdf: /)
  })
})

describe('skill::read_skill_file', () => {
  it('reads SKILL.md and any file below the folder', async () => {
    expect(await read({ name: 'pdf', path: 'SKILL.md' })).toEqual({ content: PDF_SKILL })
    expect(await read({ name: 'pdf', path: 'references/forms.md', version: '1.2.0' })).toEqual({ content: '# Forms\n' })
  })

  it('serves only SKILL.md of a state row (its body) and of a markdown file (its text)', async () => {
    expect(await read({ name: 'acme', path: 'SKILL.md' })).toEqual({ content: '# Acme\n\nThe acme company.\n' })
    expect(await read({ name: 'plain', path: 'SKILL.md' })).toEqual({ content: '---\nversion: "0.3.0"\n---\n# Plain\n\nA plain file.\n' })
    await expect(read({ name: 'acme', path: 'references/x.md' })).rejects.toThrowError(new SkillsError('File not found: references/x.md'))
  })

  it('lets a state row shadow the fs skill of the same id', async () => {
    world.state.rows('skills').set('pdf', { id: 'pdf', skill: '# Stored pdf\n', registered_at: 't' })
    expect(await read({ name: 'pdf', path: 'SKILL.md' })).toEqual({ content: '# Stored pdf\n' })
    await expect(read({ name: 'pdf', path: 'references/forms.md' })).rejects.toThrowError(new SkillsError('File not found: references/forms.md'))
  })

  it('does not serve the files of a nested skill folder as the parent\'s', async () => {
    await writeTree(root, { 'skills/acme/SKILL.md': '---\ndescription: Acme.\n---\n', 'skills/acme/notes.md': 'acme notes' })
    world.state.rows('skills').delete('acme')
    expect(await read({ name: 'acme', path: 'notes.md' })).toEqual({ content: 'acme notes' })
    await expect(read({ name: 'acme', path: 'billing/SKILL.md' })).rejects.toThrowError(new SkillsError('File not found: billing/SKILL.md'))
  })

  it('checks the path before looking the skill up', async () => {
    await expect(read({ name: 'nope', path: '../x' })).rejects.toThrowError(new SkillsError(`Invalid path "../x": must not contain a '..' segment`))
    expect(world.state.calls).toEqual([])
  })
})
