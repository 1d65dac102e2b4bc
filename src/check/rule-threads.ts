/**
 * E15.3: each `SKILL.md` folder is read and checked (src/check/skill-rules.ts) on worker threads, one
 * per core up to two, while the main thread has only the loader's scan to do; each thread loads the
 * o200k tokenizer (core/tokens.js, its public `tokenizer()`) once, during the scan, and has a few
 * folders in flight at a time. The threads import this build's own modules; where there is none
 * beside this file (the TypeScript sources the test runner executes) the folders are checked on this
 * thread, a batch at a time, with the same results.
 */
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { tokenizer } from '../core/tokens.js'
import { mapInBatches } from '../fs/batches.js'
import type { Candidate } from './collect.js'
import { checkSkill, type SkillChecked } from './skill-rules.js'

export interface RuleRunner {
  /** Checks every candidate (the served ids are what `iii://` links may name); results in candidate order. */
  run(candidates: readonly Candidate[], skillIds: ReadonlySet<string>): Promise<SkillChecked[]>
  /** Ends the threads (after `run`, or instead of it). */
  close(): Promise<void>
}

const MAX_THREADS = 2
const LOCAL_BATCH = 16
/** Folders a thread has in flight at once, so its reads overlap its rules. */
const THREAD_LANES = 4

// One message a run: [candidates, skillIds]; one answer a candidate: [index, checked] (or [index, error]).
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const ready = Promise.all([import(workerData.rules), import(workerData.tokens)]).then(async ([rules, tokens]) => {
  const counter = await tokens.tokenizer()
  return (candidate, skillIds) => rules.checkSkill(candidate, skillIds, (text) => counter.count(text))
})
parentPort.on('message', async ([jobs, ids]) => {
  const check = await ready
  const skillIds = new Set(ids)
  let next = 0
  const lane = async () => {
    while (next < jobs.length) {
      const [index, candidate] = jobs[next++]
      try {
        parentPort.postMessage([index, await check(candidate, skillIds)])
      } catch (error) {
        parentPort.postMessage([index, undefined, String(error && error.stack || error)])
      }
    }
  }
  await Promise.all(Array.from({ length: workerData.lanes }, lane))
})
`

/** Start it before the scan: the threads load their modules and the tokenizer meanwhile. */
export function ruleRunner(): RuleRunner {
  const rules = new URL('./skill-rules.js', import.meta.url)
  const tokens = new URL('../core/tokens.js', import.meta.url)
  const built = existsSync(fileURLToPath(rules)) && existsSync(fileURLToPath(tokens))
  return built ? threadRunner(rules.href, tokens.href) : localRunner()
}

function localRunner(): RuleRunner {
  return {
    async run(candidates, skillIds) {
      if (candidates.length === 0) return []
      const counter = await tokenizer()
      return mapInBatches(candidates, (c) => checkSkill(c, skillIds, (text) => counter.count(text)), LOCAL_BATCH)
    },
    close: async () => {},
  }
}

function threadRunner(rules: string, tokens: string): RuleRunner {
  const size = Math.max(1, Math.min(MAX_THREADS, availableParallelism()))
  const threads = Array.from({ length: size }, () => new Worker(THREAD_SOURCE, { eval: true, workerData: { rules, tokens, lanes: THREAD_LANES } }))
  const close = async () => { await Promise.all(threads.map((t) => t.terminate())) }
  return {
    async run(candidates, skillIds) {
      const results: SkillChecked[] = new Array(candidates.length)
      let answered = 0
      await new Promise<void>((resolve, reject) => {
        if (candidates.length === 0) return resolve()
        for (const thread of threads) {
          thread.on('message', ([index, checked, error]: [number, SkillChecked | undefined, string | undefined]) => {
            if (checked === undefined) return reject(new Error(error))
            results[index] = checked
            if (++answered === candidates.length) resolve()
          })
          thread.on('error', reject)
        }
        // Interleaved, so each thread gets folders from every part of the tree.
        const ids = [...skillIds]
        threads.forEach((thread, t) => thread.postMessage([candidates.flatMap((c, i) => (i % size === t ? [[i, c]] : [])), ids]))
      }).finally(close)
      return results
    },
    close,
  }
}
