/**
 * E11.4 in `npm run bench`: counting the tokens of 1 MiB of text of every shape (one word, random
 * letters, spaces, newlines, base64, real prose from shared/corpora), the median of 5 counts each,
 * every round a text of its own (another seed, another stretch of the corpora) so no memo of an
 * earlier round helps, and the longest time another task waited meanwhile, measured by a 1 ms
 * timer. Targets: ≤ 100 ms and ≤ 50 ms.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { tokenizer } from '../../src/core/tokens.js'
import { withLoopWait } from '../support/loop-wait.js'
import type { TargetResult } from './report.js'
import { renderTable, type Column } from './table.js'
import { lettersAtRandom } from '../support/random-letters.js'

const MiB = 1024 * 1024
const ROUNDS = 5
const COUNT_LIMIT_MS = 100
const WAIT_LIMIT_MS = 50
/** Time for the pair table to be built in the background before the timed rounds. */
const PAIR_TABLE_WAIT_MS = 1500

export interface TokenShapeResult {
  shape: string
  chars: number
  tokens: number
  medianMs: number
  longestWaitMs: number
}


/** 2 MiB of the corpora's Markdown, file after file. */
function realProse(corpora: string): string {
  let text = ''
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (text.length >= 2 * MiB) return
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (name.endsWith('.md')) text += readFileSync(path, 'utf8')
    }
  }
  walk(corpora)
  return text
}

/** Each shape's text of round `round`. */
export function tokenShapes(corpora: string): Array<[string, (round: number) => string]> {
  const prose = realProse(corpora)
  return [
    ['one word', (round) => 'a'.repeat(MiB - 1) + String.fromCharCode(98 + round)],
    ['random letters (one word)', (round) => lettersAtRandom(MiB, 7 + round)],
    ['spaces', (round) => ' '.repeat(MiB - 1) + String.fromCharCode(98 + round)],
    ['newlines', (round) => '\n'.repeat(MiB - 1) + String.fromCharCode(98 + round)],
    ['base64', (round) => Buffer.from(lettersAtRandom(MiB * 0.75, 11 + round)).toString('base64').slice(0, MiB)],
    ['prose (shared/corpora)', (round) => prose.slice(round * 128 * 1024, round * 128 * 1024 + MiB)],
  ]
}

export async function benchTokens(corpora: string): Promise<TokenShapeResult[]> {
  const tok = await tokenizer()
  // A long word starts the pair table's build (src/core/tokens.ts); the timed rounds measure counting
  // with it, as every count after the first long piece is.
  await tok.count(lettersAtRandom(4096, 99))
  await new Promise((resolve) => setTimeout(resolve, PAIR_TABLE_WAIT_MS))
  const results: TokenShapeResult[] = []
  for (const [shape, textOf] of tokenShapes(corpora)) {
    const times: number[] = []
    let longestWaitMs = 0
    let tokens = 0
    let chars = 0
    for (let round = 0; round < ROUNDS; round++) {
      const variant = textOf(round)
      chars = variant.length
      const counted = await withLoopWait(() => tok.count(variant))
      tokens = counted.result
      times.push(counted.ms)
      longestWaitMs = Math.max(longestWaitMs, counted.longestWaitMs)
    }
    times.sort((a, b) => a - b)
    results.push({ shape, chars, tokens, medianMs: times[Math.floor(ROUNDS / 2)]!, longestWaitMs })
  }
  return results
}

const COLUMNS: Column<TokenShapeResult>[] = [
  { header: 'token count of 1 MiB', align: 'left', cell: (r) => r.shape },
  { header: 'tokens', align: 'right', cell: (r) => String(r.tokens) },
  { header: 'p50 ms', align: 'right', cell: (r) => r.medianMs.toFixed(1) },
  { header: 'longest wait ms', align: 'right', cell: (r) => r.longestWaitMs.toFixed(1) },
]

export function renderTokens(results: TokenShapeResult[]): string {
  return renderTable(COLUMNS, results)
}

export function tokenTargets(results: TokenShapeResult[]): TargetResult[] {
  if (results.length === 0) return []
  const slowest = results.reduce((a, b) => (b.medianMs > a.medianMs ? b : a))
  const longest = results.reduce((a, b) => (b.longestWaitMs > a.longestWaitMs ? b : a))
  const word = results.find((r) => r.shape === 'one word')
  return [
    ...(word === undefined ? [] : [{
      target: 'E11.4 count a 1 MiB one-word text', limit: `≤ ${COUNT_LIMIT_MS} ms`, measured: `${word.medianMs.toFixed(1)} ms`, met: word.medianMs <= COUNT_LIMIT_MS,
    }]),
    { target: 'E11.4 count 1 MiB, any shape', limit: `≤ ${COUNT_LIMIT_MS} ms`, measured: `${slowest.medianMs.toFixed(1)} ms (${slowest.shape})`, met: slowest.medianMs <= COUNT_LIMIT_MS },
    { target: 'E11.4 longest wait meanwhile', limit: `≤ ${WAIT_LIMIT_MS} ms`, measured: `${longest.longestWaitMs.toFixed(1)} ms (${longest.shape})`, met: longest.longestWaitMs <= WAIT_LIMIT_MS },
  ]
}
