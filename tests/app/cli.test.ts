import { CommanderError } from 'commander'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseCli, type CliOptions } from '../../src/app/cli.js'

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
    [['--engine-host', '0.0.0.0', '--allow-remote'], 'error: --allow-remote needs --auth-token-file (or III_SKILLS_TOKEN)\n'],
    [['--allow-remote'], 'error: --allow-remote needs --auth-token-file (or III_SKILLS_TOKEN)\n'],
    [['--max-sessions', '0'], "error: option '--max-sessions <n>' argument '0' is invalid. expected an integer of at least 1\n"],
    [['--mcp-profile', 'lite'], "error: option '--mcp-profile <profile>' argument 'lite' is invalid. Allowed choices are full, bridge.\n"],
    [['--bogus'], "error: unknown option '--bogus'\n"],
    [['serve'], 'error: too many arguments. Expected 0 arguments but got 1.\n'],
  ])('rejects %j with exit code 1', (argv, message) => {
    const { error, err } = run(argv)
    expect(error?.exitCode).toBe(1)
    expect(err).toBe(message)
  })

  it.each([['--help'], ['-h']])('prints help for %s and exits 0', (flag) => {
    const { error, out } = run([flag])
    expect(error?.exitCode).toBe(0)
    expect(out).toBe(`Usage: iii-skills [options]

Agentic content registry worker. Hosts skills + prompts + the iii:// resource resolver.

Options:
  --config <path>           config file (YAML) (default: "./config.yaml")
  --url <url>               iii engine WebSocket URL (default: "ws://127.0.0.1:49134", env: III_URL)
  --manifest                print the worker manifest as JSON and exit
  --embedded                start an iii engine inside this process and connect to it
  --engine-host <host>      embedded engine: listen host (default: "127.0.0.1")
  --engine-port <port>      embedded engine: listen port (default: 49134)
  --mcp-host <host>         embedded engine: MCP endpoint host (default: "127.0.0.1")
  --mcp-port <port>         embedded engine: HTTP port (/mcp, the catalogue page and http triggers)
                            (default: 3111)
  --no-mcp                  embedded engine: do not serve the MCP endpoint
  --no-ui                   embedded engine: do not serve the catalogue page at / (and /_ui/)
  --state-file <path>       embedded engine: keep state in this file, each change on disk before it
                            is acknowledged (default: in memory)
  --allow-remote            embedded engine: allow listening on non-loopback hosts (needs a token)
  --allowed-host <name>     a Host name (name or name:port) the listeners also answer to
                            (repeatable)
  --auth-token-file <path>  file holding the bearer token clients must send (else III_SKILLS_TOKEN)
  --max-sessions <n>        MCP sessions open at once (a new one closes the one idle longest) and
                            event streams (503 beyond) (default: 1000)
  --stdio                   serve MCP on stdin/stdout (own engine, or the one at --url)
  --mcp-front               serve only the MCP front of the engine at --url, on HTTP (--mcp-host,
                            --mcp-port)
  --skills-dir <dir>        serve every SKILL.md folder under this directory (repeatable; ids
                            relative to it)
  --mcp-profile <profile>   MCP profile (choices: "full", "bridge", default: "full")
  -h, --help                print help

Environment:
  III_URL           engine WebSocket URL, used when --url is not given (default ws://127.0.0.1:49134)
  III_SKILLS_TOKEN  bearer token, used when --auth-token-file is not given: required of every client
                    of the embedded engine and HTTP listener, and sent when joining an engine
  LOG_LEVEL         log level: trace, debug, info, warn, error, fatal or silent (default info)
  OTEL_ENABLED      set to false (or 0, no, off) to turn off the iii SDK's OpenTelemetry export (and,
                    unless III_DISABLE_TRACE_PAYLOADS is set, its copying of call payloads for spans)

Config file (YAML, every key optional; a missing or bad file is logged and the defaults are used):
  scopes.skills, scopes.prompts  state scopes of the registry rows (default skills, prompts)
  skills, prompts                glob patterns of markdown files (a SKILL.md match is an Agent Skills
                                 folder), relative to the config file's folder
  state_timeout_ms               timeout of every state call, section function and prompt handler (10000)
  cache.enabled                  false: every call reads state and the files, as upstream (true)
  cache.max_staleness_ms         no listing is older than this, whoever wrote (1000)
  rpc_api_path                   POST route of the JSON-RPC discovery endpoint (skills/rpc; "" for none)

Zero config: with --stdio or --embedded and neither --config, --skills-dir nor ./config.yaml, the
standard roots that exist are served: ./.agents/skills, ./.claude/skills, ~/.agents/skills,
~/.claude/skills, ~/.codex/skills (the first root wins an id).

Security (README "Security"): the listeners answer only to loopback Host names (and
--allowed-host) and refuse browser pages of other origins. --allow-remote binds other hosts and
needs a token; clients then send "Authorization: Bearer <token>".

Commands:
  iii-skills check [--config F] [--skills-dir D …] [--format text|json|sarif] [--rule ID=LEVEL …]
                   validate skills (rules SK000-SK502, README "check"); exit 1 on an error, 2 on a
                   usage error or when a root holds no skill
  iii-skills sync --to DIR [--to DIR …] [--watch] [--dry-run] [--config F | --skills-dir D … | --url U]
                   write every skill into the folders agents read (~/.claude/skills, ~/.agents/skills,
                   …; docs/sync.md), and with --watch keep them current; exit 1 when a folder failed

Examples:
  iii-skills --url ws://10.0.0.5:49134 --config config.yaml  join a running engine
  iii-skills --embedded --config config.yaml                 own engine, MCP on http://127.0.0.1:3111/mcp
  iii-skills --stdio --config /abs/path/config.yaml          an MCP client launches it over stdio
  III_SKILLS_TOKEN=… iii-skills --embedded --allow-remote --mcp-host 0.0.0.0 --allowed-host skills.lan
                                                             served to the LAN as http://skills.lan:3111
`)
  })
})
