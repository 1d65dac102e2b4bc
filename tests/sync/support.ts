/**
 * Helpers of the `iii-skills sync` tests (E21): real skill folders copied from shared/corpora into a
 * temp dir (the corpora are read-only), a folder's files as bytes and as mtimes, and sync run in
 * process the way the command runs it (parseSyncCli, then startSync).
 */
import { createHash } from 'node:crypto'
import { chmod, cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { validate } from 'skills-ref'
import { parseSyncCli, startSync, type RunningSync } from '../../src/app/modes/sync.js'
import { CORPORA } from '../support/corpora.js'
import { silentLogger } from '../support/silent-logger.js'

/** Real folders of shared/corpora, each valid for skills-ref, with supporting files (binaries among them). */
export const REAL = {
  /** Archive.zip (binary) and two scripts. */
  deploy: 'vercel-labs-agent-skills/skills/deploy-to-vercel',
  /** theme-showcase.pdf (binary), themes/*.md, LICENSE.txt. */
  themes: 'ComposioHQ-awesome-claude-skills/theme-factory',
  /** scripts/ and two references. */
  brainstorming: 'obra-superpowers/skills/brainstorming',
  /** Frontmatter key `requires`, which the reference validator refuses. */
  requires: 'ComposioHQ-awesome-claude-skills/composio-skills/pdfless-automation',
} as const

export async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'iii-sync-'))
}

/** Copies a corpora folder to `dest`, writable (the corpora's modes are read-only). */
export async function copyReal(from: string, dest: string): Promise<void> {
  await cp(join(CORPORA, from), dest, { recursive: true })
  await makeWritable(dest)
}

async function makeWritable(path: string): Promise<void> {
  const info = await stat(path)
  await chmod(path, info.mode | 0o200)
  if (info.isDirectory()) for (const name of await readdir(path)) await makeWritable(join(path, name))
}

export async function removeTree(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true })
}

/**
 * Every file below `dir` by relative path, with the sha256 of its bytes (equal maps: the same files,
 * byte for byte; comparing megabytes of Buffers deeply would take seconds).
 */
export async function filesOf(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const rel of (await readdir(dir, { recursive: true })).sort()) {
    const path = join(dir, rel)
    if ((await stat(path)).isFile()) files.set(rel, createHash('sha256').update(await readFile(path)).digest('hex'))
  }
  return files
}

/** The mtime (ns) of `dir` and of everything below it, by relative path. */
export async function mtimesOf(dir: string): Promise<Map<string, bigint>> {
  const times = new Map<string, bigint>([['.', (await stat(dir, { bigint: true })).mtimeNs]])
  for (const rel of (await readdir(dir, { recursive: true })).sort()) times.set(rel, (await stat(join(dir, rel), { bigint: true })).mtimeNs)
  return times
}

/** The folders of DIR skills-ref refuses, with its errors (every folder sync writes must pass, E21.5). */
export async function invalidFolders(dir: string): Promise<string[]> {
  const bad: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const errors = await validate(join(dir, entry.name))
    if (errors.length > 0) bad.push(`${entry.name}: ${errors.join('; ')}`)
  }
  return bad
}

export interface SyncRun {
  code: number
  out: string
  err: string
}

class Sink extends Writable {
  text = ''
  override _write(chunk: unknown, _encoding: string, done: () => void): void {
    this.text += String(chunk)
    done()
  }
}

/** `iii-skills sync …args` in process, from `cwd` with HOME `home`, to its end. */
export async function runSync(args: string[], cwd: string, home = cwd): Promise<SyncRun> {
  const started = await startSyncIn(args, cwd, home)
  return { code: await started.running.ended, out: started.out.text, err: started.err.text }
}

export async function startSyncIn(args: string[], cwd: string, home = cwd): Promise<{ running: RunningSync; out: Sink; err: Sink }> {
  const out = new Sink()
  const err = new Sink()
  const options = parseSyncCli(args, { writeOut: (s) => err.write(s), writeErr: (s) => err.write(s) })
  const running = await startSync(options, { out, err }, silentLogger(), cwd, home)
  return { running, out, err }
}

/** Polls `check` every 50 ms until it holds; returns how long it took (ms), or throws after `timeoutMs`. */
export async function within(timeoutMs: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const start = Date.now()
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - start
    if (Date.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
