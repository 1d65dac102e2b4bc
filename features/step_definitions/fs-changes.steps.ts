/**
 * File changes for fs_notifications.feature: renames, touches and same-content rewrites of files
 * under the worker's config dir, and a wait until the worker has announced every change so far
 * (so a subscriber bound afterwards cannot hear of earlier ones).
 */
import { mkdir, readFile, rename, utimes, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Given, When } from '@cucumber/cucumber'
import { SKILLS_DIR } from '../../tests/support/engine.js'
import type { SkillsWorld } from '../support/world.js'

const underRoot = (world: SkillsWorld, path: string) => join(world.engine.tempRoot, path)

Given('the worker has announced every fs change so far', async function (this: SkillsWorld) {
  await this.engine.fsSettled()
})

When('I rename the file {string} to {string}', async function (this: SkillsWorld, from: string, to: string) {
  await mkdir(dirname(underRoot(this, to)), { recursive: true })
  await rename(underRoot(this, from), underRoot(this, to))
})

When('I touch the fs skill file at {string}', async function (this: SkillsWorld, path: string) {
  const later = new Date(Date.now() + 60_000)
  await utimes(join(this.engine.tempRoot, SKILLS_DIR, path), later, later)
})

When('I rewrite the fs skill file at {string} with the same content', async function (this: SkillsWorld, path: string) {
  const file = join(this.engine.tempRoot, SKILLS_DIR, path)
  await writeFile(file, await readFile(file))
})

When('I write the file {string} with content {string}', async function (this: SkillsWorld, path: string, content: string) {
  await mkdir(dirname(underRoot(this, path)), { recursive: true })
  await writeFile(underRoot(this, path), this.inline(content))
})
