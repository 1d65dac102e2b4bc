/**
 * E11.5 as an attacker or an unlucky operator meets it: a second process reaching the state file
 * through a symlink, two starts racing for a dead owner's lock, a symlink planted at a temp-file
 * name, a state path that is itself a symlink, and a complete record that fails its check.
 */
import { spawn, spawnSync } from 'node:child_process'
import { lstat, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { stateFileInUse, stateFileUnreadable } from '../../src/embedded/messages.js'
import { StateJournal } from '../../src/embedded/state-journal/journal.js'
import { acquireOwnerLock } from '../../src/embedded/state-journal/owner-lock.js'
import { decodeJournal, encodeRecord, JOURNAL_HEADER } from '../../src/embedded/state-journal/records.js'
import { StateMap } from '../../src/embedded/state-map.js'
import { silentLogger } from '../support/silent-logger.js'

let dir: string
let file: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'state-owner-'))
  file = join(dir, 'state.json')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 })
})

/** A pid no process has any more. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString() as unknown as number
}

/** Rewrites one key 50 times with a low compaction threshold, so the journal is compacted on the way. */
async function writeUntilCompacted(path: string): Promise<void> {
  const map = new StateMap()
  const journal = await StateJournal.open(path, map, silentLogger(), { minCompactionBytes: 128 })
  for (let n = 0; n < 50; n++) {
    map.set('s', 'k', n)
    await journal.write({ op: 'set', scope: 's', key: 'k', value: n })
  }
  await journal.close()
}

function keysOf(bytes: Buffer): string[] {
  const decoded = decodeJournal(bytes)
  if (!decoded.ok) throw new Error(decoded.reason)
  return decoded.mutations.map((m) => m.key)
}

describe('one owner whatever the path (E11.5)', () => {
  it('refuses a second owner that reaches the state file through a symlink', async () => {
    const first = await StateJournal.open(file, new StateMap(), silentLogger())
    const link = join(dir, 'other-name.json')
    await symlink(file, link)
    await expect(StateJournal.open(link, new StateMap(), silentLogger())).rejects.toThrow(stateFileInUse(link, process.pid))
    await expect(StateJournal.open(join(dir, '.', 'state.json'), new StateMap(), silentLogger())).rejects.toThrow(/is in use/)
    await first.close()
  })

  it('refuses a second process through a symlink, so a compaction never drops the first one\'s writes', async () => {
    const first = await StateJournal.open(file, new StateMap(), silentLogger())
    const link = join(dir, 'via-link.json')
    await symlink(file, link)
    const script = `
      const { StateJournal } = await import(${JSON.stringify(new URL('../../src/embedded/state-journal/journal.ts', import.meta.url).href)})
      const { StateMap } = await import(${JSON.stringify(new URL('../../src/embedded/state-map.ts', import.meta.url).href)})
      const { pino } = await import('pino')
      try { await StateJournal.open(${JSON.stringify(link)}, new StateMap(), pino({ level: 'silent' })); console.log('owned') }
      catch (error) { console.log(error.message) }`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd() })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    await new Promise((resolve) => child.on('close', resolve))
    expect(out.trim()).toBe(stateFileInUse(link, process.pid))
    await first.close()
  }, 30_000)

  it('lets exactly one of two racing starts take over a dead owner\'s lock', async () => {
    const pid = Number(deadPid())
    for (let round = 0; round < 20; round++) {
      await writeFile(`${file}.lock`, JSON.stringify({ pid }))
      const results = await Promise.allSettled([acquireOwnerLock(file), acquireOwnerLock(file)])
      const owners = results.filter((r) => r.status === 'fulfilled')
      expect(owners).toHaveLength(1)
      expect(results.find((r) => r.status === 'rejected')?.reason).toEqual(new Error(stateFileInUse(file, process.pid)))
      expect(JSON.parse(await readFile(`${file}.lock`, 'utf8')).pid).toBe(process.pid)
      await (owners[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release()
      expect((await readdir(dir)).filter((n) => n.includes('.lock'))).toEqual([])
    }
  })

  it('writes through a state path that is a symlink to its target, leaving the link a link', async () => {
    const target = join(dir, 'real.json')
    await symlink(target, file)
    await writeUntilCompacted(file)
    expect((await lstat(file)).isSymbolicLink()).toBe(true)
    expect(keysOf(await readFile(target))).toContain('k')
    expect((await readdir(dir)).sort()).toEqual(['real.json', 'state.json'])
  })

  it('never writes through a symlink planted at a temp-file name, and keeps the file its owner\'s alone', async () => {
    const victim = join(dir, 'victim.txt')
    await writeFile(victim, 'do not touch\n')
    // The names an earlier version used (`<file>.<pid>.tmp`), for this process and the next few pids.
    for (let pid = process.pid; pid < process.pid + 50; pid++) await symlink(victim, `${file}.${pid}.tmp`).catch(() => undefined)
    await writeUntilCompacted(file)
    expect(await readFile(victim, 'utf8')).toBe('do not touch\n')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(keysOf(await readFile(file))).toEqual(['k'])
  })

  it('refuses to start on a complete last record that fails its check, leaving the file untouched', async () => {
    const good = encodeRecord({ op: 'set', scope: 's', key: 'a', value: 1 })
    const bad = encodeRecord({ op: 'set', scope: 's', key: 'b', value: 2 }).toString().replace('"b"', '"c"')
    const content = JOURNAL_HEADER + good.toString() + bad
    await writeFile(file, content)
    const offset = JOURNAL_HEADER.length + good.length
    await expect(StateJournal.open(file, new StateMap(), silentLogger()))
      .rejects.toThrow(stateFileUnreadable(file, `record at byte ${offset} is damaged (a complete record that fails its check)`))
    expect(await readFile(file, 'utf8')).toBe(content)
  })
})
