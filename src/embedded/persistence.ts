/**
 * State persistence for `--embedded`: one JSON file, rewritten after mutations. Each write goes to
 * a temp file in the same directory, is fsynced, then renamed over the target, so a crash at any
 * point leaves either the old file or the new one, never a torn one. Bursts coalesce: at most one
 * write in flight plus one pending. Like the engine's file store, scopes emptied by deletes are
 * not written.
 */
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Logger } from '../logger.js'
import * as msg from './messages.js'
import type { StateSnapshot, StateStore } from './state-store.js'

const FORMAT_VERSION = 1

interface StateFileContent {
  version: number
  scopes: StateSnapshot
}

function isSnapshot(value: unknown): value is StateSnapshot {
  return Array.isArray(value) && value.every((scope) =>
    Array.isArray(scope) && scope.length === 2 && typeof scope[0] === 'string' && Array.isArray(scope[1]) &&
    scope[1].every((entry: unknown) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string'))
}

export class StateFile {
  private writing: Promise<void> | undefined
  private dirty = false
  private seq = 0

  constructor(
    readonly path: string,
    private readonly store: StateStore,
    private readonly log: Logger,
  ) {}

  /** Loads the file into the store (missing file = empty state) and removes stale temp files. */
  async load(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true })
    await this.removeStaleTemps()
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
      throw err
    }
    const content = JSON.parse(text) as Partial<StateFileContent>
    if (content.version !== FORMAT_VERSION || !isSnapshot(content.scopes)) {
      throw new Error(`state file ${this.path} is not a version ${FORMAT_VERSION} state file`)
    }
    this.store.load(content.scopes)
    this.log.info({ path: this.path, scopes: content.scopes.length }, msg.LOG_STATE_LOADED)
  }

  schedule(): void {
    this.dirty = true
    this.writing ??= this.drain()
  }

  /** Resolves once every mutation made so far is on disk (or its write failed and was logged). */
  async flush(): Promise<void> {
    while (this.writing !== undefined) await this.writing
  }

  private async drain(): Promise<void> {
    while (this.dirty) {
      this.dirty = false
      try {
        await this.writeOnce()
      } catch (err) {
        this.log.error({ path: this.path, err: (err as Error).message }, msg.LOG_STATE_SAVE_FAILED)
      }
    }
    this.writing = undefined
  }

  private async writeOnce(): Promise<void> {
    const scopes = this.store.snapshot().filter(([, entries]) => entries.length > 0)
    const text = JSON.stringify({ version: FORMAT_VERSION, scopes } satisfies StateFileContent)
    const temp = join(dirname(this.path), `${basename(this.path)}.${process.pid}.${++this.seq}.tmp`)
    const handle = await open(temp, 'w')
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, this.path)
    await this.syncDirectory()
  }

  private async syncDirectory(): Promise<void> {
    try {
      const dir = await open(dirname(this.path), 'r')
      try {
        await dir.sync()
      } finally {
        await dir.close()
      }
    } catch {
      // Not every platform can fsync a directory; the rename itself is still atomic.
    }
  }

  private async removeStaleTemps(): Promise<void> {
    const prefix = `${basename(this.path)}.`
    let names: string[]
    try {
      names = await readdir(dirname(this.path))
    } catch {
      return
    }
    const stale = names.filter((n) => n.startsWith(prefix) && n.endsWith('.tmp'))
    await Promise.all(stale.map((n) => rm(join(dirname(this.path), n), { force: true })))
  }
}
