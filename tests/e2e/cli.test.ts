/**
 * The one-shot command lines of the real process (src/main.ts under tsx, no build): `--manifest`
 * prints exactly the §8 document and nothing else, `--help` documents every flag and variable, and
 * a bad flag or a port that is taken fails fast with a message.
 */
import { createServer, type Server } from 'node:net'
import { afterAll, describe, it, vi } from 'vitest'
import { renderManifest } from '../../src/app/manifest.js'
import { E2E_TIMEOUT_MS, runSkills, stopAllChildren } from '../support/processes.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

// Each test is one short-lived process: they run side by side (assertions use the test's own expect).

afterAll(stopAllChildren)

const DEFAULT_CONFIG_TEXT = [
  '  "default_config": {',
  '    "prompts": [],',
  '    "scopes": {',
  '      "prompts": "prompts",',
  '      "skills": "skills"',
  '    },',
  '    "skills": [],',
  '    "state_timeout_ms": 10000',
  '  },',
].join('\n')

describe.concurrent('iii-skills --manifest', () => {
  it('prints exactly the manifest, on stdout only, and exits 0', async ({ expect }) => {
    const run = await runSkills(['--manifest'])
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).toBe(renderManifest())
    expect(run.stdout.startsWith('{\n  "name": "skills",\n  "version": "0.2.4",\n')).toBe(true)
    expect(run.stdout).toContain(
      '  "description": "Agentic content registry worker. Hosts skills + prompts + the iii:// resource resolver ' +
        'that the mcp worker serves to harnesses.",\n' +
        DEFAULT_CONFIG_TEXT,
    )
    expect(run.stdout.endsWith('    "i686-pc-windows-msvc"\n  ]\n}\n')).toBe(true)
    expect(Object.keys(JSON.parse(run.stdout) as object)).toEqual([
      'name',
      'version',
      'description',
      'default_config',
      'supported_targets',
    ])
  })

  it('never contacts an engine, even one that does not exist', async ({ expect }) => {
    const run = await runSkills(['--manifest', '--url', 'ws://127.0.0.1:1'], { III_URL: 'ws://127.0.0.1:1' })
    expect([run.code, run.stdout, run.stderr]).toEqual([0, renderManifest(), ''])
  })
})

describe.concurrent('iii-skills --help', () => {
  it.for(['--help', '-h'])('%s exits 0 and documents every flag and environment variable', async (flag, { expect }) => {
    const run = await runSkills([flag])
    expect([run.code, run.stderr]).toEqual([0, ''])
    for (const documented of [
      'Usage: iii-skills [options]',
      '--config <path>',
      '--url <url>',
      '--manifest',
      '--embedded',
      '--engine-host <host>',
      '--engine-port <port>',
      '--mcp-host <host>',
      '--mcp-port <port>',
      '--no-mcp',
      '--state-file <path>',
      '--allow-remote',
      '--stdio',
      '--mcp-profile <profile>',
      '-h, --help',
      'III_URL',
      'LOG_LEVEL',
    ]) {
      expect(run.stdout).toContain(documented)
    }
  })
})

describe.concurrent('iii-skills with bad arguments', () => {
  it.for([
    [['--bogus'], "error: unknown option '--bogus'"],
    [['--embedded', '--engine-port', 'abc'], "error: option '--engine-port <port>' argument 'abc' is invalid."],
    [['--embedded', '--mcp-port', '70000'], "error: option '--mcp-port <port>' argument '70000' is invalid."],
  ] as const)('%j exits non-zero with a message on stderr', async ([args, message], { expect }) => {
    const run = await runSkills([...args])
    expect(run.code).not.toBe(0)
    expect(run.code).not.toBeNull()
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(message)
  })
})

describe.concurrent('iii-skills --embedded on a port that is taken', () => {
  it.for([
    ['engine', (port: number) => ['--engine-port', String(port), '--no-mcp']],
    ['MCP', (port: number) => ['--engine-port', '0', '--mcp-port', String(port)]],
  ] as const)('fails fast when the %s port is taken, exiting 1 with the listen error', async ([, portArgs], { expect }) => {
    const blocker = await listenOnFreePort()
    try {
      const port = (blocker.address() as { port: number }).port
      const run = await runSkills(['--embedded', ...portArgs(port), '--config', 'config.yaml'])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(`iii-skills: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`)
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })
})

async function listenOnFreePort(): Promise<Server> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return server
}
