import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../src/logger.js'
import { StateFile } from '../../src/embedded/persistence.js'
import { StateStore } from '../../src/embedded/state-store.js'
import { useHarness } from './harness.js'

const h = useHarness()
let dir: string
let file: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'embedded-state-'))
  file = join(dir, 'state.json')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
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

  it('has every mutation on disk once close() resolves', async () => {
    const engine = await h.engine({ stateFile: file })
    await engine.invoke('state::set', { scope: 's', key: 'k', value: 'last' })
    await engine.close()
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 1, scopes: [['s', [['k', 'last']]]] })
  })

  it('never exposes a partly written file while a burst of writes is in progress', async () => {
    const engine = await h.engine({ stateFile: file })
    await engine.invoke('state::set', { scope: 's', key: 'seed', value: 0 })
    await engine.flush()
    const blob = 'y'.repeat(256 * 1024)
    let done = false
    const reads: number[] = []
    const reader = (async () => {
      while (!done) {
        const content = JSON.parse(await readFile(file, 'utf8')) as { version: number }
        reads.push(content.version)
      }
    })()
    for (let n = 0; n < 200; n++) {
      await engine.invoke('state::set', { scope: 's', key: `k${n % 10}`, value: { n, blob } })
      if (n % 10 === 0) await new Promise((r) => setTimeout(r, 1))
    }
    await engine.flush()
    done = true
    await reader
    expect(reads.length).toBeGreaterThan(0)
    expect(new Set(reads)).toEqual(new Set([1]))
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
    expect(await readdir(dir)).toEqual(['state.json'])
  }, 20_000)

  it('ignores and removes temp files left by a crash', async () => {
    await writeFile(file, JSON.stringify({ version: 1, scopes: [['s', [['k', 'good']]]] }))
    await writeFile(`${file}.4242.7.tmp`, '{"version":1,"scopes":[["s",[["k","tor')
    const engine = await h.engine({ stateFile: file })
    expect(await engine.invoke('state::get', { scope: 's', key: 'k' })).toBe('good')
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it.each([
    ['not JSON', '{"version":'],
    ['another format', '{"version":2,"scopes":[]}'],
    ['a malformed snapshot', '{"version":1,"scopes":[["s","k"]]}'],
  ])('refuses to start on a state file that is %s instead of overwriting it', async (_name, content) => {
    await writeFile(file, content)
    await expect(h.engine({ stateFile: file })).rejects.toThrow()
    expect(await readFile(file, 'utf8')).toBe(content)
  })

  it('creates the state file directory when it does not exist', async () => {
    const nested = join(dir, 'a', 'b', 'state.json')
    const engine = await h.engine({ stateFile: nested })
    await engine.invoke('state::set', { scope: 's', key: 'k', value: 1 })
    await engine.close()
    expect(JSON.parse(await readFile(nested, 'utf8')).scopes).toEqual([['s', [['k', 1]]]])
  })
})

describe('StateFile', () => {
  it('coalesces a burst of mutations into at most one write in flight plus one pending', async () => {
    let snapshots = 0
    class CountingStore extends StateStore {
      override snapshot() {
        snapshots++
        return super.snapshot()
      }
    }
    let stateFile: StateFile | undefined
    const store = new CountingStore(() => stateFile?.schedule())
    stateFile = new StateFile(file, store, silentLogger())
    await stateFile.load()

    for (let n = 0; n < 100; n++) store.set('s', `k${n}`, n)
    await stateFile.flush()

    expect(snapshots).toBe(2)
    expect(JSON.parse(await readFile(file, 'utf8')).scopes[0][1]).toHaveLength(100)
  })
})
