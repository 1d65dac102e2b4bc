import { CommanderError } from 'commander'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseCli, type CliOptions } from '../../src/app/cli.js'
import { CONFIG_KEYS } from '../../src/schemas/config-keys.js'

const saved = { III_URL: process.env.III_URL, III_SKILLS_TOKEN: process.env.III_SKILLS_TOKEN }
beforeEach(() => {
  delete process.env.III_URL
  delete process.env.III_SKILLS_TOKEN
})
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

function run(argv: string[]): { options?: CliOptions; error?: CommanderError; out: string; err: string } {
  let out = ''
  let err = ''
  const output = { writeOut: (s: string) => void (out += s), writeErr: (s: string) => void (err += s) }
  try {
    return { options: parseCli(argv, output), out, err }
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error
    return { error, out, err }
  }
}

const DEFAULTS: CliOptions = {
  config: './config.yaml',
  url: 'ws://127.0.0.1:49134',
  urlSource: 'default',
  manifest: false,
  embedded: false,
  engineHost: '127.0.0.1',
  enginePort: 49134,
  mcpHost: '127.0.0.1',
  mcpPort: 3111,
  mcp: true,
  ui: true,
  stateFile: undefined,
  allowRemote: false,
  stdio: false,
  mcpProfile: 'full',
  enginePortSet: false,
  mcpPortSet: false,
  skillsDirs: [],
  configSet: false,
  allowedHosts: [],
  authTokenFile: undefined,
  authTokensFile: undefined,
  view: undefined,
  maxSessions: 1000,
}

describe('parseCli', () => {
  it('uses the documented defaults', () => {
    expect(run([]).options).toEqual(DEFAULTS)
  })

  it.each<[string, string[], Partial<CliOptions>]>([
    ['a config path', ['--config', 'conf/skills.yaml'], { config: 'conf/skills.yaml', configSet: true }],
    ['skills dirs, in order', ['--skills-dir', 'a', '--skills-dir', '/b'], { skillsDirs: ['a', '/b'] }],
    ['the manifest flag', ['--manifest'], { manifest: true }],
    ['an engine url', ['--url', 'ws://engine:1'], { url: 'ws://engine:1', urlSource: 'cli' }],
    ['embedded mode', ['--embedded'], { embedded: true }],
    ['engine host and port', ['--engine-host', 'localhost', '--engine-port', '0'], { engineHost: 'localhost', enginePort: 0, enginePortSet: true }],
    ['mcp host and port', ['--mcp-host', '::1', '--mcp-port', '65535'], { mcpHost: '::1', mcpPort: 65535, mcpPortSet: true }],
    ['an explicit default port', ['--engine-port', '49134', '--mcp-port', '3111'], { enginePortSet: true, mcpPortSet: true }],
    ['stdio mode', ['--stdio'], { stdio: true }],
    ['the bridge profile', ['--mcp-profile', 'bridge'], { mcpProfile: 'bridge' }],
    ['the full profile', ['--mcp-profile', 'full'], { mcpProfile: 'full' }],
    ['no mcp endpoint', ['--no-mcp'], { mcp: false }],
    ['no catalogue page', ['--no-ui'], { ui: false }],
    ['a state file', ['--state-file', 'state.json'], { stateFile: 'state.json' }],
    ['a non-loopback host with --allow-remote and a token', ['--engine-host', '0.0.0.0', '--allow-remote', '--auth-token-file', 't'], { engineHost: '0.0.0.0', allowRemote: true, authTokenFile: 't' }],
    ['allowed hosts, in order', ['--allowed-host', 'skills.lan', '--allowed-host', 'box:8080'], { allowedHosts: ['skills.lan', 'box:8080'] }],
    ['a session cap', ['--max-sessions', '20'], { maxSessions: 20 }],
    ['a 127/8 host', ['--mcp-host', '127.0.0.2'], { mcpHost: '127.0.0.2' }],
    ['a bracketed IPv6 loopback', ['--engine-host', '[::1]'], { engineHost: '[::1]' }],
  ])('reads %s', (_case, argv, changed) => {
    expect(run(argv).options).toEqual({ ...DEFAULTS, ...changed })
  })

  it.each<[string, string | undefined, string[], string, CliOptions['urlSource']]>([
    ['III_URL when --url is absent', 'ws://from-env:2', [], 'ws://from-env:2', 'env'],
    ['--url over III_URL', 'ws://from-env:2', ['--url', 'ws://flag:3'], 'ws://flag:3', 'cli'],
    ['the default when III_URL is empty', '', [], 'ws://127.0.0.1:49134', 'default'],
  ])('takes %s', (_case, env, argv, url, urlSource) => {
    if (env !== undefined) process.env.III_URL = env
    expect(run(argv).options).toMatchObject({ url, urlSource })
  })

  it.each<[string[], string]>([
    [['--engine-port', 'abc'], "error: option '--engine-port <port>' argument 'abc' is invalid. expected an integer from 0 to 65535\n"],
    [['--engine-port', '65536'], "error: option '--engine-port <port>' argument '65536' is invalid. expected an integer from 0 to 65535\n"],
    [['--mcp-port', '-1'], "error: option '--mcp-port <port>' argument '-1' is invalid. expected an integer from 0 to 65535\n"],
    [['--mcp-port', '80.5'], "error: option '--mcp-port <port>' argument '80.5' is invalid. expected an integer from 0 to 65535\n"],
    [['--engine-host', '0.0.0.0'], 'error: --engine-host 0.0.0.0 is not a loopback address; pass --allow-remote to bind it\n'],
    [['--mcp-host', '192.168.1.5'], 'error: --mcp-host 192.168.1.5 is not a loopback address; pass --allow-remote to bind it\n'],
    [['--engine-host', '0.0.0.0', '--allow-remote'], 'error: --allow-remote needs --auth-token-file, --auth-tokens-file or III_SKILLS_TOKEN\n'],
    [['--allow-remote'], 'error: --allow-remote needs --auth-token-file, --auth-tokens-file or III_SKILLS_TOKEN\n'],
    [['--max-sessions', '0'], "error: option '--max-sessions <n>' argument '0' is invalid. expected an integer of at least 1\n"],
    [['--mcp-profile', 'lite'], "error: option '--mcp-profile <profile>' argument 'lite' is invalid. Allowed choices are full, bridge.\n"],
    [['--bogus'], "error: unknown option '--bogus'\n"],
    [['serve'], 'error: too many arguments. Expected 0 arguments but got 1.\n'],
  ])('rejects %j with exit code 1', (argv, message) => {
    const { error, err } = run(argv)
    expect(error?.exitCode).toBe(1)
    expect(err).toBe(message)
  })

  it.each([['--help'], ['-h']])('prints help for %s and exits 0', async (flag) => {
    const { error, out } = run([flag])
    expect(error?.exitCode).toBe(0)
    await expect(out).toMatchFileSnapshot('./__snapshots__/help.txt')
  })

  it('documents every config key with its meaning and default, from the config schema (E22.3)', () => {
    const flat = run(['--help']).out.replace(/\n {10,}/g, ' ')
    for (const { key, meaning, default: fallback } of CONFIG_KEYS) {
      expect(flat).toContain(`\n  ${key} `)
      expect(flat).toContain(`${meaning}${fallback === undefined ? '' : ` (default ${fallback})`}`)
    }
  })
})
