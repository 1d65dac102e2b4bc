/**
 * E12 in `npm run bench`: what one MCP request costs on each protocol revision of the full profile's
 * HTTP endpoint (`iii-skills --embedded`, the demo catalogue), next to each other: a 2025-11-25
 * request inside a session (initialize once, then `Mcp-Session-Id`), and a 2026-07-28 request, which
 * carries its version and capabilities in `_meta` and is served by a fresh server of its own. Each
 * method is timed call by call from this process (HTTP round trip included), after a warm-up.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Child } from './processes.js'
import { freePort } from '../support/processes.js'
import { summarize, type LatencySummary } from './stats.js'

export const MCP_REVISIONS_CASE = 'mcp-revisions'
const DEMO_CONFIG = 'tests/fixtures/demo/config.yaml'
const MODERN = '2026-07-28'
const LEGACY = '2025-11-25'
const META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} }
const REQUESTS: Array<{ method: string; params: Record<string, unknown>; name?: string }> = [
  { method: 'tools/list', params: {} },
  { method: 'resources/read', params: { uri: 'iii://code-review' }, name: 'iii://code-review' },
]

export interface McpRevisionsBench {
  wanted(id: string): boolean
  samples: number
  spawn(name: string, args: string[]): Child
  log(line: string): void
}

export interface McpRevisionRow {
  method: string
  legacy: LatencySummary
  modern: LatencySummary
}


type Post = (body: object, headers?: Record<string, string>) => Promise<Response>

async function legacySession(post: Post): Promise<Record<string, string>> {
  const init = await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'bench', version: '0' } } })
  const session = init.headers.get('mcp-session-id')
  await init.text()
  if (session === null) throw new Error(`${MCP_REVISIONS_CASE}: initialize gave no session (${init.status})`)
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': LEGACY }
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).text()
  return headers
}

async function timed(samples: number, call: () => Promise<void>): Promise<LatencySummary> {
  for (let i = 0; i < Math.min(50, samples); i++) await call()
  const ms: number[] = []
  for (let i = 0; i < samples; i++) {
    const start = performance.now()
    await call()
    ms.push(performance.now() - start)
  }
  return summarize(ms)
}

export async function benchMcpRevisions(bench: McpRevisionsBench): Promise<McpRevisionRow[]> {
  if (!bench.wanted(MCP_REVISIONS_CASE)) return []
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/mcp`
  const child = bench.spawn('mcp-revisions', ['--embedded', '--engine-port', '0', '--mcp-port', String(port), '--config', DEMO_CONFIG, '--no-ui'])
  const post: Post = (body, headers = {}) => fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  })
  try {
    for (const deadline = Date.now() + 60_000; ; await sleep(200)) {
      const probe = await post({ jsonrpc: '2.0', id: 0, method: 'tools/list', params: { _meta: META } }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' }).catch(() => undefined)
      if (probe?.status === 200 && ((await probe.json()) as { result?: { tools?: unknown[] } }).result?.tools?.length) break
      if (Date.now() > deadline) throw new Error(`${MCP_REVISIONS_CASE}: the endpoint never answered`)
    }
    const session = await legacySession(post)
    const rows: McpRevisionRow[] = []
    for (const { method, params, name } of REQUESTS) {
      let id = 1
      const call = (body: object, headers: Record<string, string>) => async () => {
        const response = await post(body, headers)
        if (response.status !== 200) throw new Error(`${MCP_REVISIONS_CASE}: ${method} answered ${response.status}`)
        await response.text()
      }
      const legacy = await timed(bench.samples, () => call({ jsonrpc: '2.0', id: id++, method, params }, session)())
      const modernHeaders = { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(name === undefined ? {} : { 'mcp-name': name }) }
      const modern = await timed(bench.samples, () => call({ jsonrpc: '2.0', id: id++, method, params: { ...params, _meta: META } }, modernHeaders)())
      rows.push({ method, legacy, modern })
      bench.log(`${MCP_REVISIONS_CASE}: ${method} measured`)
    }
    return rows
  } finally {
    await child.stop()
  }
}

export function renderMcpRevisions(rows: readonly McpRevisionRow[]): string {
  if (rows.length === 0) return ''
  const cell = (s: LatencySummary) => `p50 ${s.p50Ms.toFixed(2)} ms, p99 ${s.p99Ms.toFixed(2)} ms`
  return [
    'MCP request cost by protocol revision (E12; full profile over HTTP, demo catalogue, round trip from the caller):',
    ...rows.map((r) => `  ${r.method.padEnd(15)} ${LEGACY} (session): ${cell(r.legacy)} | ${MODERN} (stateless): ${cell(r.modern)} | ratio ${(r.modern.p50Ms / r.legacy.p50Ms).toFixed(2)}x`),
    '',
  ].join('\n')
}
