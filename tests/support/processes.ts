/**
 * Real child processes for the end-to-end suites: the `iii-skills` CLI (src/main.ts) and helper
 * scripts, run under tsx from the repository root so no build is needed. Every child is tracked:
 * `stopAllChildren()` (call it from `afterAll`/`afterEach`) ends whatever is still running, and a
 * process `exit` hook SIGKILLs any survivor, so no process outlives the test file that started it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { LOG } from '../../src/core/messages.js'
import { LOG as MCP_LOG } from '../../src/mcp/messages.js'
import { LOG_LISTENING as ENGINE_LISTENING } from '../../src/embedded/messages.js'
import { connectSdkClient, waitForSkillsWorker, type SdkClient } from './sdk-client.js'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const DEMO_CONFIG = 'tests/fixtures/demo/config.yaml'

/** Waits are generous: a loaded 2-core machine transpiles and boots a tsx child in seconds. */
export const BOOT_TIMEOUT_MS = 20_000
/** Per-test and per-hook budget of the e2e files (`vi.setConfig`): a boot plus a reconnect or two. */
export const E2E_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 10_000

/** One pino line of a child's stderr. */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number }

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export type LogMatch = string | ((line: LogLine) => boolean)

export interface ChildHandle {
  readonly child: ChildProcess
  readonly pid: number
  /** Every stdout line so far (without the newline). */
  readonly stdoutLines: string[]
  /** Every stderr line so far, raw. */
  readonly stderrLines: string[]
  /** The stderr lines that parse as JSON objects, in order. */
  readonly logs: LogLine[]
  /** Resolves when the child has exited (never rejects). */
  readonly exited: Promise<Exit>
  /** Set once the child has exited. */
  exit(): Exit | undefined
  /** The first log line (past or future) whose `msg` equals `match` or that satisfies it. */
  waitForLog(match: LogMatch, timeoutMs?: number): Promise<LogLine>
  /** The first stdout line (past or future) that satisfies `match`. */
  waitForStdout(match: (line: string) => boolean, timeoutMs?: number): Promise<string>
  /** Writes one line to the child's stdin. */
  send(line: string): void
  /** Sends `signal` (default SIGTERM) and waits for the exit; SIGKILLs after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>
}

const live = new Set<ChildProcess>()

process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

/** Stops every child still running (SIGTERM, then SIGKILL after a grace period). */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...live].map((child) => stopChild(child, 'SIGTERM', STOP_TIMEOUT_MS)))
}

export interface SpawnSkillsOptions {
  /** Log message to wait for before returning; default the worker's ready line, `null` for none. */
  waitFor?: LogMatch | null
  timeoutMs?: number
}

/**
 * Starts `iii-skills <args>` (src/main.ts under tsx). `env` is added to a copy of this process's
 * environment from which `III_URL` and `LOG_LEVEL` are removed (LOG_LEVEL is pinned to `info` so the
 * lines the tests wait for are always written), unless `env` sets them.
 */
export async function spawnSkills(args: string[], env: NodeJS.ProcessEnv = {}, options: SpawnSkillsOptions = {}): Promise<ChildHandle> {
  const handle = spawnTsx('src/main.ts', args, env)
  const waitFor = options.waitFor === undefined ? LOG.ready : options.waitFor
  if (waitFor !== null) {
    try {
      await handle.waitForLog(waitFor, options.timeoutMs ?? BOOT_TIMEOUT_MS)
    } catch (error) {
      await handle.stop('SIGKILL')
      throw error
    }
  }
  return handle
}

/** Starts a TypeScript script (path relative to the repository root) under tsx. */
export function spawnTsx(script: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): ChildHandle {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' }
  delete childEnv.III_URL
  Object.assign(childEnv, env)
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  live.add(child)
  return track(child, script)
}

export interface RunResult extends Exit {
  stdout: string
  stderr: string
}

/** Runs `iii-skills <args>` to completion (for one-shot modes such as `--manifest` and `--help`). */
export async function runSkills(args: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = BOOT_TIMEOUT_MS): Promise<RunResult> {
  const handle = spawnTsx('src/main.ts', args, env)
  let stdout = ''
  let stderr = ''
  // The line splitter set utf8 decoding on both pipes, so chunks arrive as strings.
  handle.child.stdout!.on('data', (chunk: string) => (stdout += chunk))
  handle.child.stderr!.on('data', (chunk: string) => (stderr += chunk))
  const timer = setTimeout(() => handle.child.kill('SIGKILL'), timeoutMs)
  const exit = await handle.exited
  clearTimeout(timer)
  return { ...exit, stdout, stderr }
}

/** The embedded engine's and MCP endpoint's URLs, read from their `listening` log lines. */
export async function embeddedUrls(handle: ChildHandle): Promise<{ engineUrl: string; mcpUrl: string }> {
  const engine = await handle.waitForLog(ENGINE_LISTENING)
  const mcp = await handle.waitForLog(MCP_LOG.listening)
  return { engineUrl: String(engine.url), mcpUrl: String(mcp.url) }
}

export interface EmbeddedSkills {
  skills: ChildHandle
  engineUrl: string
  mcpUrl: string
  /** On the embedded engine; the skills worker already answers through it. */
  sdk: SdkClient
}

/** `iii-skills --embedded` on free engine and MCP ports with `args`, once its skills worker answers. */
export async function spawnEmbeddedSkills(args: string[]): Promise<EmbeddedSkills> {
  const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', ...args])
  const { engineUrl, mcpUrl } = await embeddedUrls(skills)
  const sdk = connectSdkClient(engineUrl)
  try {
    await waitForSkillsWorker(sdk)
  } catch (error) {
    await sdk.close()
    throw error
  }
  return { skills, engineUrl, mcpUrl, sdk }
}

/** A TCP port that was free a moment ago on 127.0.0.1 (for tests that must reuse one port). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port assigned')
  return address.port
}

interface Waiter<T> {
  check(): T | undefined
  resolve(value: T): void
  reject(error: Error): void
}

function track(child: ChildProcess, name: string): ChildHandle {
  const stdoutLines: string[] = []
  const stderrLines: string[] = []
  const logs: LogLine[] = []
  const waiters = new Set<Waiter<unknown>>()
  let exit: Exit | undefined

  const poke = () => {
    for (const waiter of waiters) {
      const found = waiter.check()
      if (found !== undefined) {
        waiters.delete(waiter)
        waiter.resolve(found)
      }
    }
  }
  const describe = () =>
    `${name} (pid ${child.pid}${exit ? `, exited ${exit.code ?? exit.signal}` : ''}); stderr tail:\n` +
    stderrLines.slice(-15).join('\n')

  splitLines(child.stdout!, (line) => {
    stdoutLines.push(line)
    poke()
  })
  splitLines(child.stderr!, (line) => {
    stderrLines.push(line)
    const parsed = parseLogLine(line)
    if (parsed !== undefined) logs.push(parsed)
    poke()
  })
  child.stdin!.on('error', () => undefined)

  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', () => live.delete(child))
    // 'close' comes after the pipes are drained, so waiters have seen every line by then.
    child.once('close', (code, signal) => {
      exit = { code, signal }
      live.delete(child)
      for (const waiter of waiters) waiter.reject(new Error(`child exited before the awaited output: ${describe()}`))
      waiters.clear()
      resolve(exit)
    })
  })

  function waitFor<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    const found = check()
    if (found !== undefined) return Promise.resolve(found)
    if (exit !== undefined) return Promise.reject(new Error(`child exited before ${what}: ${describe()}`))
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter as Waiter<unknown>)
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}: ${describe()}`))
      }, timeoutMs)
      const waiter: Waiter<T> = {
        check,
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      }
      waiters.add(waiter as Waiter<unknown>)
    })
  }

  return {
    child,
    pid: child.pid ?? -1,
    stdoutLines,
    stderrLines,
    logs,
    exited,
    exit: () => exit,
    waitForLog: (match, timeoutMs = BOOT_TIMEOUT_MS) => {
      const test = typeof match === 'string' ? (line: LogLine) => line.msg === match : match
      return waitFor(() => logs.find(test), typeof match === 'string' ? `log ${JSON.stringify(match)}` : 'a log line', timeoutMs)
    },
    waitForStdout: (match, timeoutMs = BOOT_TIMEOUT_MS) => waitFor(() => stdoutLines.find(match), 'a stdout line', timeoutMs),
    send: (line) => {
      child.stdin!.write(`${line}\n`)
    },
    stop: async (signal = 'SIGTERM', timeoutMs = STOP_TIMEOUT_MS) => {
      await stopChild(child, signal, timeoutMs)
      return exited
    },
  }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill(signal)
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  await gone
  clearTimeout(timer)
}

function splitLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let pending = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    pending += chunk
    let newline: number
    while ((newline = pending.indexOf('\n')) >= 0) {
      onLine(pending.slice(0, newline))
      pending = pending.slice(newline + 1)
    }
  })
  stream.on('end', () => {
    if (pending !== '') onLine(pending)
    pending = ''
  })
}

function parseLogLine(line: string): LogLine | undefined {
  if (!line.startsWith('{')) return undefined
  try {
    const value: unknown = JSON.parse(line)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as LogLine) : undefined
  } catch {
    return undefined
  }
}

/**
 * This process's environment for a command an MCP client launches, as a desktop client would: without
 * `III_URL` (it would select a running engine), `LOG_LEVEL` set when given.
 */
export function launchEnv(logLevel?: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== 'III_URL') env[key] = value
  return logLevel === undefined ? env : { ...env, LOG_LEVEL: logLevel }
}
