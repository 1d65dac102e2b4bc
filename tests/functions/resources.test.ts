import { ListResourcesResultSchema, ListResourceTemplatesResultSchema, ReadResourceResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { listResources, listResourceTemplates, readResource } from '../../src/functions/resources.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { fakeDeps, seedSkills, type FakeWorld } from './fake-deps.js'

const INDEX = { description: 'Index of every registered skill', mimeType: 'text/markdown', name: 'skills', uri: 'iii://skills' }
const HEADER =
  "# Skills\n\nRead each skill's resource for orientation on when and why to call its functions. Sub-skills are indented " +
  'under their parent path so a top-level skill stays small and the LLM can drill in only when it needs more detail.\n\n'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

const read = (world: FakeWorld, uri: string) => readResource({ uri }, world.deps)

describe('skills::resources-list', () => {
  it('puts the index first, then state skills by id, then unshadowed fs skills by id (not merged)', async () => {
    await writeTree(root, {
      'fs/a.md': '---\nname: x\n---\n# File A\n',
      'fs/m.md': 'no heading',
      'fs/z.md': '# shadowed file',
      'fs/empty.md': '\n\n',
    })
    const world = fakeDeps({ baseDir: root, config: { skills: ['fs/*.md'] } })
    seedSkills(world, { z: '# Zed\nbody', b: '# \nbare', c: 'no title' })
    const result = await listResources({}, world.deps)
    expect(result).toEqual({
      resources: [
        INDEX,
        { mimeType: 'text/markdown', name: '', uri: 'iii://b' },
        { mimeType: 'text/markdown', name: 'c', uri: 'iii://c' },
        { mimeType: 'text/markdown', name: 'Zed', uri: 'iii://z' },
        { mimeType: 'text/markdown', name: 'File A', uri: 'iii://a' },
        { mimeType: 'text/markdown', name: 'empty', uri: 'iii://empty' },
        { mimeType: 'text/markdown', name: 'm', uri: 'iii://m' },
      ],
    })
    expect(Object.keys(result.resources[0] as object)).toEqual(['description', 'mimeType', 'name', 'uri'])
    expect(Object.keys(result.resources[1] as object)).toEqual(['mimeType', 'name', 'uri'])
    expect(ListResourcesResultSchema.safeParse(result).success).toBe(true)
  })

  it('swallows a state::list failure: zero state skills and fs entries unfiltered', async () => {
    await writeTree(root, { 'fs/a.md': '# A' })
    const world = fakeDeps({ baseDir: root, config: { skills: ['fs/*.md'] } })
    seedSkills(world, { a: '# state A' })
    world.state.failures.set('list', new Error('state down'))
    expect(await listResources({}, world.deps)).toEqual({
      resources: [INDEX, { mimeType: 'text/markdown', name: 'A', uri: 'iii://a' }],
    })
  })
})

describe('skills::resources-templates', () => {
  it('answers the two constant templates', async () => {
    const result = await listResourceTemplates({}, fakeDeps().deps)
    expect(JSON.stringify(result)).toBe(
      '{"resourceTemplates":[' +
        '{"description":"Markdown body of a registered skill (1+ segments separated by \'/\')","mimeType":"text/markdown","name":"Skill","uriTemplate":"iii://{skill_id}"},' +
        '{"description":"Trigger the function at `function_path` (each \'/\' becomes \'::\') with empty input and serve its output. e.g. `iii://fn/scope/echo` triggers `scope::echo`.","mimeType":"text/markdown","name":"Skill section","uriTemplate":"iii://fn/{function_path}"}]}',
    )
    expect(ListResourceTemplatesResultSchema.safeParse(result).success).toBe(true)
  })
})

describe('skills::resources-read', () => {
  it('serves a state body untrimmed with the uri exactly as given', async () => {
    const world = fakeDeps()
    seedSkills(world, { 'a/b': '\n# B\nbody  \n\n' })
    const result = await read(world, 'iii://a/b')
    expect(result).toEqual({ contents: [{ mimeType: 'text/markdown', text: '\n# B\nbody  \n\n', uri: 'iii://a/b' }] })
    expect(Object.keys(result.contents[0] as object)).toEqual(['mimeType', 'text', 'uri'])
    expect(ReadResourceResultSchema.safeParse(result).success).toBe(true)
  })

  it('prefers state over an fs file with the same id, and serves the fs body (frontmatter stripped) otherwise', async () => {
    await writeTree(root, { 'fs/a.md': 'file a', 'fs/b.md': '---\nk: v\n---\nfile b\n' })
    const world = fakeDeps({ baseDir: root, config: { skills: ['fs/*.md'] } })
    seedSkills(world, { a: 'state a' })
    expect((await read(world, 'iii://a')).contents[0]?.text).toBe('state a')
    expect((await read(world, 'iii://b')).contents[0]?.text).toBe('file b\n')
  })

  it.each<[string, string]>([
    ['iii://nope', 'Skill not found: nope'],
    ['iii://no-parent/no-child', 'Skill not found: no-parent/no-child'],
    ['iii://Bad', 'Skill not found: Bad'],
    ['iii://brain/brain::summarize', 'Skill not found: brain/brain::summarize (function links use iii://fn/brain/summarize)'],
    ['https://example.com', 'Resource URI must start with iii://: https://example.com'],
    ['iii://', 'Empty resource id: iii://'],
    [' iii://a', 'Resource URI must start with iii://:  iii://a'],
    ['iii://fn', "Section URI 'iii://fn' is missing a function path: expected iii://fn/{a}/{b}/...: iii://fn"],
    ['iii://fn/', "Resource URI may not contain empty segments (no leading, trailing, or doubled '/'): iii://fn/"],
    ['iii://skills/', "Resource URI may not contain empty segments (no leading, trailing, or doubled '/'): iii://skills/"],
    ['iii://fn/a/b::c', `invalid section URI segment "b::c": segment may only contain lowercase ASCII letters, digits, '-' and '_': "b::c"`],
    ['iii://fn/state/set', "Function 'state::set' is in an internal namespace and cannot back a skill resource"],
    ['iii://fn/prompts/register', "Function 'prompts::register' is in an internal namespace and cannot back a skill resource"],
  ])('fails %s with the spec text', async (uri, message) => {
    await expect(read(fakeDeps(), uri)).rejects.toThrowError(new SkillsError(message))
  })

  it('does not look up state for an invalid id (D5)', async () => {
    const world = fakeDeps()
    await expect(read(world, 'iii://UPPER')).rejects.toThrowError(new SkillsError('Skill not found: UPPER'))
    expect(world.state.calls).toEqual([])
  })

  it('wraps a state::get transport error as "state::get: {err}"', async () => {
    const world = fakeDeps()
    world.state.failures.set('get', new Error('timeout'))
    await expect(read(world, 'iii://a')).rejects.toThrowError(new SkillsError('state::get: timeout'))
  })

  it('reports a stored row that does not decode', async () => {
    const world = fakeDeps()
    world.state.rows('skills').set('a', { id: 'a', registered_at: 't' })
    await expect(read(world, 'iii://a')).rejects.toThrowError(new SkillsError('decode stored skill a: missing field `skill`'))
  })

  it('passes fs read errors through (empty body)', async () => {
    await writeTree(root, { 'fs/a.md': '---\nk: v\n---\n\n\n' })
    const world = fakeDeps({ baseDir: root, config: { skills: ['fs/*.md'] } })
    await expect(read(world, 'iii://a')).rejects.toThrowError(new SkillsError(`file ${root}/fs/a.md has empty body`))
  })

  describe('sections', () => {
    it.each<[string, unknown, string, string]>([
      ['a string as markdown', '# hi', 'text/markdown', '# hi'],
      ['{content} as markdown', { content: 'obj', other: 1 }, 'text/markdown', 'obj'],
      ['other JSON as sorted pretty JSON', { label: 'json', count: 42 }, 'application/json', '{\n  "count": 42,\n  "label": "json"\n}'],
      ['an absent result as null', undefined, 'application/json', 'null'],
    ])('serves %s', async (_case, output, mimeType, text) => {
      const world = fakeDeps()
      world.functions.set('scope::echo', () => output)
      expect(await read(world, 'iii://fn/scope/echo')).toEqual({ contents: [{ mimeType, text, uri: 'iii://fn/scope/echo' }] })
      expect(world.invocations).toEqual([{ functionId: 'scope::echo', payload: {} }])
    })

    it('wraps a trigger failure as "trigger {function_id}: {err}"', async () => {
      await expect(read(fakeDeps(), 'iii://fn/a/b/c')).rejects.toThrowError(
        new SkillsError('trigger a::b::c: function_not_found: Function a::b::c not found'),
      )
    })

    it('never invokes a hard-floored function', async () => {
      const world = fakeDeps()
      await expect(read(world, 'iii://fn/mcp/handler')).rejects.toThrow('internal namespace')
      expect(world.invocations).toEqual([])
    })
  })

  describe('the iii://skills index', () => {
    it('renders the empty page', async () => {
      expect((await read(fakeDeps(), 'iii://skills')).contents[0]?.text).toBe(`${HEADER}_No skills are currently registered._\n`)
    })

    it('renders state bullets (indented by depth), then a Custom skills section for unshadowed fs skills', async () => {
      await writeTree(root, { 'fs/tree.md': '# Tree\n\nFrom disk.\n', 'fs/tree-root.md': 'shadowed', 'fs/tree/leaf.md': 'no title\n' })
      const world = fakeDeps({ baseDir: root, config: { skills: ['fs/**/*.md'] } })
      seedSkills(world, { 'tree-root/leaf': '# Tree leaf\nA child entry.\n', 'tree-root': '# Tree root\nTop level body.\n' })
      expect((await read(world, 'iii://skills')).contents[0]).toEqual({
        mimeType: 'text/markdown',
        uri: 'iii://skills',
        text:
          HEADER +
          '- [`tree-root`](iii://tree-root) \u2014 Tree root \u2014 Top level body.\n' +
          '  - [`tree-root/leaf`](iii://tree-root/leaf) \u2014 Tree leaf \u2014 A child entry.\n' +
          '\n## Custom skills\n\nLoaded from `skills:` glob patterns in the worker config. The file system is the source of truth for these entries.\n\n' +
          '- [`tree`](iii://tree) \u2014 Tree \u2014 From disk.\n' +
          '  - [`tree/leaf`](iii://tree/leaf) \u2014 tree/leaf \u2014 no title\n',
      })
    })

    it('truncates a bullet description at 140 code points (D1)', async () => {
      const world = fakeDeps()
      seedSkills(world, { a: `# A\n${'é'.repeat(141)}` })
      expect((await read(world, 'iii://skills')).contents[0]?.text).toBe(`${HEADER}- [\`a\`](iii://a) \u2014 A \u2014 ${'é'.repeat(140)}...\n`)
    })

    it('renders an error line instead of failing when state::list fails', async () => {
      const world = fakeDeps()
      world.state.failures.set('list', new Error('state down'))
      expect((await read(world, 'iii://skills')).contents[0]?.text).toBe('# Skills\n\n_Error reading skills index: state down_\n')
    })
  })
})
