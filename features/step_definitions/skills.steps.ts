/** skills::register / unregister / list, with raw ids (validation) and scenario-scoped ids (round trips). */
import assert from 'node:assert/strict'
import { Given, Then, When } from '@cucumber/cucumber'
import { entriesOf, type Entry } from '../support/results.js'
import type { SkillsWorld } from '../support/world.js'

function listedIds(world: SkillsWorld): string[] {
  return entriesOf(world.lastResult, 'skills').map((entry) => entry.id as string)
}

function listedEntry(world: SkillsWorld, id: string): Entry {
  const entry = entriesOf(world.lastResult, 'skills').find((e) => e.id === id)
  assert.ok(entry, `no listing entry ${id} in ${listedIds(world).join(', ')}`)
  return entry
}

When('I register a skill with id {string} and body {string}', async function (this: SkillsWorld, id: string, body: string) {
  await this.call('skills::register', { id: this.inline(id), skill: this.inline(body) })
})

When('I register a skill with id {string} and an empty body', async function (this: SkillsWorld, id: string) {
  await this.call('skills::register', { id: this.inline(id), skill: '' })
})

When('I register a skill with id {string} and a body of {int} bytes', async function (this: SkillsWorld, id: string, bytes: number) {
  await this.call('skills::register', { id: this.inline(id), skill: 'x'.repeat(bytes) })
})

When(
  'I register a skill with id {string} and a body of {int} two-byte characters',
  async function (this: SkillsWorld, id: string, chars: number) {
    await this.call('skills::register', { id: this.inline(id), skill: 'é'.repeat(chars) })
  },
)

When('I register a skill whose id is {int} segments of {string}', async function (this: SkillsWorld, count: number, segment: string) {
  const id = Array.from({ length: count }, () => segment).join('/')
  this.vars.set('long-id', id)
  await this.call('skills::register', { id, skill: '# long' })
})

When('I register a scoped skill {string} with body {string}', async function (this: SkillsWorld, base: string, body: string) {
  await this.call('skills::register', { id: this.scopedId(base), skill: this.inline(body) })
})

Given('a skill with id {string} and body:', async function (this: SkillsWorld, base: string, body: string) {
  await this.mustCall('skills::register', { id: this.scopedId(base), skill: body })
})

Given('a skill with id {string} and body {string}', async function (this: SkillsWorld, base: string, body: string) {
  await this.mustCall('skills::register', { id: this.scopedId(base), skill: this.inline(body) })
})

Given('a nested skill at {string} with body {string}', async function (this: SkillsWorld, base: string, body: string) {
  await this.mustCall('skills::register', { id: this.scopedId(base), skill: this.inline(body) })
})

When('I register {int} scoped skills in quick succession', async function (this: SkillsWorld, count: number) {
  for (let n = 1; n <= count; n++) await this.mustCall('skills::register', { id: this.scopedId(`rapid-${n}`), skill: `# rapid ${n}` })
})

When('I unregister the scoped skill {string}', async function (this: SkillsWorld, base: string) {
  await this.call('skills::unregister', { id: this.scopedId(base) })
})

When('I unregister the skill {string}', async function (this: SkillsWorld, id: string) {
  await this.call('skills::unregister', { id: this.inline(id) })
})

When('I list skills', async function (this: SkillsWorld) {
  await this.call('skills::list', {})
})

Then('the scoped skill {string} appears in the listing', function (this: SkillsWorld, base: string) {
  assert.ok(listedIds(this).includes(this.scopedId(base)), listedIds(this).join(', '))
})

Then('the scoped skill {string} does not appear in the listing', function (this: SkillsWorld, base: string) {
  assert.ok(!listedIds(this).includes(this.scopedId(base)), listedIds(this).join(', '))
})

Then('the listing entries carry bytes and registered_at but no skill body', function (this: SkillsWorld) {
  for (const entry of entriesOf(this.lastResult, 'skills')) {
    assert.deepEqual(Object.keys(entry).sort(), ['bytes', 'id', 'origin', 'registered_at'])
    assert.ok(Number.isInteger(entry.bytes) && typeof entry.registered_at === 'string', JSON.stringify(entry))
  }
})

Then('the listing is sorted by id', function (this: SkillsWorld) {
  const ids = listedIds(this)
  assert.ok(ids.length > 1, 'sorting needs at least two entries')
  assert.deepEqual(ids, [...ids].sort())
})

Then('the listing ids are {string}', function (this: SkillsWorld, ids: string) {
  assert.deepEqual(listedIds(this), this.inline(ids).split(', '))
})

Then('the listing entry {string} has {int} bytes', function (this: SkillsWorld, id: string, bytes: number) {
  assert.equal(listedEntry(this, this.inline(id)).bytes, bytes)
})

Then('the listing is sorted with parent before children for {string}', function (this: SkillsWorld, base: string) {
  const ids = listedIds(this)
  const parent = ids.indexOf(this.scopedId(base))
  assert.ok(parent >= 0, `parent missing from ${ids.join(', ')}`)
  ids.forEach((id, i) => id.startsWith(`${this.scopedId(base)}/`) && assert.ok(i > parent, `${id} before its parent`))
  assert.deepEqual(ids, [...ids].sort())
})

Then('the listing has a fs entry with id {string} and origin {string}', function (this: SkillsWorld, id: string, origin: string) {
  assert.equal(listedEntry(this, id).origin, origin)
})

Then('no listing entry has id {string}', function (this: SkillsWorld, id: string) {
  assert.ok(!listedIds(this).includes(id), listedIds(this).join(', '))
})

Then('the listing has exactly one entry with id {string}, with origin {string}', function (this: SkillsWorld, id: string, origin: string) {
  const matching = entriesOf(this.lastResult, 'skills').filter((e) => e.id === id)
  assert.deepEqual(matching.map((e) => e.origin), [origin])
})
