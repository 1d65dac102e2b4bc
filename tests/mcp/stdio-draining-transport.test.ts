/**
 * The stdio transport writes a page of settled entries from their texts (E16.2, frame-text.ts) as the
 * SDK's transport writes any frame: the same bytes, waiting for stdout to drain, refused once closed.
 */
import { PassThrough, Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JSONRPCMessage } from '@modelcontextprotocol/server'
import { settleJsonText } from '../../src/core/limits.js'
import { DrainingStdioTransport } from '../../src/mcp/stdio-draining-transport.js'

const page = { jsonrpc: '2.0', id: 3, result: { resources: [1, 2, 3].map((i) => settleJsonText({ uri: `iii://s${i}`, name: `s${i}` })), nextCursor: 'x' } } as JSONRPCMessage

function slowStdout(): { stream: Writable; written: string[]; release(): void } {
  const written: string[] = []
  const held: Array<() => void> = []
  const stream = new Writable({
    highWaterMark: 8,
    decodeStrings: false,
    write(chunk, _encoding, callback) {
      written.push(String(chunk))
      held.push(callback)
    },
  })
  return { stream, written, release: () => held.splice(0).forEach((done) => done()) }
}

describe('DrainingStdioTransport: frames written from settled entries (E16.2)', () => {
  afterEach(() => vi.restoreAllMocks())

  it('writes the bytes JSON.stringify would, without serialising the page as a whole', async () => {
    const stdout = slowStdout()
    const transport = new DrainingStdioTransport(new PassThrough(), stdout.stream, 1000, () => undefined)
    await transport.start()
    const stringify = vi.spyOn(JSON, 'stringify')
    let sent = false
    const sending = transport.send(page).then(() => (sent = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(stringify.mock.calls.some(([value]) => value === page)).toBe(false)
    expect(stdout.written).toEqual([`${JSON.stringify(page)}\n`])
    // Over stdout's high-water mark: the send waits for the drain, as the SDK's does.
    expect(sent).toBe(false)
    stdout.release()
    await sending
    expect(sent).toBe(true)
    await transport.close()
  })

  it('refuses a frame once closed, with the SDK transport\'s text', async () => {
    const stdout = slowStdout()
    const transport = new DrainingStdioTransport(new PassThrough(), stdout.stream, 1000, () => undefined)
    await transport.start()
    await transport.close()
    await expect(transport.send(page)).rejects.toThrow('StdioServerTransport is closed')
    expect(stdout.written).toEqual([])
  })

  it('leaves any other frame to the SDK transport', async () => {
    const stdout = slowStdout()
    const transport = new DrainingStdioTransport(new PassThrough(), stdout.stream, 1000, () => undefined)
    await transport.start()
    const message = { jsonrpc: '2.0', id: 1, result: { resources: [{ uri: 'iii://a' }] } } as JSONRPCMessage
    const stringify = vi.spyOn(JSON, 'stringify')
    const sending = transport.send(message)
    await new Promise((resolve) => setImmediate(resolve))
    expect(stringify.mock.calls.some(([value]) => value === message)).toBe(true)
    stdout.release()
    await sending
    expect(stdout.written).toEqual([`${JSON.stringify(message)}\n`])
    await transport.close()
  })
})
