/**
 * Cucumber's goldens (tests/support/golden.ts): an answer checked against a file under
 * features/goldens/, which `UPDATE_GOLDENS=1` writes from the answer instead. The scenario's own
 * values (its id suffix, the fixture root) are kept in the file as the placeholders the feature
 * files use (`<suffix>`, `<root>`), so a golden holds on every run.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { goldenText, UPDATING_GOLDENS } from '../../tests/support/golden.js'
import type { SkillsWorld } from './world.js'

export const GOLDENS_DIR = join(dirname(new URL(import.meta.url).pathname), '..', 'goldens')

/** `name` is the file's path under features/goldens/ ("skills_protocol/describe-notes-full.json"). */
export function assertGolden(world: SkillsWorld, name: string, actual: unknown): void {
  const path = join(GOLDENS_DIR, name)
  const text = goldenText(actual)
  if (UPDATING_GOLDENS) {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, world.placeholders(text))
    return
  }
  assert.ok(existsSync(path), `no golden features/goldens/${name}: write it with UPDATE_GOLDENS=1 (docs/testing.md, "Goldens")`)
  assert.equal(text, world.expand(readFileSync(path, 'utf8')), `the answer differs from features/goldens/${name}`)
}
