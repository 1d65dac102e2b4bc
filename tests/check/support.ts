/** Runs `iii-skills check --format json` in-process over a temporary tree (tests of src/check/). */
import { Writable } from 'node:stream'
import { join } from 'node:path'
import { parseCheckCli, runCheck } from '../../src/app/modes/check.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { silentLogger } from '../support/silent-logger.js'

export interface JsonFinding {
  rule: string
  name: string
  severity: string
  path: string
  line: number
  id?: string
  message: string
}

export interface CheckRun {
  code: number
  stdout: string
  stderr: string
  findings: JsonFinding[]
  /** Paths relative to the tree. */
  at: (rule: string) => Array<[string, number]>
}

/** `args(dir)` are the arguments; by default `--config <dir>/none.yaml --skills-dir <dir>/root`. */
export async function checkTree(files: Record<string, string | Buffer>, args?: (dir: string) => string[], format = 'json'): Promise<CheckRun> {
  const dir = await makeTempDir()
  try {
    await writeTree(dir, files)
    let stdout = ''
    let stderr = ''
    const out = new Writable({ write(chunk, _enc, done) { stdout += String(chunk); done() } })
    const err = new Writable({ write(chunk, _enc, done) { stderr += String(chunk); done() } })
    const argv = [...(args?.(dir) ?? ['--config', join(dir, 'none.yaml'), '--skills-dir', join(dir, 'root')]), '--format', format]
    const code = await runCheck(parseCheckCli(argv), out, silentLogger(), err)
    const findings = format === 'json' && stdout !== '' ? (JSON.parse(stdout) as { findings: JsonFinding[] }).findings : []
    const rel = (path: string) => (path.startsWith(`${dir}/`) ? path.slice(dir.length + 1) : path)
    return {
      code, stdout: stdout.split(dir).join('<dir>'), stderr: stderr.split(dir).join('<dir>'), findings,
      at: (rule) => findings.filter((f) => f.rule === rule).map((f) => [rel(f.path), f.line]),
    }
  } finally {
    await removeTempDir(dir)
  }
}

/** A skill that breaks no rule: a name matching its folder, a description saying when, a linked reference. */
export const GOOD_SKILL = '---\nname: lint\ndescription: Lints the code. Use when the user asks to lint.\n---\n# Lint\n\nSee [the guide](references/guide.md).\n'
export const GOOD_TREE: Record<string, string> = {
  'root/lint/SKILL.md': GOOD_SKILL,
  'root/lint/references/guide.md': '# Guide\n\nRun the linter.\n',
}
