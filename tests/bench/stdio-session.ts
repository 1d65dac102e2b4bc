/**
 * One timed MCP session over stdio for `npm run bench -- --peers` (E16.4): launch a server process as a
 * desktop client would, then, one request at a time, `initialize`, `resources/list` (every page, again
 * until it lists every expected `SKILL.md`), and `resources/read` of every `SKILL.md`, timing each phase
 * from the client's side; then the server's peak RSS and CPU time from `/proc`, read before it is stopped.
 * The client is a bare newline-delimited JSON-RPC reader, so its own cost is the same for every server.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

export interface SessionFigures {
  /** Spawn → the `initialize` answer. */
  initializeMs: number
  /** `notifications/initialized` sent → the first listing (all pages) that names every expected `SKILL.md`. */
  listMs: number
  /** Spawn → that listing complete (E19.1: `initializeMs` + `listMs`). */
  firstListMs: number
  /** `resources/read` of every `SKILL.md`, one after the other. */
  readAllMs: number
  /** The server's VmHWM. */
  peakRssBytes: number
  /** The server's user + system CPU time over the whole session. */
  cpuMs: number
  /** How many `resources/list` passes the complete listing took (1 when the first was complete). */
  listPasses: number
}

export interface SessionPlan {
  command: string
  args: string[]
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** The URIs of the skills' `SKILL.md` a complete listing names (`skill://<folder>/SKILL.md`; skilljack-mcp: `skill://<name>`). */
  expected: readonly string[]
  /** Give up after this long. */
  timeoutMs: number
}

interface Reply {
  result?: Record<string, unknown>
  error?: { code: number; message: string }
}

const PROTOCOL_VERSION = '2025-11-25'
const LIST_RETRY_MS = 10

export async function timeSession(plan: SessionPlan): Promise<SessionFigures> {
  const started = performance.now()
  const child = spawn(plan.command, plan.args, { stdio: ['pipe', 'pipe', 'ignore'], env: plan.env, cwd: plan.cwd })
  const rpc = new LineRpc(child, plan.timeoutMs)
  try {
    await rpc.call('initialize', { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'iii-skills-bench', version: '0.0.0' } })
    const initialized = performance.now()
    rpc.notify('notifications/initialized')
    let listPasses = 0
    const missing = new Set(plan.expected)
    while (missing.size > 0) {
      if (listPasses > 0) await new Promise((resolve) => setTimeout(resolve, LIST_RETRY_MS))
      listPasses += 1
      missing.clear()
      for (const uri of plan.expected) missing.add(uri)
      let cursor: string | undefined
      do {
        const page = await rpc.call('resources/list', cursor === undefined ? {} : { cursor })
        for (const resource of page.resources as Array<{ uri: string }>) missing.delete(resource.uri)
        cursor = page.nextCursor as string | undefined
      } while (cursor !== undefined)
    }
    const listed = performance.now()
    for (const uri of plan.expected) {
      const read = await rpc.call('resources/read', { uri })
      if (!Array.isArray(read.contents) || read.contents.length === 0) throw new Error(`${uri}: no contents`)
    }
    const readAll = performance.now()
    const { peakRssBytes, cpuMs } = processFigures(child.pid as number)
    return { initializeMs: initialized - started, listMs: listed - initialized, firstListMs: listed - started, readAllMs: readAll - listed, peakRssBytes, cpuMs, listPasses }
  } finally {
    await rpc.close()
  }
}

/** VmHWM and utime + stime of a live process. */
export function processFigures(pid: number): { peakRssBytes: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const hwm = /VmHWM:\s+(\d+) kB/.exec(status)
  // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  return { peakRssBytes: Number(hwm?.[1] ?? 0) * 1024, cpuMs: (ticks * 1000) / CLOCK_TICKS }
}

/** `getconf CLK_TCK` on Linux. */
const CLOCK_TICKS = 100

class LineRpc {
  private buffer = ''
  private nextId = 1
  private readonly pending = new Map<number, (reply: Reply) => void>()
  private readonly exited: Promise<void>

  constructor(private readonly child: ChildProcess, private readonly timeoutMs: number) {
    child.stdout?.setEncoding('utf8')
    child.stdout?.on('data', (chunk: string) => this.receive(chunk))
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()))
    void this.exited.then(() => {
      for (const settle of this.pending.values()) settle({ error: { code: -1, message: 'server exited' } })
      this.pending.clear()
    })
  }

  async call(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = this.nextId++
    const reply = await new Promise<Reply>((resolve) => {
      const timer = setTimeout(() => resolve({ error: { code: -2, message: `no answer to ${method} in ${this.timeoutMs} ms` } }), this.timeoutMs)
      this.pending.set(id, (r) => {
        clearTimeout(timer)
        resolve(r)
      })
      this.child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
    })
    this.pending.delete(id)
    if (reply.error !== undefined || reply.result === undefined) throw new Error(`${method}: ${reply.error?.message ?? 'no result'}`)
    return reply.result
  }

  notify(method: string): void {
    this.child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`)
  }

  private receive(chunk: string): void {
    this.buffer += chunk
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, end).trim()
      this.buffer = this.buffer.slice(end + 1)
      if (line === '') continue
      const message = JSON.parse(line) as Reply & { id?: number }
      if (typeof message.id !== 'number') continue
      this.pending.get(message.id)?.(message)
    }
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    this.child.stdin?.end()
    const killer = setTimeout(() => this.child.kill('SIGKILL'), 5000)
    this.child.kill('SIGTERM')
    await this.exited
    clearTimeout(killer)
  }
}
