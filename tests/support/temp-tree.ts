/**
 * Real temp directories for fs tests (created under os.tmpdir(), removed by the caller) and a pino
 * logger that records its JSON lines in memory, so tests can assert exact log messages and fields.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import type { Logger } from '../../src/app/logger.js'

export async function makeTempDir(): Promise<string> {
  return realpath(await mkdtemp(join(tmpdir(), 'skills-fs-')))
}

export async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

/** Writes `{ "a/b.md": "text" }` under `root`, creating folders. */
export async function writeTree(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(root, rel)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, content)
  }
}

export interface LogLine {
  level: number
  msg: string
  [field: string]: unknown
}

export interface CapturedLog {
  log: Logger
  lines(): LogLine[]
  messages(): string[]
}

export const LEVEL = { debug: 20, info: 30, warn: 40 } as const

export function captureLogger(): CapturedLog {
  const chunks: string[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString())
      done()
    },
  })
  const log = pino({ level: 'debug', base: undefined, timestamp: false }, sink)
  const lines = () => chunks.join('').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as LogLine)
  return { log, lines, messages: () => lines().map((l) => l.msg) }
}
