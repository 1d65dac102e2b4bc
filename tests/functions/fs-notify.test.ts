import { rm, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { forwardFsChanges } from '../../src/functions/fs-notify.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { fakeDeps, type FakeWorld } from './fake-deps.js'

let root: string
let world: FakeWorld
beforeEach(async () => {
  root = await makeTempDir()
  await writeTree(root, { 'skills/kept.md': '# Kept', 'prompts/kept.md': '---\ndescription: Kept.\n---\nBody.\n' })
  world = fakeDeps({
    baseDir: root,
    config: { skills: ['skills/**/*.md'], prompts: ['prompts/*.md'] },
    subscribers: { skills: ['sub::skills'], prompts: ['sub::prompts'] },
  })
  forwardFsChanges(world.deps)
  world.deps.fs.start()
  await world.deps.fs.settled()
})
afterEach(async () => {
  world.deps.fs.close()
  await removeTempDir(root)
})

describe('fs on-change events (E3)', () => {
  it('sends {op, id, origin: "fs"} and {op, name, origin: "fs"} to the subscribers of each kind', async () => {
    await writeTree(root, { 'skills/team/new.md': '# New', 'prompts/ask.md': '---\ndescription: Ask.\n---\nAsk.\n' })
    await writeFile(join(root, 'skills/kept.md'), '# Kept, edited')
    await rm(join(root, 'prompts/kept.md'))
    await world.deps.fs.settled()
    expect(world.fanOut).toEqual([
      { function_id: 'sub::skills', payload: { op: 'register', id: 'kept', origin: 'fs' } },
      { function_id: 'sub::skills', payload: { op: 'register', id: 'team/new', origin: 'fs' } },
      { function_id: 'sub::prompts', payload: { op: 'register', name: 'ask', origin: 'fs' } },
      { function_id: 'sub::prompts', payload: { op: 'unregister', name: 'kept', origin: 'fs' } },
    ])
    expect(JSON.stringify(world.fanOut[0]?.payload)).toBe('{"op":"register","id":"kept","origin":"fs"}')
  })

  it('sends nothing for a touch or a rewrite with the same content', async () => {
    const later = new Date(Date.now() + 120_000)
    await utimes(join(root, 'skills/kept.md'), later, later)
    await writeFile(join(root, 'prompts/kept.md'), '---\ndescription: Kept.\n---\nBody.\n')
    await world.deps.fs.settled()
    expect(world.fanOut).toEqual([])
  })

  it('leaves out changes to fs entries a state row shadows (what is served did not change)', async () => {
    world.state.rows('skills').set('kept', { id: 'kept', skill: '# State', registered_at: 't' })
    world.state.rows('prompts').set('kept', { name: 'kept', description: 'd', arguments: [], function_id: 'f', registered_at: 't' })
    await writeFile(join(root, 'skills/kept.md'), '# Kept, edited')
    await writeFile(join(root, 'prompts/kept.md'), '---\ndescription: Edited.\n---\nBody.\n')
    await writeTree(root, { 'skills/other.md': '# Other' })
    await world.deps.fs.settled()
    expect(world.fanOut).toEqual([{ function_id: 'sub::skills', payload: { op: 'register', id: 'other', origin: 'fs' } }])
  })

  it('sends every change when the state scopes cannot be listed (best effort)', async () => {
    world.state.rows('skills').set('kept', { id: 'kept', skill: '# State', registered_at: 't' })
    world.state.failures.set('list', new Error('state down'))
    await writeFile(join(root, 'skills/kept.md'), '# Kept, edited')
    await world.deps.fs.settled()
    expect(world.fanOut).toEqual([{ function_id: 'sub::skills', payload: { op: 'register', id: 'kept', origin: 'fs' } }])
  })
})
