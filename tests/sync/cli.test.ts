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
  })

  it.each([
    [[], "error: required option '--to <dir>' not specified\n"],
    [['--to', 'a', '--url', 'ws://x', '--skills-dir', 's'], "error: --url syncs the engine's catalogue: it takes no --config or --skills-dir\n"],
    [['--to', 'a', '--url', 'ws://x', '--config', 'c.yaml'], "error: --url syncs the engine's catalogue: it takes no --config or --skills-dir\n"],
    [['--to', 'a', '--view', 'docs'], "error: unknown option '--view'\n"],
    [['--to', 'a', 'extra'], 'error: too many arguments. Expected 0 arguments but got 1.\n'],
  ])('%j is a usage error: exit 2', (argv, message) => {
    const { error, err } = run(argv)
    expect([error?.exitCode, err]).toEqual([2, message])
  })

  it.each([['--help'], ['-h']])('%s prints the help and exits 0', (flag) => {
    const { error, out } = run([flag])
    expect(error?.exitCode).toBe(0)
    expect(out).toBe(`Usage: iii-skills sync [options]

Write every skill of the catalogue into the folders agents read, as Agent Skills folders, and keep
them current.

Options:
  --to <dir>          a folder agents read skills from, e.g. ~/.claude/skills (repeatable; required)
  --watch             keep syncing: each folder follows the catalogue within 2 s of a change, until
                      SIGTERM or SIGINT
  --dry-run           print what would be written and removed; change nothing
  --config <path>     config file (YAML) whose skills: globs to sync (default: "./config.yaml")
  --skills-dir <dir>  sync every SKILL.md folder under this directory (repeatable; ids relative to
                      it)
  --url <url>         sync the catalogue of the iii engine at this WebSocket URL (state-registered
                      skills included)
  -h, --help          print help

Each skill becomes DIR/{folder}/ with a SKILL.md an agent harness loads:
  - an Agent Skills folder is copied byte for byte with its files; any other skill (a markdown file, a
    skill registered on the engine) is written as a SKILL.md: name, description, then its body
  - {folder} is the frontmatter name when it is a valid skill name, else the id with / replaced by -;
    of two skills with one folder the first wins
  - a skill whose copy would not pass the Agent Skills reference validator (skills-ref validate) is
    left out: "skipped {id}: {why}"

Ownership: DIR/.iii-skills-sync.json lists the folders sync wrote and their files' digests. A folder
it does not list is never written into, replaced or removed ("skipped {folder}: not written by
iii-skills sync"); a folder of a skill that left the catalogue is removed only when it is as sync
wrote it, else kept ("kept {folder}: edited since iii-skills sync wrote it").

Each folder is written beside DIR/{folder} and renamed into place. A run with nothing to do writes
nothing and prints "0 written, 0 removed, {n} unchanged". Exit 0 on success, 1 when any folder
failed, 2 on a usage error (a --to inside a source root included).

Sources: --config and --skills-dir as for the worker; with neither (and no ./config.yaml), the
zero-config roots: ./.agents/skills, ./.claude/skills, ~/.agents/skills, ~/.claude/skills,
~/.codex/skills. --url reads a running engine's catalogue instead, registered skills included.

Examples (docs/sync.md):
  iii-skills sync --skills-dir ~/src/skills --to ~/.claude/skills         Claude Code
  iii-skills sync --skills-dir ~/src/skills --to ~/.agents/skills         Codex (and Gemini CLI)
  iii-skills sync --skills-dir ~/src/skills --to ~/.gemini/skills         Gemini CLI
  iii-skills sync --url ws://127.0.0.1:49134 --to .agents/skills --watch  a project's, kept current
`)
  })
})
