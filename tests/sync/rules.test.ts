/**
 * The pure rules of `iii-skills sync` (E21.1, E21.2, E21.5): the folder a skill goes to, the SKILL.md
 * written for a skill that is not a folder, whether a folder's copy passes the Agent Skills reference
 * validator (compared with skills-ref itself on every case), and the plan against the manifest.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { validate } from 'skills-ref'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { splitFrontmatter } from '../../src/core/index.js'
import { placementOf } from '../../src/sync/folder-name.js'
import { unloadableReason } from '../../src/sync/loadable.js'
import { parseManifest, renderManifest } from '../../src/sync/manifest.js'
import { foldersToInspect, planSync } from '../../src/sync/plan.js'
import { descriptionOf, writtenSkillMd } from '../../src/sync/skill-md.js'
import { removeTree, tempDir } from './support.js'

let root: string
beforeAll(async () => { root = await tempDir() })
afterAll(async () => { await removeTree(root) })

/** skills-ref's verdict on a folder named `folder` holding `skillMd`. */
async function reference(folder: string, skillMd: string): Promise<string[]> {
  const dir = join(root, String(Math.random()).slice(2), folder)
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'SKILL.md'), skillMd)
  return validate(dir)
}

const folder = (id: string, text: string) => placementOf({ id, kind: 'folder', text })
const other = (id: string, text: string) => placementOf({ id, kind: 'other', text })

describe('the folder a skill is written to (E21.1)', () => {
  it('is the frontmatter name when valid, else the id with "/" as "-"', () => {
    expect(folder('acme/billing', '---\nname: billing\ndescription: d\n---\n')).toEqual({ folder: 'billing' })
    expect(folder('acme/billing', '---\nname: refunds\ndescription: d\n---\n')).toEqual({ folder: 'refunds' })
    expect(folder('acme/billing', '---\ndescription: d\n---\n')).toEqual({ folder: 'acme-billing' })
    expect(other('team/standup', '# Standup\n')).toEqual({ folder: 'team-standup' })
    expect(other('team/standup', '---\nname: Not Valid\n---\n# Standup\n')).toEqual({ folder: 'team-standup' })
  })

  it('leaves out a folder skill whose name is present but invalid, quoting it as Rust Debug does', () => {
    expect(folder('pdf', '---\nname: "PDF \\"tools\\"\\ttab"\ndescription: d\n---\n')).toEqual({ skipped: 'skipped pdf: name "PDF \\"tools\\"\\ttab" is not a valid skill name' })
    expect(folder('a', '---\nname: --a\ndescription: d\n---\n')).toEqual({ skipped: 'skipped a: name "--a" is not a valid skill name' })
  })

  it('leaves out a skill whose id gives no valid name either (the written name must be its folder)', () => {
    expect(other('team/stand_up', '# Standup\n')).toEqual({ skipped: 'skipped team/stand_up: name "team-stand_up" is not a valid skill name' })
  })
})

describe('the SKILL.md of a skill that is not a folder (E21.1, E21.5)', () => {
  it('takes the skill\'s description, else its title, else its first paragraph, else the folder name', () => {
    expect(descriptionOf('x', '---\ndescription: "  Own words  "\ntitle: T\n---\n# Title\n\nPara.\n')).toBe('Own words')
    expect(descriptionOf('x', '# Title\n\nPara.\n')).toBe('Title')
    expect(descriptionOf('x', 'First para\nstill first.\n\nSecond.\n')).toBe('First para still first.')
    expect(descriptionOf('x', '')).toBe('x')
  })

  it('is followed by the body exactly, and passes skills-ref whatever the description holds', async () => {
    const cases = [
      ['# Title\n\nBody with --- inside.\n', '# Title\n\nBody with --- inside.\n'],
      [`---\ndescription: "${'word '.repeat(400)}"\n---\nLong.\n`, 'Long.\n'],
      ['---\ndescription: "a --- b: c # d \\" \' \\\\ é 🎉"\n---\nQuotes.\n', 'Quotes.\n'],
      [`${'🎉'.repeat(600)}\n`, `${'🎉'.repeat(600)}\n`],
      ['---\nname: x\ndescription: y\n---\n---\nnested: frontmatter\n---\nbody\n', '---\nnested: frontmatter\n---\nbody\n'],
    ] as const
    for (const [text, body] of cases) {
      const written = writtenSkillMd('some-skill', text, body)
      expect(splitFrontmatter(written).body).toBe(body)
      expect([text, await reference('some-skill', written)]).toEqual([text, []])
    }
    const long = writtenSkillMd('some-skill', `${'🎉'.repeat(600)}\n`, '')
    expect(JSON.parse(/description: (.*)\n/.exec(long)?.[1] ?? '""').length).toBeLessThanOrEqual(1024)
  })
})

describe('a folder copy passes the reference validator exactly when unloadableReason says so (E21.5)', () => {
  const cases: Array<[string, string]> = [
    ['pdf', '---\nname: pdf\ndescription: Fill PDF forms. Use when asked.\nlicense: MIT\nmetadata:\n  version: "1"\nallowed-tools: Read\ncompatibility: any\n---\nBody\n'],
    ['pdf', '---\nname: pdf\ndescription: d\nrequires:\n  mcp: [rube]\n---\n'],
    ['pdf', '---\nname: pdf\ndescription: d\nversion: 1.0\n---\n'],
    ['pdf', '---\ndescription: d\n---\n'],
    ['pdf', '---\nname: pdf\n---\n'],
    ['pdf', '---\nname: pdf\ndescription: "   "\n---\n'],
    ['pdf', `---\nname: pdf\ndescription: ${'d'.repeat(1025)}\n---\n`],
    ['pdf', `---\nname: pdf\ndescription: ${'d'.repeat(1024)}\n---\n`],
    ['pdf', `---\nname: pdf\ndescription: d\ncompatibility: ${'c'.repeat(501)}\n---\n`],
    ['pdf', '---\nname: pdf\ndescription: d\ncompatibility: [a]\n---\n'],
    ['pdf', '---\nname: pdf\ndescription: Use when: the user asks\n---\n'],
    ['pdf', '---\nname: pdf\ndescription: a --- b\n---\n'],
    ['pdf', '# no frontmatter\n'],
    ['pdf', '---\nname: pdf\ndescription: d\n'],
    ['pdf', '---\n- a\n- b\n---\n'],
    ['pdf', '---\r\nname: pdf\r\ndescription: d\r\n---\r\nBody\r\n'],
    ['pdf', '---\nname: pdf\ndescription: "a --- b"\n---\n'],
    ['pdf', '---\nname: PDF\ndescription: d\n---\n'],
    ['pdf', '---\nname: other\ndescription: d\n---\n'],
    ['pdf', '\ufeff---\nname: pdf\ndescription: d\n---\n'],
  ]
  it.each(cases.map((c, i) => [i, ...c] as const))('case %i', async (_i, name, skillMd) => {
    const reason = unloadableReason(skillMd, name)
    const theirs = await reference(name, skillMd)
    expect({ ours: reason === undefined, theirs }).toEqual({ ours: theirs.length === 0, theirs: reason === undefined ? [] : theirs })
  })

  it('names the rule that fails, with check\'s texts', () => {
    expect(unloadableReason(cases[1]![1], 'pdf')).toBe('frontmatter key "requires" is not an Agent Skills field (name, description, license, compatibility, metadata, allowed-tools)')
    expect(unloadableReason(cases[3]![1], 'pdf')).toBe('frontmatter has no `name`')
    expect(unloadableReason(cases[6]![1], 'pdf')).toBe('description longer than 1024 characters')
    expect(unloadableReason(cases[12]![1], 'pdf')).toBe('missing YAML frontmatter (expected --- ... --- block at file start)')
  })
})

describe('the plan against the manifest (E21.2, E21.3)', () => {
  const files = (digest: string): Record<string, string> => ({ 'SKILL.md': digest })
  const manifest = { folders: { same: { id: 'same', files: files('1') }, changed: { id: 'changed', files: files('1') }, edited: { id: 'edited', files: files('1') }, gone: { id: 'gone', files: files('1') }, goneEdited: { id: 'goneEdited', files: files('1') }, deleted: { id: 'deleted', files: files('1') } } }
  const desired = new Map([
    ['same', { id: 'same', files: files('1') }],
    ['changed', { id: 'changed', files: files('2') }],
    ['edited', { id: 'edited', files: files('2') }],
    ['foreign', { id: 'foreign', files: files('1') }],
    ['new', { id: 'new', files: files('1') }],
  ])
  const present = new Set(['same', 'changed', 'edited', 'gone', 'goneEdited', 'foreign'])

  it('reads from disk only the folders it would replace or remove, and touches nothing else', () => {
    expect(foldersToInspect(desired, manifest, present)).toEqual(['changed', 'edited', 'gone', 'goneEdited'])
    const digests = new Map([['changed', { files: files('1') }], ['edited', { files: files('9') }], ['gone', { files: files('1') }], ['goneEdited', { files: { ...files('1'), 'notes.txt': '5' } }]])
    expect(planSync(desired, manifest, { present, digests })).toEqual({
      write: ['changed', 'new'], remove: ['gone'], unchanged: ['same'], foreign: ['foreign'], kept: ['edited', 'goneEdited'], forgotten: ['deleted'],
    })
  })

  it('treats a file made executable or not as a change, on either side', () => {
    const script = { 'SKILL.md': '1', 'run.sh': '2' }
    const written = { folders: { tool: { id: 'tool', files: script } } }
    const present = new Set(['tool'])
    const plain = new Map([['tool', { id: 'tool', files: script }]])
    const runnable = new Map([['tool', { id: 'tool', files: script, executable: ['run.sh'] }]])
    expect(planSync(plain, written, { present, digests: new Map() }).unchanged).toEqual(['tool'])
    expect(foldersToInspect(runnable, written, present)).toEqual(['tool'])
    expect(planSync(runnable, written, { present, digests: new Map([['tool', { files: script }]]) }).write).toEqual(['tool'])
    expect(planSync(plain, { folders: { tool: runnable.get('tool')! } }, { present, digests: new Map([['tool', { files: script }]]) }).kept).toEqual(['tool'])
  })

  it('keeps the manifest\'s bytes stable, and refuses one that is not', () => {
    const text = renderManifest({ folders: { b: { id: 'b', files: { 'z.sh': 'sha256:2', 'SKILL.md': 'sha256:1' }, executable: ['z.sh'] }, a: { id: 'x/a', files: {}, executable: [] } } })
    expect(text).toBe('{\n  "version": 1,\n  "folders": {\n    "a": {\n      "id": "x/a",\n      "files": {}\n    },\n    "b": {\n      "id": "b",\n      "files": {\n        "SKILL.md": "sha256:1",\n        "z.sh": "sha256:2"\n      },\n      "executable": [\n        "z.sh"\n      ]\n    }\n  }\n}\n')
    expect(renderManifest(parseManifest(text) as never)).toBe(text)
    expect(parseManifest('{"version":2,"folders":{}}')).toEqual({ error: 'not a version 1 manifest' })
    expect(parseManifest('{')).toHaveProperty('error')
  })
})
