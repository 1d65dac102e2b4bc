/**
 * `iii-skills sync --help` answers what a user asks (which folders, what is written, what is left
 * alone, what the output and exit codes mean, one example per agent), and the usage errors exit 2
 * (E21.1, E21.3).
 */
import { CommanderError } from 'commander'
import { describe, expect, it } from 'vitest'
import { parseSyncCli } from '../../src/app/cli.js'

function run(argv: string[]): { options?: ReturnType<typeof parseSyncCli>; error?: CommanderError; out: string; err: string } {
  let out = ''
  let err = ''
  try {
    const options = parseSyncCli(argv, { writeOut: (s) => { out += s }, writeErr: (s) => { err += s } })
    return { options, out, err }
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error
    return { error, out, err }
  }
}

describe('iii-skills sync options (E21.1)', () => {
  it('takes --to (repeatable), --watch, --dry-run and the usual sources', () => {
    expect(run(['--to', 'a', '--to', 'b', '--watch', '--dry-run', '--skills-dir', 's', '--skills-dir', 't']).options).toEqual({
      to: ['a', 'b'], watch: true, dryRun: true, config: './config.yaml', configSet: false, skillsDirs: ['s', 't'], url: undefined,
    })
    expect(run(['--to', 'a', '--url', 'ws://127.0.0.1:49134']).options).toMatchObject({ url: 'ws://127.0.0.1:49134', configSet: false, skillsDirs: [] })
    expect(run(['--to', 'a', '--config', 'c.yaml']).options).toMatchObject({ config: 'c.yaml', configSet: true })
    expect(run(['--to', 'a', '--view', 'docs']).options).toMatchObject({ view: 'docs' })
  })

  it.each([
    [[], "error: required option '--to <dir>' not specified\n"],
    [['--to', 'a', '--url', 'ws://x', '--skills-dir', 's'], "error: --url syncs the engine's catalogue: it takes no --config or --skills-dir\n"],
    [['--to', 'a', '--url', 'ws://x', '--config', 'c.yaml'], "error: --url syncs the engine's catalogue: it takes no --config or --skills-dir\n"],
    [['--to', 'a', '--view'], "error: option '--view <name>' argument missing\n"],
    [['--to', 'a', 'extra'], 'error: too many arguments. Expected 0 arguments but got 1.\n'],
  ])('%j is a usage error: exit 2', (argv, message) => {
    const { error, err } = run(argv)
    expect([error?.exitCode, err]).toEqual([2, message])
  })

  it.each([['--help'], ['-h']])('%s prints the help and exits 0', async (flag) => {
    const { error, out } = run([flag])
    expect(error?.exitCode).toBe(0)
    await expect(out).toMatchFileSnapshot('./__snapshots__/sync-help.txt')
  })
})
