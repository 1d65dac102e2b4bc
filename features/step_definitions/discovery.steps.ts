/**
 * Skills Protocol discovery (skills_protocol.feature): list_skills names and whole walks through
 * its pages while the registry changes, and checks that no answer carries outside content.
 */
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Then, When } from '@cucumber/cucumber'
import { show } from '../support/results.js'
import type { SkillsWorld } from '../support/world.js'

const MAX_PAGES = 100

interface Page {
  skills: Array<{ name: string }>
  next_cursor: string | null
}

interface Change {
  page: string
  register: string
  unregister: string
}

function listedNames(world: SkillsWorld): string[] {
  const page = world.lastResult as Page | undefined
  assert.ok(Array.isArray(page?.skills), `expected a list_skills page, got ${show(world.lastResult)} / ${show(world.lastError)}`)
  return page.skills.map((skill) => skill.name)
}

Then('the listed names are {string}', function (this: SkillsWorld, names: string) {
  assert.deepEqual(listedNames(this), names === '' ? [] : names.split(', '))
})

Then('the next cursor is null', function (this: SkillsWorld) {
  assert.equal((this.lastResult as Page).next_cursor, null)
})

When('I record the next cursor as {string}', function (this: SkillsWorld, name: string) {
  const cursor = (this.lastResult as Page | undefined)?.next_cursor
  assert.equal(typeof cursor, 'string', `no next_cursor in ${show(this.lastResult)}`)
  this.vars.set(name, cursor as string)
})

When(
  'I page through skill::list_skills with limit {int}, changing the registry after pages:',
  async function (this: SkillsWorld, limit: number, table: { hashes(): Change[] }) {
    const changes = table.hashes()
    this.walkPages = []
    let cursor: string | null = null
    do {
      const page = (await this.mustCall('skill::list_skills', { limit, cursor })) as Page
      this.walkPages.push(page.skills.map((skill) => skill.name))
      for (const change of changes.filter((c) => Number(c.page) === this.walkPages.length)) {
        if (change.register !== '') await this.mustCall('skills::register', { id: change.register, skill: `# ${change.register}\n` })
        if (change.unregister !== '') await this.mustCall('skills::unregister', { id: change.unregister })
      }
      cursor = page.next_cursor
    } while (cursor !== null && this.walkPages.length < MAX_PAGES)
    assert.equal(cursor, null, `the walk did not end within ${MAX_PAGES} pages`)
  },
)

Then('every page held at most {int} names', function (this: SkillsWorld, limit: number) {
  assert.ok(this.walkPages.every((page) => page.length <= limit), show(this.walkPages))
})

Then('the walk returned no name twice', function (this: SkillsWorld) {
  const names = this.walkPages.flat()
  assert.deepEqual(names, [...new Set(names)], show(this.walkPages))
})

Then('the walk returned each of {string} exactly once', function (this: SkillsWorld, names: string) {
  const walked = this.walkPages.flat()
  for (const name of names.split(', ')) assert.equal(walked.filter((n) => n === name).length, 1, `${name} in ${show(this.walkPages)}`)
})

Then('the walk returned the names in byte order', function (this: SkillsWorld) {
  const names = this.walkPages.flat()
  assert.deepEqual(names, [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))))
})

Then('nothing the call answered contains {string}', function (this: SkillsWorld, secret: string) {
  assert.ok(!JSON.stringify(this.lastResult ?? null).includes(secret), show(this.lastResult))
  assert.ok(!(this.lastError ?? '').includes(secret), show(this.lastError))
})

// The path is the body of a JSON string, so `\\` is one backslash and `\u0000` a NUL.
When('I read the file {string} of the skill {string}', async function (this: SkillsWorld, path: string, name: string) {
  await this.call('skill::read_skill_file', { name, path: JSON.parse(`"${path}"`) as string })
})

Then('the content is the text of {string} under the config dir', async function (this: SkillsWorld, path: string) {
  assert.equal(this.lastError, undefined, this.lastError)
  assert.deepEqual(this.lastResult, { content: await readFile(join(this.engine.tempRoot, path), 'utf8') })
})

Then('the engine lists the public functions {string}', function (this: SkillsWorld, ids: string) {
  const listed = (this.lastResult as { functions?: Array<{ function_id: string }> } | undefined)?.functions ?? []
  const listedIds = listed.map((fn) => fn.function_id)
  for (const id of ids.split(', ')) assert.ok(listedIds.includes(id), `${id} not in ${show(listedIds)}`)
})
