/**
 * E16.2: `--stdio` over its embedded engine loads only what it uses: neither the catalogue page's
 * modules (no HTTP listener without `--mcp-port`) nor the iii SDK and the OpenTelemetry it brings (the
 * worker is linked to the engine in process). With `--mcp-port` the page is served, so its modules load.
 * The command is a bundle (src/app/bundle.mjs), so a loaded bundle file counts as the modules it holds
 * (its build's metafile says which).
 */
import { readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectStdioClient } from '../support/stdio-client.js'
import { E2E_TIMEOUT_MS, REPO_ROOT } from '../support/processes.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const SKILLS = join(REPO_ROOT, 'tests/fixtures/real-17/skills')
const PAGE = ['/node_modules/sanitize-html/', '/node_modules/markdown-it/']
const SDK = ['/node_modules/@opentelemetry/', '/node_modules/@iii-dev/']

let dir: string
beforeEach(async () => {
  dir = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(dir)
})

interface Metafile {
  outputs: Record<string, { inputs: Record<string, unknown> }>
}

async function loadedBy(args: string[]): Promise<string[]> {
  const file = join(dir, 'modules.txt')
  const env = { NODE_OPTIONS: `--import ${join(REPO_ROOT, 'tests/support/loaded-modules.mjs')}`, LOADED_MODULES_FILE: file }
  const client = await connectStdioClient(args, { env, cwd: dir })
  const listed = await client.listResources()
  expect(listed.resources.some((r) => r.uri === 'skill://brainstorming/SKILL.md')).toBe(true)
  await client.close()
  await vi.waitFor(async () => expect(await readFile(file, 'utf8')).toContain('/node_modules/'), { timeout: 10_000, interval: 50 })
  const meta = JSON.parse(await readFile(join(REPO_ROOT, 'dist/src/bundle/meta.json'), 'utf8')) as Metafile
  const paths = (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '').map((line) => (line.startsWith('file:') ? fileURLToPath(line) : line))
  return paths.flatMap((path) => {
    const output = meta.outputs[relative(REPO_ROOT, path)]
    return output === undefined ? [path] : Object.keys(output.inputs).map((input) => join(REPO_ROOT, input))
  })
}

const loading = (modules: string[], packages: string[]) => modules.filter((path) => packages.some((p) => path.includes(p)))

describe('modules --stdio loads (E16.2)', () => {
  it('loads neither the page nor the iii SDK', async () => {
    const modules = await loadedBy(['--skills-dir', SKILLS])
    expect(modules.length).toBeGreaterThan(10)
    expect(loading(modules, ['/node_modules/@modelcontextprotocol/server/']).length).toBeGreaterThan(0)
    expect(loading(modules, PAGE)).toEqual([])
    expect(loading(modules, SDK)).toEqual([])
    // Nobody joins the engine over the network: no WebSocket server, nor the TLS and zlib it requires.
    expect(loading(modules, ['/node_modules/ws/', 'node:tls', 'node:zlib'])).toEqual([])
    // The engine listens over HTTP, but node:http's WebSocket getter, which loads undici, is never read:
    // node:http is taken with require (src/http/node-http.ts).
    expect(modules).toContain('node:http')
    expect(loading(modules, ['node:internal/deps/undici/'])).toEqual([])
  })

  it('loads the page once an HTTP listener serves it', async () => {
    const modules = await loadedBy(['--skills-dir', SKILLS, '--mcp-port', '0'])
    expect(loading(modules, PAGE).length).toBeGreaterThan(0)
  })
})
