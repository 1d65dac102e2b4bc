import { utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { listSkills, registerSkill, unregisterSkill } from '../../src/functions/skills.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { fakeDeps, NOW_TEXT } from './fake-deps.js'

const OBSERVER = 'observer::skills'
let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

describe('skills::register', () => {
  it('stores the row in field order under the skills scope and answers id + registered_at', async () => {
    const world = fakeDeps({ config: { scopes: { skills: 'sk', prompts: 'pr' } } })
    expect(await registerSkill({ id: 'a/b', skill: '# A\nbody' }, world.deps)).toEqual({ id: 'a/b', registered_at: NOW_TEXT })
    const row = world.state.rows('sk').get('a/b')
    expect(row).toEqual({ id: 'a/b', skill: '# A\nbody', registered_at: NOW_TEXT })
    expect(Object.keys(row as object)).toEqual(['id', 'skill', 'registered_at'])
  })

  it('logs "skill registered" with skill_id and notifies every subscriber with {op, id}', async () => {
    const world = fakeDeps({ subscribers: { skills: [OBSERVER, 'second::observer'] } })
    await registerSkill({ id: 'brain', skill: 'x' }, world.deps)
    expect(world.log.lines().filter((l) => l.msg === 'skill registered')).toEqual([{ level: 30, msg: 'skill registered', skill_id: 'brain' }])
    expect(world.fanOut).toEqual([
      { function_id: OBSERVER, payload: { op: 'register', id: 'brain' } },
      { function_id: 'second::observer', payload: { op: 'register', id: 'brain' } },
    ])
  })

  it('overwrites silently and notifies again on re-register', async () => {
    const world = fakeDeps({ subscribers: { skills: [OBSERVER] } })
    await registerSkill({ id: 'brain', skill: 'one' }, world.deps)
    await registerSkill({ id: 'brain', skill: 'two' }, world.deps)
    expect(world.state.rows('skills').get('brain')).toMatchObject({ skill: 'two' })
    expect(world.fanOut).toHaveLength(2)
  })

  it.each<[string, { id: string; skill: string }, string]>([
    ['an empty id', { id: '', skill: 'x' }, 'id must be non-empty'],
    ['an uppercase id', { id: 'Bad-Id', skill: 'x' },
      `invalid id (segment 1 of "Bad-Id"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "Bad-Id"`],
    ['a reserved fn id', { id: 'fn/x', skill: 'x' },
      'id may not have "fn" as its first segment (reserved as the iii://fn/ section-URI marker): "fn/x"'],
    ['an empty body (checked after the id)', { id: 'ok', skill: '' }, 'skill must be non-empty'],
    ['a body over 256 KiB in UTF-8 bytes', { id: 'ok', skill: 'é'.repeat(131_073) }, 'skill body too large (262146 bytes; max 262144)'],
  ])('rejects %s without touching state or notifying', async (_case, input, message) => {
    const world = fakeDeps({ subscribers: { skills: [OBSERVER] } })
    await expect(registerSkill(input, world.deps)).rejects.toThrowError(new SkillsError(message))
    expect(world.state.calls).toEqual([])
    expect(world.fanOut).toEqual([])
  })

  it.each([['a whitespace-only body', ' \n\t'], ['a body of exactly 262144 bytes', 'x'.repeat(262_144)]])('accepts %s', async (_case, skill) => {
    const world = fakeDeps()
    await expect(registerSkill({ id: 'ok', skill }, world.deps)).resolves.toEqual({ id: 'ok', registered_at: NOW_TEXT })
  })

  it('propagates a state::set failure unchanged and does not notify', async () => {
    const world = fakeDeps({ subscribers: { skills: [OBSERVER] } })
    const failure = new Error('timeout: state::set')
    world.state.failures.set('set', failure)
    await expect(registerSkill({ id: 'a', skill: 'x' }, world.deps)).rejects.toBe(failure)
    expect(world.fanOut).toEqual([])
    expect(world.log.messages()).not.toContain('skill registered')
  })

  it('swallows a failing subscriber (logged) and still answers', async () => {
    const world = fakeDeps({ subscribers: { skills: ['gone::fn', OBSERVER] }, failingSubscribers: ['gone::fn'] })
    await expect(registerSkill({ id: 'a', skill: 'x' }, world.deps)).resolves.toEqual({ id: 'a', registered_at: NOW_TEXT })
    expect(world.fanOut.map((c) => c.function_id)).toEqual(['gone::fn', OBSERVER])
    expect(world.log.lines().find((l) => l.msg === 'on-change fan-out failed')).toEqual({
      level: 40, msg: 'on-change fan-out failed', function_id: 'gone::fn', error: 'function_not_found: gone::fn',
    })
  })
})

describe('skills::unregister', () => {
  it('removes the row, logs and notifies, then is idempotent without a second notification', async () => {
    const world = fakeDeps({ subscribers: { skills: [OBSERVER] } })
    await registerSkill({ id: 'a', skill: 'x' }, world.deps)
    expect(await unregisterSkill({ id: 'a' }, world.deps)).toEqual({ id: 'a', removed: true })
    expect(await unregisterSkill({ id: 'a' }, world.deps)).toEqual({ id: 'a', removed: false })
    expect(world.fanOut.map((c) => c.payload)).toEqual([{ op: 'register', id: 'a' }, { op: 'unregister', id: 'a' }])
    expect(world.log.lines().filter((l) => l.msg === 'skill unregister')).toEqual([
      { level: 30, msg: 'skill unregister', skill_id: 'a', removed: true },
      { level: 30, msg: 'skill unregister', skill_id: 'a', removed: false },
    ])
  })

  it('validates the id first', async () => {
    const world = fakeDeps()
    await expect(unregisterSkill({ id: 'a//b' }, world.deps)).rejects.toThrowError(
      new SkillsError('invalid id (segment 2 of "a//b"): segment must be non-empty'),
    )
    expect(world.state.calls).toEqual([])
  })

  it('never touches an fs skill (removed: false)', async () => {
    await writeTree(root, { 'fs/only.md': '# Only' })
    const world = fakeDeps({ baseDir: root, config: { skills: ['fs/*.md'] } })
    expect(await unregisterSkill({ id: 'only' }, world.deps)).toEqual({ id: 'only', removed: false })
    expect((await listSkills({}, world.deps)).skills.map((s) => s.id)).toEqual(['only'])
  })

  it('propagates a state::delete failure unchanged', async () => {
    const world = fakeDeps()
    const failure = new Error('boom')
    world.state.failures.set('delete', failure)
    await expect(unregisterSkill({ id: 'a' }, world.deps)).rejects.toBe(failure)
  })
})

describe('skills::list', () => {
  it('lists state rows (UTF-8 byte length) and unshadowed fs files (file size, mtime) sorted by id', async () => {
    await writeTree(root, { 'fs/b.md': '---\nx: 1\n---\n# B\n', 'fs/a.md': '# shadowed', 'fs/a/c.md': 'é' })
    const mtime = new Date('2025-01-02T03:04:05Z')
    await utimes(join(root, 'fs/b.md'), mtime, mtime)
    const world = fakeDeps({ baseDir: root, config: { skills: ['fs/**/*.md'] } })
    await registerSkill({ id: 'a', skill: 'héllo' }, world.deps)
    await registerSkill({ id: 'c', skill: 'z' }, world.deps)
    const { skills } = await listSkills({}, world.deps)
    expect(skills).toEqual([
      { id: 'a', bytes: 6, registered_at: NOW_TEXT, origin: 'state' },
      { id: 'a/c', bytes: 2, registered_at: expect.stringMatching(/\+00:00$/), origin: 'fs' },
      { id: 'b', bytes: 17, registered_at: '2025-01-02T03:04:05+00:00', origin: 'fs' },
      { id: 'c', bytes: 1, registered_at: NOW_TEXT, origin: 'state' },
    ])
    expect(skills.map((s) => Object.keys(s))).toEqual(Array(4).fill(['id', 'bytes', 'registered_at', 'origin']))
  })

  it('silently drops rows that do not decode', async () => {
    const world = fakeDeps()
    world.state.rows('skills').set('bad', { id: 'bad', skill: 5, registered_at: 'x' })
    world.state.rows('skills').set('good', { id: 'good', skill: 'x', registered_at: 't', extra: true })
    expect(await listSkills({}, world.deps)).toEqual({ skills: [{ id: 'good', bytes: 1, registered_at: 't', origin: 'state' }] })
  })

  it('propagates a state::list failure', async () => {
    const world = fakeDeps()
    const failure = new Error('state down')
    world.state.failures.set('list', failure)
    await expect(listSkills({}, world.deps)).rejects.toBe(failure)
  })

  it('never notifies', async () => {
    const world = fakeDeps({ subscribers: { skills: [OBSERVER] } })
    await listSkills({}, world.deps)
    expect(world.fanOut).toEqual([])
  })
})
