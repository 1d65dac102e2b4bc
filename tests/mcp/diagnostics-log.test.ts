/**
 * E6.7 on the full profile: a client that sets a level letting warnings through is sent the
 * worker's skips, warnings and file-watch problems as notifications/message; a stricter level gets
 * none, and a worker without those functions (upstream's) sends nothing.
 */
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { startMcpHttp, type McpHttpServer } from '../../src/mcp/index.js'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import { fakeBackend } from './fake-backend.js'

let server: McpHttpServer | undefined
let mcp: ConnectedMcpClient | undefined
afterEach(async () => {
  await mcp?.close()
  await server?.close()
  mcp = undefined
  server = undefined
})

const SKIP = { kind: 'skill', path: '/s/bad/SKILL.md', reason: 'frontmatter missing non-empty `description`' }
const WARNING = { kind: 'skill', path: '/s/xlsx/SKILL.md', id: 'xlsx', message: 'description longer than 1024 characters' }

async function messagesAt(level: 'warning' | 'error', handlers: Record<string, () => unknown>): Promise<unknown[]> {
  server = await startMcpHttp({ port: 0, backend: fakeBackend({ handlers }) })
  mcp = await connectMcpClient(server.url)
  const received: unknown[] = []
  mcp.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { received.push(n.params) })
  await mcp.client.setLoggingLevel(level)
  await sleep(200)
  return received
}

describe('diagnostics as MCP log messages (E6.7)', () => {
  const handlers = {
    'skills::diagnostics': () => ({ skipped: [SKIP], warnings: [WARNING] }),
    'skills::fs-watch-problems': () => ({ problems: ['fs watch events may have been lost (inotify queue full); re-reading every fs source'] }),
  }

  it('sends skips, warnings and watch problems at level warning to a client at warning', async () => {
    expect(await messagesAt('warning', handlers)).toEqual([
      { level: 'warning', logger: 'iii-skills', data: { skipped: SKIP } },
      { level: 'warning', logger: 'iii-skills', data: { warning: WARNING } },
      { level: 'warning', logger: 'iii-skills', data: { watch: 'fs watch events may have been lost (inotify queue full); re-reading every fs source' } },
    ])
  })

  it('sends nothing to a client at error, nor from a worker without the functions', async () => {
    expect(await messagesAt('error', handlers)).toEqual([])
    await mcp?.close()
    await server?.close()
    expect(await messagesAt('warning', {})).toEqual([])
  })
})
