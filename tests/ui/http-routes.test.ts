/** The catalogue page's HTTP side on `iii-skills --embedded`: headers, the Origin rule, `--no-ui`, and an `http` trigger on `/` winning. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOG } from '../../src/core/messages.js'
import { CONTENT_SECURITY_POLICY } from '../../src/ui/security-headers.js'
import { DEMO_CONFIG, spawnEmbeddedSkills, spawnSkills, stopAllChildren, type EmbeddedSkills } from '../support/processes.js'
import { pollUntil } from '../support/poll.js'

let running: EmbeddedSkills
let page: string

beforeAll(async () => {
  running = await spawnEmbeddedSkills(['--config', DEMO_CONFIG])
  page = String((await running.skills.waitForLog(LOG.cataloguePage)).url)
}, 60_000)

afterAll(async () => {
  await running?.sdk.close()
  await stopAllChildren()
})

describe('the catalogue page over HTTP', () => {
  it('is logged at start as a URL on the MCP listener', () => {
    expect(page).toBe(new URL('/', running.mcpUrl).href)
  })

  it('serves the page and its assets with the exact Content-Security-Policy and no-sniff headers', async () => {
    for (const [path, type] of [['', 'text/html; charset=utf-8'], ['_ui/app.js', 'text/javascript; charset=utf-8'], ['_ui/app.css', 'text/css; charset=utf-8']]) {
      const response = await fetch(`${page}${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(type)
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'")
  })

  it('answers the catalogue, one skill and a search as JSON, and says which request was wrong', async () => {
    const catalogue = await (await fetch(`${page}_ui/api/catalogue`)).json() as { skills: Array<{ id: string }> }
    expect(catalogue.skills.map((s) => s.id)).toEqual(['code-review', 'commit-message', 'iii-skills', 'iii-skills/publishing'])
    const missing = await fetch(`${page}_ui/api/skill?id=nope`)
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'no skill has the id "nope"' }])
    const noId = await fetch(`${page}_ui/api/skill`)
    expect([noId.status, await noId.json()]).toEqual([400, { error: 'missing query parameter `id`' }])
    const found = await (await fetch(`${page}_ui/api/search?q=commit`)).json() as { results: Array<{ id: string }> }
    expect(found.results[0]?.id).toBe('commit-message')
    expect((await fetch(`${page}_ui/nothing`)).status).toBe(404)
    expect(await (await fetch(`${page}_ui/api/links`)).json()).toEqual({ checked: 4, of: 4, broken: [] })
  })

  it('refuses a non-loopback Origin (403) and anything but GET (405), as /mcp does', async () => {
    const foreign = await fetch(page, { headers: { origin: 'https://evil.example' } })
    expect([foreign.status, await foreign.text()]).toEqual([403, 'Forbidden'])
    expect((await fetch(page, { headers: { origin: 'http://localhost:5173' } })).status).toBe(200)
    const post = await fetch(`${page}_ui/api/catalogue`, { method: 'POST', body: '{}' })
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD'])
  })

  it('gives / to an http trigger another worker binds there', async () => {
    running.sdk.iii.registerFunction('test::home', async () => ({ status_code: 200, body: { mine: true } }))
    running.sdk.iii.registerTrigger({ type: 'http', function_id: 'test::home', config: { api_path: '/', http_method: 'GET' } })
    const body = await pollUntil(async () => {
      const response = await fetch(page)
      if (!(response.headers.get('content-type') ?? '').includes('json')) throw new Error('still the page')
      return response.json()
    }, { timeoutMs: 10_000, what: 'the trigger to take /' })
    expect(body).toEqual({ mine: true })
    expect((await fetch(`${page}_ui/app.js`)).status).toBe(200)
  })
})

describe('--no-ui', () => {
  it('serves no page: / is the http triggers\' 404', async () => {
    const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', DEMO_CONFIG, '--no-ui'])
    const mcp = String((await skills.waitForLog((line) => line.msg === 'MCP endpoint listening' || (typeof line.url === 'string' && line.url.endsWith('/mcp')))).url)
    expect(skills.logs.some((line) => line.msg === LOG.cataloguePage)).toBe(false)
    const response = await fetch(new URL('/', mcp))
    expect(response.status).toBe(404)
    expect((await fetch(new URL('/_ui/app.js', mcp))).status).toBe(404)
    await skills.stop()
  })
})

describe('--mcp-profile bridge', () => {
  it('keeps the page live: the event stream announces a new skill and an edit of the watched one', async () => {
    const bridge = await spawnEmbeddedSkills(['--config', DEMO_CONFIG, '--mcp-profile', 'bridge'])
    const events = new AbortController()
    try {
      const register = (skill: string) => bridge.sdk.iii.trigger({ function_id: 'skills::register', payload: { id: 'live-bridge', skill }, timeoutMs: 5000 })
      await register('# Live on the bridge\n\nFirst version.')
      const response = await fetch(new URL('/_ui/events?watch=live-bridge', bridge.mcpUrl), { signal: events.signal })
      expect(response.headers.get('content-type')).toBe('text/event-stream')
      const seen = eventNames(response.body!)
      expect(await seen.next()).toBe('ready')
      await register('# Live on the bridge\n\nSecond version.')
      expect(await seen.next()).toBe('skill')
      await bridge.sdk.iii.trigger({ function_id: 'skills::register', payload: { id: 'another-bridge', skill: '# Another' }, timeoutMs: 5000 })
      expect(await seen.next()).toBe('catalogue')
      // The sessions still speak v0.5.8: no change notifications, and the feed's functions are no tools.
      const tools = await mcpPost(bridge.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' }) as { result: { tools: Array<{ name: string }> } }
      expect(tools.result.tools.some((tool) => tool.name.startsWith('mcp'))).toBe(false)
      const init = await mcpPost(bridge.mcpUrl, { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } }) as { result: { capabilities: object } }
      expect(JSON.stringify(init.result.capabilities)).not.toContain('listChanged')
    } finally {
      events.abort()
      await bridge.sdk.close()
      await bridge.skills.stop()
    }
  }, 60_000)
})

/** The names of the server-sent events on `body`, one `next()` each (5 s at most). */
function eventNames(body: ReadableStream<Uint8Array>): { next(): Promise<string> } {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader()
  const names: string[] = []
  let buffer = ''
  return {
    async next() {
      const deadline = Date.now() + 5000
      while (names.length === 0) {
        let timer: NodeJS.Timeout | undefined
        const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('no event within 5 s')), Math.max(0, deadline - Date.now())) })
        const { value, done } = await Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer))
        if (done) throw new Error('the event stream ended')
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const name = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1]
          if (name !== undefined) names.push(name)
          buffer = buffer.slice(end + 2)
        }
      }
      return names.shift() as string
    },
  }
}

async function mcpPost(mcpUrl: string, body: object): Promise<unknown> {
  const response = await fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(body) })
  const text = await response.text()
  return JSON.parse(text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? text))
}
