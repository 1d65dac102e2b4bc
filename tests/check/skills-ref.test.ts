/**
 * E15.4: on every rule the Agent Skills reference validator (`skills-ref` from npm) has, `check` flags
 * the same skills of shared/corpora. skills-ref validates one folder at a time and stops at a
 * frontmatter it cannot parse; each of its texts is mapped to the rules of ours that say the same
 * (its "Invalid YAML" is our invalid-yaml, or yaml-repaired when our E5.1 repair made it parse).
 */
import { readdirSync } from 'node:fs'
import { Writable } from 'node:stream'
import { join } from 'node:path'
import { validate } from 'skills-ref'
import { describe, expect, it } from 'vitest'
import { parseCheckCli, runCheck } from '../../src/app/modes/check.js'
import { CORPORA, CORPORA_ROOT_ARGS, CORPORA_SKILLS } from '../support/corpora.js'
import { silentLogger } from '../support/silent-logger.js'

/** Each skills-ref error text, by its start, and our rules that flag the same thing. */
const THEIR_RULES: ReadonlyArray<[RegExp, string[]]> = [
  [/^SKILL\.md must start with YAML frontmatter|^SKILL\.md frontmatter not properly closed/, ['SK002']],
  [/^Invalid YAML in frontmatter|^SKILL\.md frontmatter must be a YAML mapping/, ['SK003', 'SK104']],
  [/^Missing required field in frontmatter: description|^Field 'description' must be/, ['SK004']],
  [/^Directory name '.*' must match skill name/, ['SK101']],
  [/^Skill name |^Field 'name' must be/, ['SK102']],
  [/^Description exceeds 1024 character limit/, ['SK103']],
  [/^Unexpected fields in frontmatter/, ['SK105']],
  [/^Compatibility exceeds 500 character limit|^Field 'compatibility' must be/, ['SK106']],
  [/^Missing required field in frontmatter: name/, ['SK107']],
]

function skillFolders(): string[] {
  return (readdirSync(CORPORA, { recursive: true }) as string[])
    .filter((p) => p === 'SKILL.md' || p.endsWith('/SKILL.md'))
    .map((p) => join(CORPORA, p.slice(0, -'/SKILL.md'.length)))
    .sort()
}

describe('check agrees with skills-ref on shared/corpora (E15.4)', () => {
  it('flags the same skills on every rule skills-ref has', async () => {
    const folders = skillFolders()
    expect(folders).toHaveLength(CORPORA_SKILLS)

    const theirs = new Map<string, Set<string>>(THEIR_RULES.map(([re]) => [re.source, new Set()]))
    const unmapped: string[] = []
    for (const folder of folders) {
      for (const error of await validate(folder)) {
        const rule = THEIR_RULES.find(([re]) => re.test(error))
        if (rule === undefined) unmapped.push(`${folder}: ${error}`)
        else theirs.get(rule[0].source)?.add(folder)
      }
    }
    expect(unmapped).toEqual([])

    let text = ''
    const out = new Writable({ write(chunk, _enc, done) { text += String(chunk); done() } })
    await runCheck(parseCheckCli([...CORPORA_ROOT_ARGS, '--format', 'json']), out, silentLogger())
    const findings = (JSON.parse(text) as { findings: Array<{ rule: string; path: string }> }).findings
    const ours = (rules: string[]) => new Set(findings.filter((f) => rules.includes(f.rule) && f.path.endsWith('/SKILL.md')).map((f) => f.path.slice(0, -'/SKILL.md'.length)))

    const disagreements = THEIR_RULES.flatMap(([re, rules]) => {
      const a = theirs.get(re.source) as Set<string>
      const b = ours(rules)
      return [...[...a].filter((f) => !b.has(f)).map((f) => `only skills-ref ${rules.join('/')}: ${f}`), ...[...b].filter((f) => !a.has(f)).map((f) => `only check ${rules.join('/')}: ${f}`)]
    })
    expect(disagreements).toEqual([])
    // The comparison is about real findings: skills-ref flags hundreds of these skills.
    expect(new Set(THEIR_RULES.flatMap(([re]) => [...(theirs.get(re.source) as Set<string>)])).size).toBeGreaterThan(900)
  }, 120_000)
})
