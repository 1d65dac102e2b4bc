/**
 * E15.3: each `SKILL.md` folder is read and checked (src/check/skill-rules.ts) on worker threads, one
 * per core up to two, while the main thread runs the loader's scan: the folders a walk of the roots
 * finds start before the scan, the others (config globs) after it. Each thread loads the o200k
 * tokenizer (core/tokens.js, its public `tokenizer()`, reading the build's pair table through
 * fs/pair-table-file.js) once and has a few folders in flight at a time.
 * The threads import this build's own modules; where there is none beside this file (the TypeScript
 * sources the test runner executes) the folders are checked on this thread, with the same results.
 */
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { tokenizer, type FsLimits } from '../core/index.js'
import { mapInBatches } from '../fs/index.js'
import { checkSkill, type SkillChecked } from './skill-rules.js'

/** A `SKILL.md` to check, and whether the loader will leave it out (then the E5.1 rules are run for it too). */
export interface Job {
  path: string
  unserved: boolean
}

export interface RuleRunner {
  /** Starts checking these files (before the scan says which it serves). */
  start(jobs: readonly Job[]): void
  /** The results for these files (started now when not yet), in this order; the threads end. */
  finish(jobs: readonly Job[]): Promise<SkillChecked[]>
  /** Ends the threads without waiting. */
  close(): Promise<void>
}

const MAX_THREADS = 2
const LOCAL_BATCH = 16
/** Folders a thread has in flight at once, so its reads overlap its rules. */
const THREAD_LANES = 4

// Messages in: [[index, path, unserved], …]; out: [[index, checked] or [index, undefined, error], …],
// a few at a time.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const ready = Promise.all([import(workerData.rules), import(workerData.tokens), import(workerData.pairs)]).then(async ([rules, tokens, pairs]) => {
  tokens.usePrebuiltPairTable(pairs.readPairTableFile)
  const counter = await tokens.tokenizer()
  return (path, unserved) => rules.checkSkill(path, unserved, (text) => counter.count(text), workerData.limits)
})
const queue = []
let active = 0
let answers = []
const flush = () => {
  if (answers.length > 0) parentPort.postMessage(answers)
  answers = []
}
const pump = async () => {
  const check = await ready
  while (queue.length > 0) {
    const [index, path, unserved] = queue.shift()
    // Awaited before \`answers\` is read: a flush meanwhile replaces the array.
    let answer
    try {
      answer = [index, await check(path, unserved)]
    } catch (error) {
      answer = [index, undefined, String((error && error.stack) || error)]
    }
    answers.push(answer)
    if (answers.length >= 16 || queue.length === 0) flush()
  }
}
parentPort.on('message', (jobs) => {
  queue.push(...jobs)
  while (active < workerData.lanes) {
    active++
    pump().finally(() => { active-- })
  }
})
`

/** Start it first: the threads load their modules and the tokenizer while the roots are walked. */
export function ruleRunner(limits: FsLimits): RuleRunner {
  const rules = new URL('./skill-rules.js', import.meta.url)
  const tokens = new URL('../core/tokens.js', import.meta.url)
  const pairs = new URL('../fs/pair-table-file.js', import.meta.url)
  const built = [rules, tokens, pairs].every((url) => existsSync(fileURLToPath(url)))
  return built ? threadRunner({ rules: rules.href, tokens: tokens.href, pairs: pairs.href }, limits) : localRunner(limits)
}

function localRunner(limits: FsLimits): RuleRunner {
  return {
    start: () => {},
    async finish(jobs) {
      if (jobs.length === 0) return []
      const counter = await tokenizer()
      return mapInBatches(jobs, (job) => checkSkill(job.path, job.unserved, (text) => counter.count(text), limits), LOCAL_BATCH)
    },
    close: async () => {},
  }
}

/** The thread's modules: the rules, the tokenizer and where the build's pair table is read. */
interface ThreadModules {
  rules: string
  tokens: string
  pairs: string
}

function threadRunner(modules: ThreadModules, limits: FsLimits): RuleRunner {
  const size = Math.max(1, Math.min(MAX_THREADS, availableParallelism()))
  const threads = Array.from({ length: size }, () => new Worker(THREAD_SOURCE, { eval: true, workerData: { ...modules, lanes: THREAD_LANES, limits } }))
  const indexOf = new Map<string, number>()
  const results: Array<SkillChecked | undefined> = []
  let failed: Error | undefined
  let wake: (() => void) | undefined
  for (const thread of threads) {
    thread.on('message', (answers: Array<[number, SkillChecked | undefined, string | undefined]>) => {
      for (const [index, checked, error] of answers) {
        if (checked === undefined) failed ??= new Error(error)
        else results[index] = checked
      }
      wake?.()
    })
    thread.on('error', (error) => { failed ??= error; wake?.() })
  }
  const submit = (jobs: readonly Job[]) => {
    const batches: Array<Array<[number, string, boolean]>> = threads.map(() => [])
    for (const { path, unserved } of jobs) {
      if (indexOf.has(path)) continue
      const index = indexOf.size
      indexOf.set(path, index)
      // Interleaved, so each thread gets folders from every part of the tree.
      ;(batches[index % size] as Array<[number, string, boolean]>).push([index, path, unserved])
    }
    threads.forEach((thread, t) => { if ((batches[t] as unknown[]).length > 0) thread.postMessage(batches[t]) })
  }
  const close = async () => { await Promise.all(threads.map((t) => t.terminate())) }
  return {
    start: submit,
    async finish(jobs) {
      submit(jobs)
      const wanted = jobs.map((job) => indexOf.get(job.path) as number)
      while (failed === undefined && wanted.some((i) => results[i] === undefined)) await new Promise<void>((resolve) => { wake = resolve })
      await close()
      if (failed !== undefined) throw failed
      return wanted.map((i) => results[i] as SkillChecked)
    },
    close,
  }
}
