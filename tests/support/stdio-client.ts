/**
 * An official MCP SDK client that launches the built `iii-skills --stdio` (dist/, built by `npm test`)
 * as a desktop client would, without `III_URL` (it would select a running engine); stderr ignored.
 */
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { REPO_ROOT, launchEnv } from './processes.js'

export interface StdioLaunch {
  cwd?: string
  env?: Record<string, string>
  /** Options for node itself, before the script (`--prof`). */
  nodeArgs?: string[]
}

export async function connectStdioClient(args: string[], launch: StdioLaunch = {}): Promise<Client> {
  const inherited = launchEnv()
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...(launch.nodeArgs ?? []), join(REPO_ROOT, 'dist/src/main.js'), '--stdio', ...args],
    stderr: 'ignore',
    cwd: launch.cwd ?? REPO_ROOT,
    env: { ...inherited, ...launch.env },
  })
  const client = new Client({ name: 'iii-skills-tests', version: '0.0.0' })
  await client.connect(transport)
  return client
}
