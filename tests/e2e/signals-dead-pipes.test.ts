/**
 * E18.5 on the built command: SIGTERM or SIGINT ends every mode within 2 s with exit code 0, whatever
 * stdout and stderr are — a pipe whose reader leaves (from the start, after two lines, after start-up),
 * closed, or a file — and a log line that cannot be written never stops service: the process still
 * answers after its log pipe has gone. An acknowledged state write is on disk first (E10).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startEmbeddedEngine, type EmbeddedEngine } from '../../src/embedded/index.js'
import { DEMO_CONFIG, E2E_TIMEOUT_MS, REPO_ROOT, freePort } from '../support/processes.js'
import { connectSdkClient, waitForSkillsWorker } from '../support/sdk-client.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const BIN = join(REPO_ROOT, 'dist/src/main.js')
const CONFIG = join(REPO_ROOT, DEMO_CONFIG)
/** E18.5's bound. */
const STOP_WITHIN_MS = 2_000

type Output = 'one pipe (2>&1)' | 'closed (>&- 2>&-)' | 'a file'
const REDIRECTS: Record<Output, string> = { 'one pipe (2>&1)': '2>&1', 'closed (>&- 2>&-)': '>&- 2>&-', 'a file': '>"$LOG_FILE" 2>&1' }

const children: ChildProcess[] = []
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skills-e2e-signals-'))
})
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** `iii-skills ARGS` through bash, so its stdout and stderr are exactly what `output` says. */
function launch(args: string[], output: Output, stdin: 'pipe' | 'ignore' = 'ignore'): ChildProcess {
  const child = spawn('bash', ['-c', `exec "$0" "$@" ${REDIRECTS[output]}`, process.execPath, BIN, ...args], {
    stdio: [stdin, 'pipe', 'pipe'],
    env: { ...process.env, III_URL: '', LOG_LEVEL: 'info', LOG_FILE: join(dir, `log-${children.length}.txt`) },
  })
  children.push(child)
  return child
}

/** The reader of `stream` leaves once it has read `lines` lines (0: at once) or a line holds `until`. */
async function readerLeaves(stream: Readable, when: { lines: number } | { until: string }): Promise<void> {
  if ('lines' in when && when.lines === 0) return void stream.destroy()
  const reader = createInterface({ input: stream })
  let read = 0
  for await (const line of reader) {
    read++
    if ('lines' in when ? read >= when.lines : line.includes(when.until)) break
  }
  reader.close()
  stream.destroy()
}

async function answers(url: string, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const status = await fetch(url).then((r) => r.status, () => 0)
    if (status === 200) return true
    await sleep(100)
  }
  return false
}

/** Sends `signal` and resolves with how the process ended and how long it took. */
async function stopWith(child: ChildProcess, signal: NodeJS.Signals): Promise<{ code: number | null; signal: string | null; ms: number }> {
  const started = performance.now()
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  child.kill(signal)
  const [code, by] = await Promise.race([exited, sleep(STOP_WITHIN_MS * 3).then(() => [null, 'still running'] as [null, string])])
  return { code, signal: by, ms: performance.now() - started }
}

const CLEAN = { code: 0, signal: null }

describe('--embedded stops on a signal whatever its output is (E18.5)', () => {
  it.each([
    ['SIGTERM', 'the reader leaves from the start', { lines: 0 }],
    ['SIGTERM', 'the reader leaves after two lines', { lines: 2 }],
    ['SIGTERM', 'the reader leaves after start-up', { until: 'skills ready' }],
    ['SIGINT', 'the reader leaves after two lines', { lines: 2 }],
  ] as const)('%s, one pipe for both, %s: still serving, then exits 0 within 2 s', async (signal, _label, when) => {
    const port = await freePort()
    const child = launch(['--embedded', '--engine-port', '0', '--mcp-port', String(port), '--config', CONFIG], 'one pipe (2>&1)')
    await readerLeaves(child.stdout!, when)
    expect(await answers(`http://127.0.0.1:${port}/`)).toBe(true)
    await sleep(200) // a log line or two more, written after the reader left
    expect(child.exitCode).toBeNull()
    const stopped = await stopWith(child, signal)
    expect({ code: stopped.code, signal: stopped.signal }).toEqual(CLEAN)
    expect(stopped.ms).toBeLessThan(STOP_WITHIN_MS)
  })

  it.each(['closed (>&- 2>&-)', 'a file'] as const)('SIGTERM with stdout and stderr %s: exits 0 within 2 s', async (output) => {
    const port = await freePort()
    const child = launch(['--embedded', '--engine-port', '0', '--mcp-port', String(port), '--config', CONFIG], output)
    expect(await answers(`http://127.0.0.1:${port}/`)).toBe(true)
    const stopped = await stopWith(child, 'SIGTERM')
    expect({ code: stopped.code, signal: stopped.signal }).toEqual(CLEAN)
    expect(stopped.ms).toBeLessThan(STOP_WITHIN_MS)
  })

  it('keeps an acknowledged registration across a SIGTERM sent after its log pipe has gone (E10)', async () => {
    const stateFile = join(dir, 'state.json')
    const start = async () => {
      const enginePort = await freePort()
      const child = launch(['--embedded', '--engine-port', String(enginePort), '--mcp-port', '0', '--state-file', stateFile, '--config', CONFIG], 'one pipe (2>&1)')
      const sdk = connectSdkClient(`ws://127.0.0.1:${enginePort}`)
      await waitForSkillsWorker(sdk)
      return { child, sdk }
    }
    const first = await start()
    await readerLeaves(first.child.stdout!, { lines: 0 })
    expect(await first.sdk.call('skills::register', { id: 'after-the-pipe', skill: '# Kept\n' })).toMatchObject({ id: 'after-the-pipe' })
    await first.sdk.close()
    expect(await stopWith(first.child, 'SIGTERM')).toMatchObject(CLEAN)
    const second = await start()
    const read = await second.sdk.call('skills::resources-read', { uri: 'iii://after-the-pipe' })
    expect(JSON.stringify(read)).toContain('# Kept')
    await second.sdk.close()
    expect(await stopWith(second.child, 'SIGTERM')).toMatchObject(CLEAN)
  })
})

describe('the other modes stop on a signal once their log pipe has gone (E18.5)', () => {
  let engine: EmbeddedEngine
  beforeAll(async () => {
    engine = await startEmbeddedEngine({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await engine?.close()
  })

  it('--stdio: stderr\'s reader leaves after start-up; it still answers, then SIGTERM ends it with 0 within 2 s', async () => {
    const child = spawn(process.execPath, [BIN, '--stdio', '--config', CONFIG], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, III_URL: '', LOG_LEVEL: 'info' } })
    children.push(child)
    await readerLeaves(child.stderr!, { until: 'skills ready' })
    const frames = createInterface({ input: child.stdout! })
    const first = once(frames, 'line')
    child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } } })}\n`)
    expect(JSON.parse(String((await first)[0]))).toMatchObject({ id: 1, result: { serverInfo: { name: 'iii-skills' } } })
    const stopped = await stopWith(child, 'SIGTERM')
    expect({ code: stopped.code, signal: stopped.signal }).toEqual(CLEAN)
    expect(stopped.ms).toBeLessThan(STOP_WITHIN_MS)
  })

  it.each([
    ['the worker (--url)', (url: string) => ['--url', url, '--config', CONFIG], 'skills ready'],
    ['--mcp-front --url', (url: string) => ['--mcp-front', '--url', url, '--mcp-port', '0', '--config', CONFIG], 'listening'],
  ] as const)('%s: the reader leaves after start-up; SIGTERM ends it with 0 within 2 s', async (_label, args, ready) => {
    const child = launch(args(engine.url), 'one pipe (2>&1)')
    await readerLeaves(child.stdout!, { until: ready })
    await sleep(200)
    expect(child.exitCode).toBeNull()
    const stopped = await stopWith(child, 'SIGTERM')
    expect({ code: stopped.code, signal: stopped.signal }).toEqual(CLEAN)
    expect(stopped.ms).toBeLessThan(STOP_WITHIN_MS)
  })
})
