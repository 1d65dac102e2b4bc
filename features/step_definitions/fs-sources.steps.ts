/**
 * Filesystem fixtures under the worker's config dir (the temp root): skill files in fs-skills/,
 * prompt files in fs-prompts/, anything else by path. Files are written byte for byte.
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { Given, Then, When } from '@cucumber/cucumber'
import { PROMPTS_DIR, SKILLS_DIR } from '../../tests/support/engine.js'
import { entriesOf, rfc3339 } from '../support/results.js'
import type { SkillsWorld } from '../support/world.js'

async function writeFixture(world: SkillsWorld, relativePath: string, content: string): Promise<void> {
  const path = join(world.engine.tempRoot, relativePath)
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, content)
}

async function fileFacts(world: SkillsWorld, relativePath: string): Promise<{ bytes: number; registered_at: string }> {
  const facts = await stat(join(world.engine.tempRoot, relativePath))
  return { bytes: facts.size, registered_at: rfc3339(facts.mtime) }
}

Given('a fs skill file at {string} with body:', async function (this: SkillsWorld, path: string, body: string) {
  await writeFixture(this, join(SKILLS_DIR, path), body)
})

Given('a fs skill file at {string} with body {string}', async function (this: SkillsWorld, path: string, body: string) {
  await writeFixture(this, join(SKILLS_DIR, path), this.inline(body))
})

Given('a fs skill file at {string} of {int} bytes', async function (this: SkillsWorld, path: string, bytes: number) {
  await writeFixture(this, join(SKILLS_DIR, path), 'x'.repeat(bytes))
})

When('I overwrite the fs skill file at {string} with body:', async function (this: SkillsWorld, path: string, body: string) {
  await writeFixture(this, join(SKILLS_DIR, path), body)
})

When('I delete the fs skill file at {string}', async function (this: SkillsWorld, path: string) {
  await rm(join(this.engine.tempRoot, SKILLS_DIR, path))
})

Given('a fs prompt file at {string} with content:', async function (this: SkillsWorld, path: string, content: string) {
  await writeFixture(this, join(PROMPTS_DIR, path), content)
})

Given('a fs prompt file at {string} with content {string}', async function (this: SkillsWorld, path: string, content: string) {
  await writeFixture(this, join(PROMPTS_DIR, path), this.inline(content))
})

Given('a file at {string} under the config dir with content {string}', async function (this: SkillsWorld, path: string, content: string) {
  await writeFixture(this, path, this.inline(content))
})

Then('the config dir is not the process working directory', function (this: SkillsWorld) {
  assert.notEqual(resolve(this.engine.tempRoot), resolve(process.cwd()))
})

Then('there is no file {string} under the process working directory', function (this: SkillsWorld, path: string) {
  assert.equal(existsSync(resolve(process.cwd(), path)), false)
})

Then('the listing entry {string} describes the file {string}', async function (this: SkillsWorld, id: string, path: string) {
  const entry = entriesOf(this.lastResult, 'skills').find((e) => e.id === id)
  assert.deepEqual(entry, { id, ...(await fileFacts(this, path)), origin: 'fs' })
})

Then('the prompt listing entry {string} describes the file {string}', async function (this: SkillsWorld, name: string, path: string) {
  const entry = entriesOf(this.lastResult, 'prompts').find((e) => e.name === name)
  const { registered_at } = await fileFacts(this, path)
  assert.deepEqual(entry, { name, function_id: '', arguments: 0, registered_at, origin: 'fs' })
})
