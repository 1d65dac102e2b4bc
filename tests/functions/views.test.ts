/**
 * E20.2–E20.3 at the worker: a function called through `skills::in-view` (or with the `view` field of
 * the five extension functions) sees only the view. Outside it, every read answers exactly as for an
 * id that does not exist; every list, index, search and count holds only the view; a view never writes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { skillsInView } from '../../src/functions/in-view.js'
import { DEFINITION_BY_ID } from '../../src/functions/registry.js'
import { parseInput } from '../../src/schemas/index.js'
import { parseViews } from '../../src/core/views.js'
import { fakeDeps, seedSkills, type FakeWorld } from './fake-deps.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

let root: string
let world: FakeWorld

const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill, about reviewing and data.\n---\n# ${name}\n\nReview the data of ${name}.\n`

beforeEach(async () => {
  root = await makeTempDir()
  await writeTree(root, {
    'skills/review-code/SKILL.md': skill('review-code'),
    'skills/review-code/references/guide.md': '# Guide\n',
    'skills/data-sql/SKILL.md': skill('data-sql'),
    'skills/data-csv/SKILL.md': skill('data-csv'),
    'prompts/review.md': '---\ndescription: Review prompt.\n---\nReview it.\n',
    'prompts/query.md': '---\ndescription: Query prompt.\n---\nQuery it.\n',
  })
  const views = parseViews({ review: { include: ['review-*', 'team/review*'], prompts: ['review'] }, data: { include: ['data-*'], exclude: ['data-csv'], prompts: [] } })
  if (!views.ok) throw new Error(views.error)
  world = fakeDeps({ baseDir: root, config: { skills: ['skills/*/SKILL.md'], prompts: ['prompts/*.md'], views: views.value } })
  seedSkills(world, { 'team/review-api': '# Review API\n\nReview an API.', 'team/data-lake': '# Data lake\n\nData of a lake.' })
  world.deps.fs.start()
  await world.deps.fs.settled()
})
afterEach(async () => {
  world.deps.fs.close()
  await removeTempDir(root)
})

type Outcome = { answer: unknown } | { error: string }

async function call(functionId: string, payload: unknown, view?: string): Promise<Outcome> {
  try {
    if (view !== undefined) return { answer: await skillsInView.handle(parseInput(skillsInView.spec.input, { view, function_id: functionId, payload }), world.deps) }
    const target = DEFINITION_BY_ID.get(functionId)!
    return { answer: await target.handle(parseInput(target.spec.input, payload), world.deps) }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

/** The outcome with every mention of `id` (and its dotted name) written as `<id>`. */
const named = (outcome: Outcome, id: string) => JSON.parse(JSON.stringify(outcome).replaceAll(id, '<id>').replaceAll(id.replaceAll('/', '.'), '<id>'))

const READS: Array<[string, (id: string) => unknown]> = [
  ['skills::resources-read', (id) => ({ uri: `iii://${id}` })],
  ['skills::fetch_skill', (id) => ({ uri: `iii://${id}` })],
  ['skill::fetch', (id) => ({ uris: [`iii://${id}`] })],
  ['skill::describe_skill', (id) => ({ name: id.replaceAll('/', '.'), detail: 'full' })],
  ['skill::read_skill_file', (id) => ({ name: id.replaceAll('/', '.'), path: 'SKILL.md' })],
  ['skill::outline', (id) => ({ uri: `iii://${id}` })],
  ['skills::sep-read', (id) => ({ uri: `skill://${id}/SKILL.md` })],
  ['skills::sep-list', (id) => ({ uri: `skill://${id}/SKILL.md` })],
  ['skills::sep-directory', (id) => ({ uri: `skill://${id}` })],
  ['skills::resources-read', (id) => ({ uri: `iii://${id}#${id.split('/').at(-1)}` })],
  ['skill::outline', (id) => ({ uri: `iii://${id}#${id.split('/').at(-1)}` })],
  ['skills::fetch_skill', (id) => ({ uris: ['iii://review-code', `iii://${id}`] })],
  ['skill::fetch', (id) => ({ uris: ['iii://review-code', `iii://${id}#${id.split('/').at(-1)}`], max_tokens: 50 })],
]

describe('reads through a view (E20.3)', () => {
  it.each(READS)('%s answers for a skill outside the view exactly as for one that does not exist', async (functionId, input) => {
    for (const outside of ['data-sql', 'team/data-lake']) {
      const hidden = await call(functionId, input(outside), 'review')
      const absent = await call(functionId, input('ghost-id'), 'review')
      expect(named(hidden, outside)).toEqual(named(absent, 'ghost-id'))
      // And the whole catalogue does hold it: the view, not the skill, makes the difference.
      expect(named(await call(functionId, input(outside)), outside)).not.toEqual(named(absent, 'ghost-id'))
    }
  })

  it.each(READS)('%s reads a skill inside the view as the whole catalogue does', async (functionId, input) => {
    for (const inside of ['review-code', 'team/review-api']) {
      expect(await call(functionId, input(inside), 'review')).toEqual(await call(functionId, input(inside)))
    }
  })

  it('a file of a skill outside the view is absent; one inside is read', async () => {
    const outside = await call('skill::read_skill_file', { name: 'review-code', path: 'references/guide.md' }, 'data')
    const absent = await call('skill::read_skill_file', { name: 'ghost-id', path: 'references/guide.md' }, 'data')
    expect(named(outside, 'review-code')).toEqual(named(absent, 'ghost-id'))
    expect(await call('skill::read_skill_file', { name: 'review-code', path: 'references/guide.md' }, 'review')).toMatchObject({ answer: { content: '# Guide\n' } })
  })

  it('prompts outside the view are absent from prompts::mcp-get and every prompt list', async () => {
    expect(named(await call('prompts::mcp-get', { name: 'query' }, 'review'), 'query')).toEqual(named(await call('prompts::mcp-get', { name: 'ghost-id' }, 'review'), 'ghost-id'))
    expect(await call('prompts::mcp-get', { name: 'review' }, 'review')).toEqual(await call('prompts::mcp-get', { name: 'review' }))
    expect(await call('prompts::list', {}, 'review')).toMatchObject({ answer: { prompts: [{ name: 'review' }] } })
    expect(await call('prompts::mcp-list', {}, 'data')).toEqual({ answer: { prompts: [] } })
  })
})

describe('lists, index, search and counts through a view (E20.3)', () => {
  const ids = (answer: unknown): string[] => JSON.stringify(answer).match(/(?<=iii:\/\/)[a-z/-]+(?=")/g) ?? []

  it('skills::list, the listings and the iii://skills index hold only the view', async () => {
    expect(await call('skills::list', {}, 'review')).toMatchObject({ answer: { skills: [{ id: 'review-code' }, { id: 'team/review-api' }] } })
    expect(ids(await call('skills::resources-list', {}, 'data'))).toEqual(['skills', 'data-sql'])
    expect(await call('skills::mcp-resources-list', { limit: 1 }, 'review')).toMatchObject({ answer: { total: 3 } })
    const index = await call('skills::resources-read', { uri: 'iii://skills' }, 'review')
    expect(JSON.stringify(index)).toContain('review-code')
    expect(JSON.stringify(index)).not.toMatch(/data-|team\/data/)
  })

  it('the view field of the extension functions is the same filter as skills::in-view', async () => {
    for (const [functionId, input] of [
      ['skill::list_skills', { detail: 'summary' }],
      ['skill::search', { query: 'review data' }],
      ['skills::sep-list', {}],
      ['skills::mcp-resources-list', {}],
      ['skill::outline', { uri: 'iii://data-sql' }],
    ] as const) {
      expect(await call(functionId, { ...input, view: 'data' })).toEqual(await call(functionId, input, 'data'))
    }
    expect(await call('skill::list_skills', { view: 'data' })).toEqual({ answer: { skills: [{ name: 'data-sql', version: '0.0.0' }], next_cursor: null } })
    expect(await call('skill::list_skills', { view: 'nope' })).toEqual({ error: 'unknown view "nope"' })
  })

  it('search ranks only the view, and through a view no other view is known', async () => {
    const found = await call('skill::search', { query: 'review data' }, 'data')
    expect(JSON.stringify(found)).toContain('iii://data-sql')
    expect(JSON.stringify(found)).not.toMatch(/review-code|data-csv|team\//)
    // Through the review view, "data" is as unknown as "nope" (no probing for view names); "review" is itself.
    expect(await call('skills::in-view', { view: 'data', function_id: 'skills::list', payload: {} }, 'review')).toEqual({ error: 'unknown view "data"' })
    expect(named(await call('skill::list_skills', { view: 'data' }, 'review'), 'data')).toEqual(named(await call('skill::list_skills', { view: 'nope' }, 'review'), 'nope'))
    expect(await call('skill::list_skills', { view: 'review' }, 'review')).toEqual(await call('skill::list_skills', {}, 'review'))
  })

  it('an unknown view, another worker function and a write are refused', async () => {
    expect(await call('skills::list', {}, 'nope')).toEqual({ error: 'unknown view "nope"' })
    expect(await call('engine::functions::list', {}, 'review')).toEqual({ error: 'engine::functions::list is not a function of the skills worker' })
    expect(await call('skills::register', { id: 'review-new', skill: '# New' }, 'review')).toEqual({ error: 'a view only reads: register and unregister through the whole catalogue' })
    expect(await call('skills::unregister', { id: 'review-code' }, 'review')).toEqual({ error: 'a view only reads: register and unregister through the whole catalogue' })
  })
})

describe('what a view calls on (E20.3)', () => {
  /** The worker's own functions reachable through `deps.invoke`, as the engine routes them back to it. */
  const routeToWorker = () => {
    for (const definition of [...DEFINITION_BY_ID.values(), skillsInView]) {
      world.functions.set(definition.spec.id, (payload) => definition.handle(parseInput(definition.spec.input, payload), world.deps))
    }
  }

  it('a section backed by one of the worker\'s functions runs on the view', async () => {
    routeToWorker()
    const whole = JSON.stringify(await call('skills::resources-read', { uri: 'iii://fn/skill/list_skills' }))
    expect(whole).toMatch(/data-sql[\s\S]*review-code/)
    for (const read of [
      () => call('skills::resources-read', { uri: 'iii://fn/skill/list_skills' }, 'data'),
      () => call('skill::fetch', { uris: ['iii://data-sql', 'iii://fn/skill/list_skills'] }, 'data'),
    ]) {
      const seen = JSON.stringify(await read())
      expect(seen).toContain('data-sql')
      expect(seen).not.toMatch(/review|team|data-csv/)
    }
    // An outline counts the view's listing, not the whole one.
    const tokens = async (view?: string) => ((await call('skill::outline', { uri: 'iii://fn/skill/list_skills', ...(view === undefined ? {} : { view }) })) as { answer: { tokens: number } }).answer.tokens
    expect(await tokens('data')).toBeLessThan(await tokens())
  })
})

describe('diagnostics through a view (E20.3)', () => {
  it('names no path of a skill outside the view: watch problems keep their kind, not the system\'s reason', async () => {
    const reason = `ENOSPC: System limit for number of file watchers reached, watch '${root}/skills/data-sql'`
    world.deps.fs.watchProblems.push(`fs watch unavailable; re-reading fs sources on every call: ${reason}`, 'fs watch events may have been lost (inotify queue full); re-reading every fs source')
    expect(await call('skills::fs-watch-problems', {})).toEqual({ answer: { problems: world.deps.fs.watchProblems } })
    expect(await call('skills::fs-watch-problems', {}, 'review')).toEqual({
      answer: { problems: ['fs watch unavailable; re-reading fs sources on every call', 'fs watch events may have been lost (inotify queue full); re-reading every fs source'] },
    })
  })

  it('skipped files and warnings hold only the view', async () => {
    await writeTree(root, { 'skills/data-bad/SKILL.md': '---\nname: other-name\ndescription: Misnamed.\n---\n# Bad\n', 'skills/broken/SKILL.md': '---\nname: [\n---\n' })
    const whole = JSON.stringify(await call('skills::diagnostics', {}))
    expect(whole).toContain('data-bad')
    expect(whole).toContain('broken')
    expect(JSON.stringify(await call('skills::diagnostics', {}, 'review'))).toBe(JSON.stringify({ answer: { skipped: [], warnings: [] } }))
    const data = JSON.stringify(await call('skills::diagnostics', {}, 'data'))
    expect(data).toContain('data-bad')
    expect(data).not.toContain('broken')
  })
})

describe('a skill outside the view nested in the folder of one inside (E20.3)', () => {
  beforeEach(async () => {
    await writeTree(root, {
      'skills/team/SKILL.md': skill('team'),
      'skills/team/notes.md': '# Notes\n',
      'skills/team/secret/SKILL.md': skill('secret'),
      'skills/team/secret/plan.md': '# The secret plan\n',
    })
    const views = parseViews({ team: { include: ['team'] } })
    if (!views.ok) throw new Error(views.error)
    world.deps.fs.close()
    world = fakeDeps({ baseDir: root, config: { skills: ['skills/*/SKILL.md', 'skills/*/*/SKILL.md'], prompts: [], views: views.value } })
    world.deps.fs.start()
    await world.deps.fs.settled()
  })

  it('its files are no files of the enclosing skill: absent from every listing, read as a file that does not exist', async () => {
    // The whole catalogue: the Skills Extension publishes the nested folder in the enclosing skill too.
    expect(JSON.stringify(await call('skills::sep-list', { uri: 'skill://team/SKILL.md' }))).toContain('skill://team/secret/plan.md')
    expect(await call('skills::sep-read', { uri: 'skill://team/secret/plan.md' })).toMatchObject({ answer: { contents: [{ text: '# The secret plan\n' }] } })
    const listed = JSON.stringify(await call('skills::sep-list', { uri: 'skill://team/SKILL.md' }, 'team'))
    expect(listed).toContain('skill://team/notes.md')
    expect(listed).not.toContain('secret')
    expect(JSON.stringify(await call('skills::sep-directory', { uri: 'skill://team' }, 'team'))).not.toContain('secret')
    expect(JSON.stringify(await call('skill::describe_skill', { name: 'team', detail: 'full' }, 'team'))).not.toContain('secret')
    for (const [functionId, input] of [
      ['skills::sep-read', (dir: string) => ({ uri: `skill://team/${dir}/plan.md` })],
      ['skills::sep-read', (dir: string) => ({ uri: `skill://team/${dir}/SKILL.md` })],
      ['skills::sep-directory', (dir: string) => ({ uri: `skill://team/${dir}` })],
      ['skill::read_skill_file', (dir: string) => ({ name: 'team', path: `${dir}/plan.md` })],
    ] as const) {
      expect(named(await call(functionId, input('secret'), 'team'), 'secret')).toEqual(named(await call(functionId, input('ghost-id'), 'team'), 'ghost-id'))
    }
  })
})
