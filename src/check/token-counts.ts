/**
 * E15.3: the o200k counts of long bodies (SK202) on a second thread while the main one reads files
 * and runs the other rules. The thread imports this build's core/tokens.js (its public `tokenizer()`,
 * the one count the project has); where there is no built module beside this one (the TypeScript
 * sources run by the test runner) the counts are made on this thread.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { tokenizer } from '../core/tokens.js'

export interface TokenCounts {
  /** Starts counting `text`; the answer comes with `done`. */
  add(key: string, text: string): void
  /** Every count asked for, by key. */
  done(): Promise<ReadonlyMap<string, number>>
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
import(workerData.tokens).then(async ({ tokenizer }) => {
  const counter = await tokenizer()
  parentPort.on('message', (batch) => {
    parentPort.postMessage(batch.map(([key, text]) => [key, counter.count(text)]))
  })
  parentPort.postMessage('ready')
})
`

export function tokenCounts(): TokenCounts {
  const tokensModule = new URL('../core/tokens.js', import.meta.url)
  return existsSync(fileURLToPath(tokensModule)) ? threadCounts(tokensModule.href) : localCounts()
}

function localCounts(): TokenCounts {
  const texts = new Map<string, string>()
  return {
    add: (key, text) => { texts.set(key, text) },
    async done() {
      if (texts.size === 0) return new Map()
      const counter = await tokenizer()
      return new Map([...texts].map(([key, text]) => [key, counter.count(text)]))
    },
  }
}

function threadCounts(tokens: string): TokenCounts {
  let worker: Worker | undefined
  let asked = 0
  const counts = new Map<string, number>()
  let failed: Error | undefined
  let settle: (() => void) | undefined
  const start = (): Worker => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { tokens } })
    w.on('message', (message: 'ready' | Array<[string, number]>) => {
      if (message === 'ready') return
      for (const [key, n] of message) counts.set(key, n)
      if (counts.size === asked) settle?.()
    })
    w.on('error', (error) => { failed = error; settle?.() })
    return w
  }
  return {
    add(key, text) {
      worker ??= start()
      asked++
      worker.postMessage([[key, text]])
    },
    async done() {
      if (worker === undefined) return counts
      if (counts.size < asked && failed === undefined) await new Promise<void>((resolve) => { settle = resolve })
      await worker.terminate()
      if (failed !== undefined) throw failed
      return counts
    },
  }
}
