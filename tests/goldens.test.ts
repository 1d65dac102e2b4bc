/**
 * Goldens (tests/support/golden.ts) are written by the tests, so none may outlive its test: every
 * file under features/goldens/ is named by a feature step, every file of a `__snapshots__` folder by
 * a test beside it, and every golden a feature names exists.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from './support/processes.js'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
}

const FEATURES = join(REPO_ROOT, 'features')
const FEATURE_TEXT = readdirSync(FEATURES).filter((f) => f.endsWith('.feature')).map((f) => readFileSync(join(FEATURES, f), 'utf8')).join('\n')
const NAMED = [...new Set([...FEATURE_TEXT.matchAll(/the golden "([^"]+)"/g)].map((m) => m[1]!))].sort()

describe('goldens', () => {
  it('features/goldens/ holds exactly the goldens the features name', () => {
    expect(filesUnder(join(FEATURES, 'goldens'))).toEqual(NAMED)
  })

  it('every file of a __snapshots__ folder under tests/ is named by a test beside it', () => {
    const tests = join(REPO_ROOT, 'tests')
    const orphans = filesUnder(tests).filter((path) => path.includes('__snapshots__/')).filter((path) => {
      const [folder, file] = path.split('__snapshots__/') as [string, string]
      const besides = readdirSync(join(tests, folder)).filter((f) => f.endsWith('.test.ts'))
      return !besides.some((test) => readFileSync(join(tests, folder, test), 'utf8').includes(`__snapshots__/${file}`))
    })
    expect(orphans).toEqual([])
  })
})
