/**
 * Agent Skills folders (agent_skills.feature, skills_protocol.feature): the fixture folder of
 * real-world-shaped skills copied under the config dir, files made on the spot (a big one, a
 * folder swapped for a symlink), and the boot diagnostics run over the config dir.
 */
import assert from 'node:assert/strict'
import { cp, mkdir, rm, symlink, truncate, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Given, Then, When } from '@cucumber/cucumber'
import { LOG } from '../../src/core/messages.js'
import { logFsHealth } from '../../src/fs/boot-diagnostics.js'
import { captureLogger } from '../../tests/support/temp-tree.js'
import { BDD_PROMPT_GLOBS, BDD_SKILL_GLOBS } from '../support/hooks.js'
import type { SkillsWorld } from '../support/world.js'

const FIXTURE = fileURLToPath(new URL('../../tests/fixtures/agent-skills', import.meta.url))

Given('the Agent Skills fixture folder is copied to {string}', async function (this: SkillsWorld, dir: string) {
  await cp(FIXTURE, join(this.engine.tempRoot, dir), { recursive: true, verbatimSymlinks: true })
})

Given('a skill folder {string} with SKILL.md:', async function (this: SkillsWorld, dir: string, text: string) {
  const path = join(this.engine.tempRoot, dir, 'SKILL.md')
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text)
})

Given('a file of {int} bytes at {string} under the config dir', async function (this: SkillsWorld, bytes: number, path: string) {
  const file = join(this.engine.tempRoot, path)
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, '')
  await truncate(file, bytes)
})

Given('a symlink at {string} under the config dir pointing to {string}', async function (this: SkillsWorld, path: string, target: string) {
  const link = join(this.engine.tempRoot, path)
  await mkdir(dirname(link), { recursive: true })
  await symlink(this.inline(target), link)
})

When('I delete {string} under the config dir', async function (this: SkillsWorld, path: string) {
  await rm(join(this.engine.tempRoot, path), { recursive: true })
})

When("the worker's boot diagnostics scan the config dir", async function (this: SkillsWorld) {
  const { log, lines } = captureLogger()
  await logFsHealth({ skills: BDD_SKILL_GLOBS, prompts: BDD_PROMPT_GLOBS }, this.engine.tempRoot, log)
  this.bootLog = lines()
})

Then('the boot diagnostics warn {string} exactly for:', function (this: SkillsWorld, message: string, table: { hashes(): Array<{ path: string; reason: string }> }) {
  assert.equal(message, LOG.fsEntrySkipped)
  const warnings = this.bootLog
    .filter((line) => line.msg === message)
    .map((line) => ({ level: line.level, kind: line.kind, path: line.path, reason: line.reason }))
  const expected = table.hashes().map(({ path, reason }) => ({ level: 40, kind: 'skill', path: join(this.engine.tempRoot, path), reason }))
  assert.deepEqual(warnings, expected)
})

Then('the boot diagnostics load the skills {string}', function (this: SkillsWorld, ids: string) {
  const loaded = this.bootLog.filter((line) => line.msg === LOG.fsSkillLoaded).map((line) => line.id)
  assert.deepEqual(loaded, ids.split(', '))
})
