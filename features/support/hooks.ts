/**
 * The engine, the skills worker and the SDK client start once, lazily, when the first `@engine`
 * scenario runs (a `@pure` run never opens a socket), and close in AfterAll so cucumber exits on
 * its own. Every `@engine` scenario starts from empty `skills`/`prompts` scopes and fixture dirs,
 * and unregisters the functions and triggers it added.
 */
import { After, AfterAll, Before, setDefaultTimeout } from '@cucumber/cucumber'
import { startTestEnvironment, type TestEnvironment } from '../../tests/support/engine.js'
import type { SkillsWorld } from './world.js'

setDefaultTimeout(20_000)

/**
 * Upstream's globs plus the ones fs_sources.feature needs: a second folder (`fs-extra/`) for
 * duplicate ids across patterns, a brace pattern, and a second pattern that matches files
 * `fs-skills/**` already matched (the same file via two patterns). Then agent_skills.feature's: a
 * folder of Agent Skills (`agent-kit/`, a copy of tests/fixtures/agent-skills) and a literal
 * SKILL.md pattern.
 */
export const BDD_SKILL_GLOBS = [
  'fs-skills/**/*.md', 'fs-extra/*.md', 'fs-skills/{same,twin}.md', 'fs-braces/{red,blue}.md',
  'agent-kit/skills/**/SKILL.md', 'solo-skill/SKILL.md',
]
export const BDD_PROMPT_GLOBS = ['fs-prompts/**/*.md']

let environment: Promise<TestEnvironment> | undefined

Before({ tags: '@engine', timeout: 60_000 }, async function (this: SkillsWorld) {
  environment ??= startTestEnvironment({ skillsGlobs: BDD_SKILL_GLOBS, promptsGlobs: BDD_PROMPT_GLOBS })
  this.env = await environment
  await this.env.wipeScopes()
  await this.env.wipeFsDirs()
})

After({ tags: '@engine' }, async function (this: SkillsWorld) {
  await this.cleanup()
})

AfterAll({ timeout: 30_000 }, async function () {
  if (environment === undefined) return
  const started = await environment.catch(() => undefined)
  await started?.close()
})
