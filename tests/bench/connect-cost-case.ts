/**
 * E20.6 in `npm run bench`: what an agent receives when it connects, in bytes and o200k tokens: the
 * `initialize` answer's instructions, `tools/list`, the first `resources/list` page and `prompts/list`,
 * over stdio (a desktop client's way), for the whole of shared/corpora and for a view of 20 of its
 * skills (`--view`). The client is a bare newline-delimited JSON-RPC reader; a byte is a byte of the
 * answer's JSON line, a token one of `tokenizer()` over that line.
 */
import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { tokenizer } from '../../src/core/tokens.js'
import { renderTable, type Column } from './table.js'

export const CONNECT_COST_CASE = 'connect-cost'
const VIEW_SIZE = 20
const TIMEOUT_MS = 120_000
const PARTS = ['instructions', 'tools/list', 'resources/list (first page)', 'prompts/list'] as const

export interface ConnectCostRow {
  catalogue: string
  skills: number
  parts: Record<(typeof PARTS)[number], { bytes: number; tokens: number }>
  total: { bytes: number; tokens: number }
}

interface Session {
  request(method: string, params?: object): Promise<{ line: string; result: Record<string, unknown> }>
  close(): void
}

function stdioSession(args: string[], cwd: string): Session {
  const child = spawn(process.execPath, ['dist/src/main.js', '--stdio', ...args], { cwd, stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, LOG_LEVEL: 'warn' } })
  const waiting = new Map<number, (line: string) => void>()
  createInterface({ input: child.stdout }).on('line', (line) => {
    const id = (JSON.parse(line) as { id?: number }).id
    if (id !== undefined) waiting.get(id)?.(line)
  })
  let next = 0
  return {
    request: (method, params = {}) => {
      const id = ++next
      const answered = new Promise<string>((resolve, reject) => {
        waiting.set(id, resolve)
        setTimeout(() => reject(new Error(`${method}: no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref()
      })
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
      if (method === 'initialize') void answered.then(() => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`))
      return answered.then((line) => {
        const reply = JSON.parse(line) as { result?: Record<string, unknown>; error?: unknown }
        if (reply.result === undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`)
        return { line, result: reply.result }
      })
    },
    close: () => child.kill('SIGTERM'),
  }
}

async function measure(catalogue: string, args: string[], repo: string): Promise<ConnectCostRow> {
  const count = await tokenizer()
  const session = stdioSession(args, repo)
  try {
    const init = await session.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } })
    const instructions = String(init.result.instructions ?? '')
    const tools = await session.request('tools/list')
    const resources = await session.request('resources/list')
    const prompts = await session.request('prompts/list')
    const texts: Record<(typeof PARTS)[number], string> = {
      instructions: JSON.stringify(instructions),
      'tools/list': tools.line,
      'resources/list (first page)': resources.line,
      'prompts/list': prompts.line,
    }
    const parts = {} as ConnectCostRow['parts']
    for (const part of PARTS) parts[part] = { bytes: Buffer.byteLength(texts[part]), tokens: await count.count(texts[part]) }
    const skills = (resources.result.resources as Array<{ uri: string }>).filter((r) => r.uri.startsWith('iii://') && r.uri !== 'iii://skills').length
    const total = PARTS.reduce((sum, part) => ({ bytes: sum.bytes + parts[part].bytes, tokens: sum.tokens + parts[part].tokens }), { bytes: 0, tokens: 0 })
    return { catalogue, skills, parts, total }
  } finally {
    session.close()
  }
}

/** The whole corpora, then a view of its first 20 skill ids (a config of its own in `tmp`). */
export async function benchConnectCost(options: { corpora: string; repo: string; tmp: string; log(line: string): void }): Promise<ConnectCostRow[]> {
  const whole = await measure('shared/corpora (whole)', ['--skills-dir', options.corpora], options.repo)
  options.log(`connect cost, whole corpora: ${whole.total.bytes} bytes, ${whole.total.tokens} tokens`)
  const session = stdioSession(['--skills-dir', options.corpora], options.repo)
  let ids: string[]
  try {
    await session.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } })
    const listed = await session.request('tools/call', { name: 'skill__list_skills', arguments: { limit: VIEW_SIZE } })
    ids = ((listed.result.structuredContent as { skills: Array<{ name: string }> }).skills).map((s) => s.name.replaceAll('.', '/'))
  } finally {
    session.close()
  }
  const config = join(options.tmp, 'connect-cost-views.yaml')
  await writeFile(config, `views:\n  twenty:\n    include: ${JSON.stringify(ids)}\n`)
  const view = await measure(`a view of ${ids.length} skills`, ['--config', config, '--skills-dir', options.corpora, '--view', 'twenty'], options.repo)
  options.log(`connect cost, view of ${ids.length}: ${view.total.bytes} bytes, ${view.total.tokens} tokens`)
  return [whole, view]
}

export function renderConnectCost(rows: ConnectCostRow[]): string {
  const columns: Column<ConnectCostRow>[] = [
    { header: 'catalogue', align: 'left', cell: (r) => r.catalogue },
    { header: 'skills in the first page', align: 'right', cell: (r) => String(r.skills) },
    ...PARTS.map((part): Column<ConnectCostRow> => ({ header: `${part} bytes / tokens`, align: 'right', cell: (r) => `${r.parts[part].bytes} / ${r.parts[part].tokens}` })),
    { header: 'total bytes / tokens', align: 'right', cell: (r) => `${r.total.bytes} / ${r.total.tokens}` },
  ]
  return `What an agent receives at connect (E20.6, stdio, o200k tokens)\n\n${renderTable(columns, rows)}`
}
