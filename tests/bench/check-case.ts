/**
 * E15.3 in `npm run bench`: the built command line `iii-skills check --format json` over every root
 * of shared/corpora (1,485 skills), timed from spawn to exit, several runs, the median reported.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { CORPORA_ROOT_ARGS, REPOSITORY } from '../support/corpora.js'
import type { CheckRunResult } from './report.js'
import { summarize } from './stats.js'

export async function benchCheck(runs: number, log: (line: string) => void): Promise<CheckRunResult> {
  const runsMs: number[] = []
  let skills = 0
  for (let i = 0; i < runs; i++) {
    const { ms, stdout } = await timed(['check', ...CORPORA_ROOT_ARGS, '--format', 'json'])
    skills = (JSON.parse(stdout) as { checked: number }).checked
    runsMs.push(ms)
  }
  const medianMs = summarize(runsMs).p50Ms
  log(`check over shared/corpora: ${skills} skills, median ${medianMs.toFixed(0)} ms of ${runs} runs (${runsMs.map((ms) => ms.toFixed(0)).join(', ')})`)
  return { skills, runsMs, medianMs }
}

function timed(args: string[]): Promise<{ ms: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, [join(REPOSITORY, 'dist/src/main.js'), ...args], {
      cwd: REPOSITORY, env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'],
    })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 || code === 1 ? resolve({ ms: performance.now() - started, stdout }) : reject(new Error(`check exited ${code}`))))
  })
}
