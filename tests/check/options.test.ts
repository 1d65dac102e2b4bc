/** E15.1: --rule (id or name, repeatable), --format, exit codes; E13.7: nothing found. */
import { join } from 'node:path'
import { CommanderError } from 'commander'
import { describe, expect, it } from 'vitest'
import { parseCheckCli } from '../../src/app/cli.js'
import { checkTree, GOOD_SKILL, GOOD_TREE } from './support.js'

const NO_WHEN_TREE = { 'root/lint/SKILL.md': GOOD_SKILL.replace('Use when the user asks to lint.', 'Checks style.').replace('See [the guide](references/guide.md).', '') }
const SECRET_TREE = { ...GOOD_TREE, 'root/lint/env.sh': `KEY=${['AKIA', 'Q3EGZJ7N5RV2WXYB'].join('')}\n` }
const usage = (argv: string[]) => {
  try {
    parseCheckCli(argv, { writeOut: () => {}, writeErr: () => {} })
    return undefined
  } catch (error) {
    return error instanceof CommanderError ? error.exitCode : error
  }
}

describe('check options and exit codes (E15.1)', () => {
  it('exits 1 on an error, 0 on warnings and info only', async () => {
    expect((await checkTree(SECRET_TREE)).code).toBe(1)
    const info = await checkTree(NO_WHEN_TREE)
    expect([info.code, info.findings.map((f) => `${f.rule} ${f.severity}`)]).toEqual([0, ['SK109 info']])
  })

  it('--rule sets a level by id or by name, the last one winning; off drops the finding', async () => {
    const args = (extra: string[]) => (dir: string) => ['--config', join(dir, 'none.yaml'), '--skills-dir', join(dir, 'root'), ...extra]
    const raised = await checkTree(NO_WHEN_TREE, args(['--rule', 'description-no-when=error']))
    expect([raised.code, raised.findings.map((f) => `${f.rule} ${f.severity}`)]).toEqual([1, ['SK109 error']])
    const lowered = await checkTree(SECRET_TREE, args(['--rule', 'sk401=error', '--rule', 'SK401=warning']))
    expect([lowered.code, lowered.findings.map((f) => `${f.rule} ${f.severity}`)]).toEqual([0, ['SK401 warning']])
    const off = await checkTree(SECRET_TREE, args(['--rule', 'secret=off']))
    expect([off.code, off.findings]).toEqual([0, []])
  })

  it('exits 2 on a usage error: an unknown rule, a bad level, a bad format; help exits 0', () => {
    expect(['SK999=off', 'secret=loud', 'secret', '=off'].map((r) => usage(['--rule', r]))).toEqual([2, 2, 2, 2])
    expect(usage(['--format', 'xml'])).toBe(2)
    expect(usage(['--bogus'])).toBe(2)
    expect(usage(['--help'])).toBe(0)
    expect(parseCheckCli(['--rule', 'name-mismatch=off', '--rule', 'SK109=ERROR', '--format', 'sarif'])).toMatchObject({
      format: 'sarif', rules: new Map([['SK101', 'off'], ['SK109', 'error']]), configSet: false,
    })
  })

  it('prints text with every finding, the findings by rule and the summary of what is served', async () => {
    const run = await checkTree({ ...SECRET_TREE, 'root/bare/SKILL.md': '# Bare\n' }, undefined, 'text')
    expect([run.code, run.stdout.split('\n')]).toEqual([1, [
      'skipped skill <dir>/root/bare/SKILL.md: missing YAML frontmatter (expected --- ... --- block at file start)',
      'error skill <dir>/root/lint/env.sh (lint): hard-coded secret: AWS access key id',
      'checked 2 skills: 2 errors, 0 warnings, 0 info (SK002 no-frontmatter 1, SK401 secret 1)',
      '1 skills and 0 prompts served, 1 skipped, 0 warnings',
      '',
    ]])
  })
})

describe('nothing found (E13.7)', () => {
  it('exits 2 naming the root, and the hidden folders under it that hold skills', async () => {
    const run = await checkTree({
      'repo/skills/.curated/a/SKILL.md': GOOD_SKILL, 'repo/skills/.curated/b/SKILL.md': GOOD_SKILL, 'repo/.system/c/SKILL.md': GOOD_SKILL,
      'repo/.git/d/SKILL.md': GOOD_SKILL, 'repo/README.md': '# Repo\n',
    }, (dir) => ['--config', join(dir, 'none.yaml'), '--skills-dir', join(dir, 'repo')])
    expect([run.code, run.stdout, run.stderr.split('\n')]).toEqual([2, '', [
      'no skills found under <dir>/repo',
      '<dir>/repo/.system holds 1 skill; hidden folders are skipped: pass --skills-dir <dir>/repo/.system',
      '<dir>/repo/skills/.curated holds 2 skills; hidden folders are skipped: pass --skills-dir <dir>/repo/skills/.curated',
      '',
    ]])
  })

  it('exits 2 for a root that does not exist, and for a config whose globs match nothing', async () => {
    const typo = await checkTree(GOOD_TREE, (dir) => ['--config', join(dir, 'none.yaml'), '--skills-dir', join(dir, 'roots')])
    expect([typo.code, typo.stderr]).toEqual([2, 'no skills found under <dir>/roots\n'])
    const config = await checkTree({ 'config.yaml': 'skills:\n  - skills/*/SKILL.md\n' }, (dir) => ['--config', join(dir, 'config.yaml')])
    expect([config.code, config.stderr]).toEqual([2, 'no skills found under <dir>\n'])
  })

  it('with --skills-dir and no --config, a missing ./config.yaml is not worth a warning', async () => {
    const { makeTempDir, removeTempDir, writeTree, captureLogger } = await import('../support/temp-tree.js')
    const { Writable } = await import('node:stream')
    const { runCheck } = await import('../../src/app/modes/check.js')
    const dir = await makeTempDir()
    const cwd = process.cwd()
    try {
      await writeTree(dir, GOOD_TREE)
      process.chdir(dir)
      const sink = new Writable({ write(_c, _e, done) { done() } })
      const quiet = captureLogger()
      expect(await runCheck(parseCheckCli(['--skills-dir', 'root']), sink, quiet.log, sink)).toBe(0)
      expect(quiet.lines().filter((l) => l.level >= 40)).toEqual([])
      const told = captureLogger()
      expect(await runCheck(parseCheckCli(['--config', 'config.yaml', '--skills-dir', 'root']), sink, told.log, sink)).toBe(0)
      expect(told.messages()).toContain('failed to load config, using defaults')
    } finally {
      process.chdir(cwd)
      await removeTempDir(dir)
    }
  })
})
