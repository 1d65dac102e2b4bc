/** E15.1: the check guide (docs/check.md) lists every rule of `check` (id, name, severity) with an explanation and an example, and nothing else. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RULES } from '../../src/check/rules.js'
import { REPO_ROOT } from '../support/processes.js'

const README = readFileSync(join(REPO_ROOT, 'docs', 'check.md'), 'utf8')

describe('the rule table of the check guide', () => {
  it('has one row per rule, with its name and severity, an explanation and an example', () => {
    const rows = README.split('\n').filter((line) => /^\| SK\d{3} \|/.test(line)).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()))
    expect(rows.map(([id, name, severity]) => `${id} ${name} ${severity}`)).toEqual(RULES.map((r) => `${r.id} ${r.name} ${r.severity}`))
    expect(rows.filter((row) => row.length !== 5 || row.some((cell) => cell === ''))).toEqual([])
  })
})
