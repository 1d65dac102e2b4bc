/**
 * The bench's child processes: the embedded engine, the skills worker and the floor worker each
 * run in their own Node process, as in production. Built (`dist/`) scripts run on plain `node`, so
 * the worker's RSS is not inflated by a TypeScript loader; from sources they run under tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, openSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const FROM_SOURCES = import.meta.url.endsWith('.ts')
/** The tree the scripts live in: the repository (sources) or `dist/` (built). */
const SCRIPT_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const REPO_ROOT = FROM_SOURCES ? SCRIPT_ROOT : fileURLToPath(new URL('../../..', import.meta.url))
const STOP_TIMEOUT_MS = 10_000

export type Script = 'src/main' | 'tests/bench/engine-process' | 'tests/bench/floor-worker' | 'tests/bench/staleness-process'

export interface Child {
  name: string
  pid: number
  process: ChildProcess
  /** Resolves with the first stdout line (the engine prints its URL there). */
  firstLine: Promise<string>
  /** Resolves with everything the process wrote on stdout, once it has exited. */
  output: Promise<string>
  stop(): Promise<void>
}

export interface SpawnOptions {
  args?: string[]
  env?: NodeJS.ProcessEnv
  /** stderr goes to this file. */
  logFile: string
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeFlags?: string[]
}

const live = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

export function spawnScript(name: string, script: Script, options: SpawnOptions): Child {
  const file = `${SCRIPT_ROOT}${script}.${FROM_SOURCES ? 'ts' : 'js'}`
  const loader = FROM_SOURCES ? ['--import', 'tsx'] : []
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...loader, file, ...(options.args ?? [])], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', openSync(options.logFile, 'a')],
  })
  live.add(child)
  const exited = new Promise<void>((resolve) => child.once('exit', () => {
    live.delete(child)
    resolve()
  }))
  const log = createWriteStream(options.logFile, { flags: 'a' })
  let stdout = ''
  child.stdout!.setEncoding('utf8')
  child.stdout!.on('data', (chunk: string) => { stdout += chunk })
  const firstLine = new Promise<string>((resolve, reject) => {
    let buffer: string | undefined = ''
    child.stdout!.on('data', (chunk: string) => {
      log.write(chunk)
      if (buffer === undefined) return
      buffer += chunk
      const end = buffer.indexOf('\n')
      if (end < 0) return
      resolve(buffer.slice(0, end))
      buffer = undefined
    })
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before printing a line; see ${options.logFile}`)))
  })
  firstLine.catch(() => {})
  return {
    name,
    pid: child.pid as number,
    process: child,
    firstLine,
    output: exited.then(() => stdout),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(timer)
    },
  }
}

export interface Memory {
  rssBytes: number
  /** Peak RSS so far (VmHWM). */
  peakRssBytes: number
}

/** Resident memory of a process from /proc (Linux). */
export function memoryOf(pid: number): Memory | undefined {
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return undefined
  }
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024
  return { rssBytes: kib('VmRSS'), peakRssBytes: kib('VmHWM') }
}

export const runningFromSources = FROM_SOURCES
