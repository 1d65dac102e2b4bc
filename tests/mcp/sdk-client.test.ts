import { createServer } from 'node:http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { McpHttpServer } from '../../src/mcp/index.js'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import { startOnFreePort } from './http.js'
import { INDEX_TEXT, PROMPTS, TEMPLATES, skillsBackend } from './skills-envelopes.js'

let server: McpHttpServer
let mcp: ConnectedMcpClient

beforeAll(async () => {
  server = await startOnFreePort(skillsBackend())
})

afterAll(async () => {
  await server.close()
})

beforeEach(async () => {
  mcp = await connectMcpClient(server.url)
})

afterEach(async () => {
  await mcp.close()
  expect(mcp.errors).toEqual([])
})

describe('a real SDK client', () => {
  it('connects and sees the bridge identity and capabilities', async () => {
    expect([mcp.client.getServerVersion(), mcp.client.getServerCapabilities()]).toEqual([
      { name: 'mcp', version: '0.5.8' },
      { tools: {}, resources: {}, prompts: {} },
    ])
  })

  it('stays quiet about the standalone SSE stream because GET is answered with 405', async () => {
    const gets: number[] = []
    const spy: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      if ((init?.method ?? 'GET') === 'GET') gets.push(response.status)
      return response
    }
    const client = new Client({ name: 'spy', version: '0' })
    const errors: unknown[] = []
    client.onerror = (error) => errors.push(error)
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { fetch: spy }))
    for (let i = 0; i < 100 && gets.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    await client.close()
    expect([gets, errors]).toEqual([[405], []])
  })

  it('pings', async () => {
    expect(await mcp.client.ping()).toEqual({})
  })

  it('lists resources without the nested ones', async () => {
    const { resources } = await mcp.client.listResources()
    expect(resources.map((r) => [r.uri, r.name])).toEqual([
      ['iii://skills', 'skills'],
      ['iii://alpha', 'Alpha skill'],
      ['iii://empty-title', ''],
      ['iii://tree-root', 'Tree root'],
      ['iii://team-a', 'team-a'],
    ])
  })

  it('reads the index without lines that link two levels deep', async () => {
    const { contents } = await mcp.client.readResource({ uri: 'iii://skills' })
    const expected = INDEX_TEXT.split('\n').filter((line) => !line.includes('leaf/deep') && !line.includes('meetings/standup')).join('\n')
    expect(contents).toEqual([{ uri: 'iii://skills', mimeType: 'text/markdown', text: expected }])
    expect(expected).toContain('(iii://tree-root/leaf)')
  })

  it.each([
    ['iii://alpha', 'text/markdown', '# Alpha skill\nAlpha body line.\n'],
    ['iii://tree-root/leaf', 'text/markdown', '# Tree leaf\nA child entry.\n'],
    ['iii://fn/demo/json', 'application/json', '{\n  "count": 42\n}'],
  ])('reads %s', async (uri, mimeType, text) => {
    expect(await mcp.client.readResource({ uri })).toEqual({ contents: [{ uri, mimeType, text }] })
  })

  it('reads an unknown skill as empty contents, as the bridge does', async () => {
    expect(await mcp.client.readResource({ uri: 'iii://nope' })).toEqual({ contents: [] })
  })

  it('surfaces any other read failure as McpError -32603', async () => {
    const error = await mcp.client.readResource({ uri: 'iii://broken' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpError)
    expect([(error as McpError).code, (error as McpError).message]).toEqual([
      -32603,
      'MCP error -32603: remote error (invocation_failed): trigger demo::broken: remote error (invocation_failed): kaboom',
    ])
  })

  it('lists the two resource templates', async () => {
    expect(await mcp.client.listResourceTemplates()).toEqual(TEMPLATES)
  })

  it('lists prompts with their arguments', async () => {
    expect(await mcp.client.listPrompts()).toEqual(PROMPTS)
  })

  it('gets a prompt with arguments', async () => {
    expect(await mcp.client.getPrompt({ name: 'send-email', arguments: { to: 'bob' } })).toEqual({
      description: 'Send an email',
      messages: [{ role: 'user', content: { type: 'text', text: 'Write to bob' } }],
    })
  })

  it('gets an unknown prompt as no messages, as the bridge does', async () => {
    expect(await mcp.client.getPrompt({ name: 'nope' })).toEqual({ messages: [] })
  })

  it('lists skill__fetch and user functions as tools, nothing internal', async () => {
    const { tools } = await mcp.client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['skill__fetch', 'demo__echo', 'demo__boom'])
    expect(tools[0]!.inputSchema).toMatchObject({ type: 'object', title: 'FetchSkillInput' })
  })

  it('calls skill__fetch and gets the markdown as text', async () => {
    expect(await mcp.client.callTool({ name: 'skill__fetch', arguments: { uri: 'iii://alpha' } })).toEqual({
      content: [{ type: 'text', text: '# iii://alpha\n\n# Alpha skill\nAlpha body line.' }],
    })
  })

  it('calls a tool with an object result and gets structuredContent', async () => {
    expect(await mcp.client.callTool({ name: 'demo__echo', arguments: { msg: 'hi' } })).toEqual({
      content: [{ type: 'text', text: '{\n  "echoed": "hi"\n}' }],
      structuredContent: { echoed: 'hi' },
    })
  })

  it('gets a failing tool as an isError result', async () => {
    expect(await mcp.client.callTool({ name: 'demo__boom', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'remote error (invocation_failed): kapow' }],
      isError: true,
    })
  })

  it('gets McpError -32602 for a tool name that resolves to a hidden id', async () => {
    await expect(mcp.client.callTool({ name: 'skills__fetch_skill', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: 'MCP error -32602: tool name resolves to a hidden iii function id',
    })
  })

  it('gets McpError -32601 for completion/complete, which the bridge does not implement', async () => {
    await expect(
      mcp.client.complete({ ref: { type: 'ref/prompt', name: 'send-email' }, argument: { name: 'to', value: 'b' } }),
    ).rejects.toMatchObject({ code: -32601, message: 'MCP error -32601: Method not found: completion/complete' })
  })
})

describe('connectMcpClient', () => {
  it('collects the error a client reports when GET is not answered with 405', async () => {
    const stub = createServer((req, res) => {
      if (req.method !== 'POST') return void res.writeHead(404).end()
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        const message = JSON.parse(body) as { id?: number }
        if (message.id === undefined) return void res.writeHead(202).end()
        const result = { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'stub', version: '0' } }
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`)
      })
    })
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
    const { port } = stub.address() as { port: number }
    try {
      const connected = await connectMcpClient(`http://127.0.0.1:${port}/mcp`)
      await connected.close()
      expect(new Set(connected.errors.map(String))).toEqual(new Set(['Error: Streamable HTTP error: Failed to open SSE stream: Not Found']))
    } finally {
      stub.closeAllConnections()
      await new Promise((resolve) => stub.close(resolve))
    }
  })
})
