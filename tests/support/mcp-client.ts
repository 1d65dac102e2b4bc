/**
 * A real MCP client (`@modelcontextprotocol/sdk` 1.32, Streamable HTTP) connected to an endpoint,
 * with every transport/protocol error it reports collected in `errors` rather than lost. After
 * `initialize` the SDK probes for a standalone SSE stream with a GET in the background; this
 * helper returns only once that probe has been answered, so `errors` already reflects it (an
 * iii-style endpoint answers 405, which the SDK accepts silently) and an early `close()` does not
 * abort it mid-flight. `close()` ends a full-profile session (DELETE) before closing.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

export interface ConnectedMcpClient {
  client: Client
  errors: unknown[]
  close(): Promise<void>
}

const PROBE_WAIT_MS = 1000

export async function connectMcpClient(url: string, clientName = 'skills-tests'): Promise<ConnectedMcpClient> {
  const client = new Client({ name: clientName, version: '0.0.0' })
  const errors: unknown[] = []
  client.onerror = (error) => errors.push(error)
  const probes: Promise<unknown>[] = []
  const trackingFetch: typeof fetch = (input, init) => {
    const pending = fetch(input, init)
    if ((init?.method ?? 'GET') === 'GET') probes.push(pending.catch(() => undefined))
    return pending
  }
  const transport = new StreamableHTTPClientTransport(new URL(url), { fetch: trackingFetch })
  try {
    await client.connect(transport)
    await settle(probes)
  } catch (error) {
    await client.close().catch(() => undefined)
    throw error
  }
  // A session (full profile) is ended with DELETE, as a well-behaved client does; the bridge has none.
  const close = async () => {
    await transport.terminateSession().catch(() => undefined)
    await client.close()
  }
  return { client, errors, close }
}

async function settle(probes: Promise<unknown>[]): Promise<void> {
  const deadline = Date.now() + PROBE_WAIT_MS
  while (probes.length === 0 && Date.now() < deadline) await sleep(5)
  await Promise.all(probes)
  await sleep(10) // let the transport finish reading the probe's reply
}

