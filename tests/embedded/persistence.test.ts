import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { captureLogger } from '../support/temp-tree.js'
import { LOG_STATE_TORN_TAIL, stateFileInUse, stateFileUnreadable, stateFileWriteFailed } from '../../src/embedded/messages.js'
import { StateJournal } from '../../src/embedded/state-journal/journal.js'
import { decodeJournal, encodeRecord, JOURNAL_HEADER } from '../../src/embedded/state-journal/records.js'
import { StateMap } from '../../src/embedded/state-map.js'
import { useHarness } from './harness.js'
import { silentLogger } from '../support/silent-logger.js'

const h = useHarness()
let dir: string
let file: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'embedded-state-'))
  file = join(dir, 'state.json')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 })
})

describe('state persistence with stateFile', () => {
  it('keeps state, key order and groups across an engine restart', async () => {
    const first = await h.engine({ stateFile: file })
    const client = h.client(first.url, 'writer')
    for (const [key, value] of [['b', { v: 1 }], ['a', null], ['c', 'three']] as const) {
      await client.trigger({ function_id: 'state::set', payload: { scope: 'kept', key, value } })
    }
    await client.trigger({ function_id: 'state::set', payload: { scope: 'emptied', key: 'k', value: 1 } })
    await client.trigger({ function_id: 'state::delete', payload: { scope: 'emptied', key: 'k' } })
    await first.close()

    const second = await h.engine({ stateFile: file })

    expect(await second.invoke('state::list', { scope: 'kept' })).toEqual([{ v: 1 }, null, 'three'])
    expect(await second.invoke('state::get', { scope: 'kept', key: 'a' })).toBeNull()
    expect(await second.invoke('state::list_groups', {})).toEqual({ groups: ['kept'] })
  })

  it('has a mutation on disk as soon as it is acknowledged, before any flush or close', async () => {
    const engine = await h.engine({ stateFile: file })
    await engine.invoke('state::set', { scope: 's', key: 'k', value: 'first' })
    await engine.invoke('state::set', { scope: 's', key: 'k', value: 'last' })
    await engine.invoke('state::set', { scope: 's', key: 'gone', value: 1 })
    await engine.invoke('state::delete', { scope: 's', key: 'gone' })
    expect(replay(await readFile(file))).toEqual({ s: { k: 'last' } })
  })

  it('never shows a reader anything but whole records, bar a last one still being written', async () => {
    const engine = await h.engine({ stateFile: file })
    const blob = 'y'.repeat(64 * 1024)
    let done = false
    let reads = 0
    const reader = (async () => {
      while (!done) {
        const decoded = decodeJournal(await readFile(file))
        if (!decoded.ok) throw new Error(decoded.reason)
        reads++
      }
    })()
    await Promise.all(Array.from({ length: 200 }, (_, n) => engine.invoke('state::set', { scope: 's', key: `k${n % 10}`, value: { n, blob } })))
    done = true
    await reader
    expect(reads).toBeGreaterThan(0)
  })

  it('survives a SIGKILL in the middle of writing', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'state-writer.fixture.ts'), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => { if (d.toString().includes('ready')) resolve() })
      child.once('exit', (code) => reject(new Error(`writer exited early: ${code}`)))
    })
    await new Promise((r) => setTimeout(r, 300))
    child.kill('SIGKILL')
    await new Promise((r) => child.once('exit', r))

    const engine = await h.engine({ stateFile: file })

    const values = (await engine.invoke('state::list', { scope: 'crash' })) as Array<{ n: number }>
    expect(values.length).toBeGreaterThan(0)
    expect((await readdir(dir)).sort()).toEqual(['state.json', 'state.json.lock'])
  }, 20_000)

  it('ignores and removes temp files left by a crash', async () => {
    await writeFile(file, JOURNAL_HEADER + encodeRecord({ op: 'set', scope: 's', key: 'k', value: 'good' }).toString())
    await writeFile(`${file}.4242.tmp`, JOURNAL_HEADER + '0000')
    const engine = await h.engine({ stateFile: file })
    expect(await engine.invoke('state::get', { scope: 's', key: 'k' })).toBe('good')
    expect((await readdir(dir)).sort()).toEqual(['state.json', 'state.json.lock'])
  })

  it('loads a version 1 state file, converts it to a journal and keeps the original as a backup', async () => {
    const v1 = JSON.stringify({ version: 1, scopes: [['s', [['b', { v: 1 }], ['a', null]]], ['t', [['k', 'x']]]] })
    await writeFile(file, v1)
    const engine = await h.engine({ stateFile: file })
    expect(await engine.invoke('state::list', { scope: 's' })).toEqual([{ v: 1 }, null])
    expect(await engine.invoke('state::get', { scope: 't', key: 'k' })).toBe('x')
    expect(await readFile(`${file}.v1.bak`, 'utf8')).toBe(v1)
    expect(replay(await readFile(file))).toEqual({ s: { b: { v: 1 }, a: null }, t: { k: 'x' } })
  })

  it('drops a torn last record, keeps every whole one, and reports it', async () => {
    const whole = encodeRecord({ op: 'set', scope: 's', key: 'kept', value: 1 })
    const torn = encodeRecord({ op: 'set', scope: 's', key: 'torn', value: 2 }).subarray(0, 20)
    await writeFile(file, Buffer.concat([Buffer.from(JOURNAL_HEADER), whole, torn]))
    const log = captureLogger()
    const engine = await h.engine({ stateFile: file, log: log.log })
    expect(await engine.invoke('state::list', { scope: 's' })).toEqual([1])
    expect(log.lines().find((l) => l.msg === LOG_STATE_TORN_TAIL)).toMatchObject({ bytes: torn.length })
    await engine.invoke('state::set', { scope: 's', key: 'after', value: 3 })
    expect(replay(await readFile(file))).toEqual({ s: { kept: 1, after: 3 } })
  })

  it.each([
    ['not JSON', '{"version":', `Unexpected end of JSON input`],
    ['another format', '{"version":2,"scopes":[]}', 'it is neither a state journal nor a version 1 state file'],
    ['a malformed snapshot', '{"version":1,"scopes":[["s","k"]]}', 'it is neither a state journal nor a version 1 state file'],
    ['something else', 'hello\n', 'it does not start with the state journal header'],
    ['a journal damaged in the middle',
      JOURNAL_HEADER + encodeRecord({ op: 'set', scope: 's', key: 'a', value: 1 }).toString().replace('"a"', '"b"') +
        encodeRecord({ op: 'set', scope: 's', key: 'c', value: 2 }).toString(),
      `record at byte ${JOURNAL_HEADER.length} is damaged and complete records follow it`],
  ])('refuses to start on a state file that is %s, naming the file and leaving it untouched', async (_name, content, reason) => {
    await writeFile(file, content)
    await expect(h.engine({ stateFile: file })).rejects.toThrow(stateFileUnreadable(file, reason))
    expect(await readFile(file, 'utf8')).toBe(content)
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('refuses a second owner of the same state file, then lets it in once the first has closed', async () => {
    const first = await h.engine({ stateFile: file })
    await expect(h.engine({ stateFile: file })).rejects.toThrow(stateFileInUse(file, process.pid))
    await first.close()
    const second = await h.engine({ stateFile: file })
    await second.invoke('state::set', { scope: 's', key: 'k', value: 1 })
    expect(replay(await readFile(file))).toEqual({ s: { k: 1 } })
  })

  it('creates the state file directory when it does not exist', async () => {
    const nested = join(dir, 'a', 'b', 'state.json')
    const engine = await h.engine({ stateFile: nested })
    await engine.invoke('state::set', { scope: 's', key: 'k', value: 1 })
    await engine.close()
    expect(replay(await readFile(nested))).toEqual({ s: { k: 1 } })
  })
})

describe('StateJournal', () => {
  it('commits writes that arrive together with one fsync (group commit)', async () => {
    const map = new StateMap()
    const journal = await StateJournal.open(file, map, silentLogger())
    await Promise.all(Array.from({ length: 100 }, (_, n) => {
      map.set('s', `k${n}`, n)
      return journal.write({ op: 'set', scope: 's', key: `k${n}`, value: n })
    }))
    expect(journal.stats().commits).toBe(1)
    await journal.close()
    expect(Object.keys(replay(await readFile(file)).s!)).toHaveLength(100)
  })

  it('compacts the journal once it is over twice its live data, to the live data alone', async () => {
    const map = new StateMap()
    const journal = await StateJournal.open(file, map, silentLogger(), { minCompactionBytes: 256 })
    const record = (n: number) => encodeRecord({ op: 'set', scope: 's', key: `k${n % 5}`, value: { n } }).length
    let written = 0
    for (let n = 0; n < 200; n++) {
      map.set('s', `k${n % 5}`, { n })
      await journal.write({ op: 'set', scope: 's', key: `k${n % 5}`, value: { n } })
      written += record(n)
    }
    await journal.flush()
    const { fileBytes, liveBytes } = journal.stats()
    expect(written).toBeGreaterThan(20 * liveBytes)
    expect(fileBytes).toBeLessThanOrEqual(2 * liveBytes)
    expect((await readFile(file)).length).toBe(fileBytes)
    await journal.close()
    expect(replay(await readFile(file))).toEqual({ s: { k0: { n: 195 }, k1: { n: 196 }, k2: { n: 197 }, k3: { n: 198 }, k4: { n: 199 } } })
  })

  it('refuses every write after one failed, rather than append after a record that may be half written', async () => {
    const map = new StateMap()
    const journal = await StateJournal.open(file, map, silentLogger())
    ;(journal as unknown as { handle: { write(): Promise<never> } }).handle.write = () => Promise.reject(new Error('EIO: disk gone'))
    const message = stateFileWriteFailed(file, 'EIO: disk gone')
    await expect(journal.write({ op: 'set', scope: 's', key: 'a', value: 1 })).rejects.toThrow(message)
    await expect(journal.write({ op: 'set', scope: 's', key: 'b', value: 2 })).rejects.toThrow(message)
    await journal.close()
  })
})

/** Replays a journal into `{scope: {key: value}}`. */
function replay(bytes: Buffer): Record<string, Record<string, unknown>> {
  const decoded = decodeJournal(bytes)
  if (!decoded.ok) throw new Error(decoded.reason)
  const state: Record<string, Record<string, unknown>> = {}
  for (const m of decoded.mutations) {
    if (m.op === 'set') (state[m.scope] ??= {})[m.key] = m.value
    else if (state[m.scope] !== undefined) {
      delete state[m.scope]![m.key]
      if (Object.keys(state[m.scope]!).length === 0) delete state[m.scope]
    }
  }
  return state
}
