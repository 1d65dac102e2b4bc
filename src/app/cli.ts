/**
 * The `iii-skills` command line (§7, D11): upstream's `--config`, `--url`, `--manifest`, plus the
 * embedded-engine flags of the port. Parsing is pure apart from reading `III_URL`: help and usage
 * errors are written to `output` and surface as a thrown `CommanderError` carrying the exit code
 * (0 for `--help`), so the entry point decides when to exit.
 */
import { isIPv4 } from 'node:net'
import { Command, CommanderError, InvalidArgumentError, Option, type OutputConfiguration } from 'commander'
import { messages as msg, III_URI_PREFIX, MCP_PROFILES, type McpProfile } from '../core/index.js'
import { TOKEN_ENV } from '../http/index.js'
import { type Level, parseRuleOption } from '../check/index.js'
import { configHelp } from './config-help.js'

const ABOUT = `Agentic content registry worker. Hosts skills + prompts + the ${III_URI_PREFIX} resource resolver.`
const DEFAULT_URL = 'ws://127.0.0.1:49134'
const DEFAULT_MAX_SESSIONS = 1000

const HELP_WIDTH = 100
const ENVIRONMENT_HELP = `
Environment:
  III_URL           engine WebSocket URL, used when --url is not given (default ${DEFAULT_URL})
  III_SKILLS_TOKEN  bearer token, used when --auth-token-file is not given: required of every client
                    of the embedded engine and HTTP listener, and sent when joining an engine
  LOG_LEVEL         log level: trace, debug, info, warn, error, fatal or silent (default info)
  OTEL_ENABLED      set to false (or 0, no, off) to turn off the iii SDK's OpenTelemetry export (and,
                    unless III_DISABLE_TRACE_PAYLOADS is set, its copying of call payloads for spans)

${configHelp(HELP_WIDTH)}

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
                                                             served to the LAN as http://skills.lan:3111`

export interface CliOptions {
  config: string
  url: string
  /** Where `url` came from: the flag, `III_URL`, or the built-in default. */
  urlSource: 'cli' | 'env' | 'default'
  manifest: boolean
  embedded: boolean
  engineHost: string
  enginePort: number
  mcpHost: string
  mcpPort: number
  /** false with `--no-mcp`. */
  mcp: boolean
  /** false with `--no-ui`: no catalogue page on the HTTP listener. */
  ui: boolean
  stateFile: string | undefined
  allowRemote: boolean
  /** `--stdio`: serve MCP on stdin/stdout. */
  stdio: boolean
  /** `--mcp-front`: only the MCP front of the engine at `--url`, on HTTP (E12.4). */
  mcpFront?: boolean
  mcpProfile: McpProfile
  /** Whether `--engine-port` / `--mcp-port` were given (stdio picks a free port / no listener otherwise). */
  enginePortSet: boolean
  mcpPortSet: boolean
  /** `--skills-dir` (repeatable): SKILL.md folders served beside the config's globs (E5.5). */
  skillsDirs: string[]
  /** Whether `--config` was given (zero-config roots apply only when it was not). */
  configSet: boolean
  /** `--allowed-host` (repeatable): Host names the listeners answer to besides loopback (E11.1). */
  allowedHosts: string[]
  /** `--auth-token-file`: the bearer token's file (E11.2); else `III_SKILLS_TOKEN`. */
  authTokenFile: string | undefined
  /** `--auth-tokens-file`: per-agent tokens, each bound to views or to everything (E20.4). */
  authTokensFile: string | undefined
  /** `--view`: the one view `--stdio` or `--mcp-front` serves (E20.2). */
  view: string | undefined
  /** `--max-sessions`: MCP sessions, and event streams, open at once (E11.6). */
  maxSessions: number
}

/**
 * What the process runs (docs/architecture.md): the manifest, a worker joining the engine at `--url`,
 * `--embedded` (own engine + MCP on HTTP), `--stdio` over an own engine, or only the MCP front of the
 * engine a `--url` / `III_URL` names: on stdio (`--stdio`), on HTTP (`--mcp-front`, E12.4), or both.
 * Decided here and nowhere else.
 */
export type RunMode = 'manifest' | 'worker' | 'embedded' | 'stdio-embedded' | 'stdio-front' | 'http-front'

export function runMode(options: CliOptions): RunMode {
  if (options.manifest) return 'manifest'
  if (options.mcpFront && !options.embedded) return options.stdio ? 'stdio-front' : 'http-front'
  if (options.stdio) return !options.embedded && options.urlSource !== 'default' ? 'stdio-front' : 'stdio-embedded'
  return options.embedded ? 'embedded' : 'worker'
}

type CliOutput = Pick<OutputConfiguration, 'writeOut' | 'writeErr'>

/** `argv` holds the user arguments only: `process.argv.slice(2)`. */
export function parseCli(argv: string[], output?: CliOutput): CliOptions {
  const program = buildProgram(output)
  program.parse(argv, { from: 'user' })
  const raw = program.opts()
  const emptyEnv = program.getOptionValueSource('url') === 'env' && raw.url === ''
  const options: CliOptions = {
    config: raw.config,
    url: emptyEnv ? DEFAULT_URL : raw.url,
    urlSource: emptyEnv ? 'default' : urlSource(program.getOptionValueSource('url')),
    manifest: raw.manifest === true,
    embedded: raw.embedded === true,
    engineHost: raw.engineHost,
    enginePort: raw.enginePort,
    mcpHost: raw.mcpHost,
    mcpPort: raw.mcpPort,
    mcp: raw.mcp !== false,
    ui: raw.ui !== false,
    stateFile: raw.stateFile,
    allowRemote: raw.allowRemote === true,
    stdio: raw.stdio === true,
    ...(raw.mcpFront === true ? { mcpFront: true } : {}),
    mcpProfile: raw.mcpProfile,
    enginePortSet: program.getOptionValueSource('enginePort') === 'cli',
    mcpPortSet: program.getOptionValueSource('mcpPort') === 'cli',
    skillsDirs: raw.skillsDir ?? [],
    configSet: program.getOptionValueSource('config') === 'cli',
    allowedHosts: raw.allowedHost ?? [],
    authTokenFile: raw.authTokenFile,
    authTokensFile: raw.authTokensFile,
    view: raw.view,
    maxSessions: raw.maxSessions,
  }
  if (options.view !== undefined && !options.stdio && !options.mcpFront) program.error(msg.VIEW_NEEDS_FRONT)
  if (options.allowRemote && options.authTokenFile === undefined && options.authTokensFile === undefined && !process.env[TOKEN_ENV]?.trim()) {
    program.error(msg.ALLOW_REMOTE_NEEDS_TOKEN)
  }
  if (!options.allowRemote) {
    if (!isLoopback(options.engineHost)) program.error(msg.hostNotLoopback('--engine-host', options.engineHost))
    if (!isLoopback(options.mcpHost)) program.error(msg.hostNotLoopback('--mcp-host', options.mcpHost))
  }
  return options
}

function buildProgram(output?: CliOutput): Command {
  const program = new Command('iii-skills')
    .description(ABOUT)
    .addOption(new Option('--config <path>', 'config file (YAML)').default('./config.yaml'))
    .addOption(new Option('--url <url>', 'iii engine WebSocket URL').env('III_URL').default(DEFAULT_URL))
    .option('--manifest', 'print the worker manifest as JSON and exit')
    .option('--embedded', 'start an iii engine inside this process and connect to it')
    .option('--engine-host <host>', 'embedded engine: listen host', '127.0.0.1')
    .option('--engine-port <port>', 'embedded engine: listen port', parsePort, 49134)
    .option('--mcp-host <host>', 'embedded engine: MCP endpoint host', '127.0.0.1')
    .option('--mcp-port <port>', 'embedded engine: HTTP port (/mcp, the catalogue page and http triggers)', parsePort, 3111)
    .option('--no-mcp', 'embedded engine: do not serve the MCP endpoint')
    .option('--no-ui', 'embedded engine: do not serve the catalogue page at / (and /_ui/)')
    .option('--state-file <path>', 'embedded engine: keep state in this file, each change on disk before it is acknowledged (default: in memory)')
    .option('--allow-remote', 'embedded engine: allow listening on non-loopback hosts (needs a token)')
    .option('--allowed-host <name>', 'a Host name (name or name:port) the listeners also answer to (repeatable)', collect)
    .option('--auth-token-file <path>', 'file holding the bearer token clients must send (else III_SKILLS_TOKEN)')
    .option('--auth-tokens-file <path>', 'YAML list of {token, views: [names] | "*"}: one token per agent, opening its views\' endpoints (/mcp/views/NAME); only "*" opens /mcp, the page and the engine')
    .option('--view <name>', 'serve only this view of config.yaml (with --stdio or --mcp-front)')
    .option('--max-sessions <n>', 'MCP sessions open at once (a new one closes the one idle longest) and event streams (503 beyond)', parseCount, DEFAULT_MAX_SESSIONS)
    .option('--stdio', 'serve MCP on stdin/stdout (own engine, or the one at --url)')
    .option('--mcp-front', 'serve only the MCP front of the engine at --url, on HTTP (--mcp-host, --mcp-port)')
    .option('--skills-dir <dir>', 'serve every SKILL.md folder under this directory (repeatable; ids relative to it)', collect)
    .addOption(new Option('--mcp-profile <profile>', 'MCP profile').choices(MCP_PROFILES).default('full'))
    .helpOption('-h, --help', 'print help')
    .addHelpText('after', ENVIRONMENT_HELP)
    .configureHelp({ helpWidth: HELP_WIDTH })
    .exitOverride()
  if (output !== undefined) program.configureOutput(output)
  return program
}

function collect(value: string, all: string[] | undefined): string[] {
  return [...(all ?? []), value]
}

function urlSource(source: string | undefined): CliOptions['urlSource'] {
  return source === 'cli' || source === 'env' ? source : 'default'
}

function parseCount(value: string): number {
  const count = /^\d{1,9}$/.test(value) ? Number(value) : NaN
  if (!(count >= 1)) throw new InvalidArgumentError(msg.COUNT_INVALID)
  return count
}

function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN
  if (!(port >= 0 && port <= 65535)) throw new InvalidArgumentError(msg.PORT_INVALID)
  return port
}

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  return bare === 'localhost' || bare === '::1' || (isIPv4(bare) && bare.startsWith('127.'))
}

// --- `iii-skills check` (E5.2, E15.1) ---------------------------------------------------------------

export const CHECK_FORMATS = ['text', 'json', 'sarif'] as const
export type CheckFormat = (typeof CHECK_FORMATS)[number]

export interface CheckOptions {
  config: string
  /** Whether `--config` was given (E13.7: without it, a missing ./config.yaml is not worth a warning). */
  configSet: boolean
  skillsDirs: string[]
  format: CheckFormat
  /** `--rule` overrides by rule id, the last one for a rule winning. */
  rules: Map<string, Level>
}

/** Exit code of a usage error of `check` (E15.1); help exits 0. */
export const CHECK_USAGE_EXIT = 2

/** `argv` holds the arguments after `check`. A usage error throws a CommanderError with exit code 2. */
export function parseCheckCli(argv: string[], output?: CliOutput): CheckOptions {
  const program = new Command('iii-skills check')
    .description('Validate skill folders and prompts: the loader\'s skips and warnings and the rules SK101-SK502; exit 1 on an error.')
    .option('--config <path>', 'config file (YAML) whose skills: and prompts: globs to check', './config.yaml')
    .option('--skills-dir <dir>', 'also check every SKILL.md folder under this directory (repeatable)', collect)
    .addOption(new Option('--format <format>', 'output format').choices(CHECK_FORMATS).default('text'))
    .option('--rule <id=level>', 'set a rule (id or name) to off, info, warning or error (repeatable)', collectRule)
    .helpOption('-h, --help', 'print help')
    .configureHelp({ helpWidth: HELP_WIDTH })
    .exitOverride((error) => {
      throw error.exitCode === 0 ? error : new CommanderError(CHECK_USAGE_EXIT, error.code, error.message)
    })
  if (output !== undefined) program.configureOutput(output)
  program.parse(argv, { from: 'user' })
  const raw = program.opts<{ config: string; skillsDir?: string[]; format: CheckFormat; rule?: Array<[string, Level]> }>()
  return {
    config: raw.config,
    configSet: program.getOptionValueSource('config') === 'cli',
    skillsDirs: raw.skillsDir ?? [],
    format: raw.format,
    rules: new Map(raw.rule ?? []),
  }
}

function collectRule(value: string, all: Array<[string, Level]> | undefined): Array<[string, Level]> {
  const parsed = parseRuleOption(value)
  if (parsed instanceof Error) throw new InvalidArgumentError(parsed.message)
  return [...(all ?? []), parsed]
}

// --- `iii-skills sync` (E21) ------------------------------------------------------------------------

export interface SyncCliOptions {
  /** `--to` (repeatable, at least one): the folders agents read. */
  to: string[]
  watch: boolean
  dryRun: boolean
  config: string
  /** Whether `--config` was given (zero-config roots apply only when it was not, E5.5). */
  configSet: boolean
  skillsDirs: string[]
  /** `--url`: sync a running engine's catalogue instead of the fs sources. */
  url: string | undefined
  /** `--view`: only the skills of this view (E20; with `--url`, a view of the engine's worker). */
  view: string | undefined
}

/** Exit code of a usage error of `sync` (E21.3); help exits 0. */
export const SYNC_USAGE_EXIT = 2

const SYNC_HELP = `
Each skill becomes DIR/{folder}/ with a SKILL.md an agent harness loads:
  - an Agent Skills folder is copied byte for byte with its files; any other skill (a markdown file, a
    skill registered on the engine) is written as a SKILL.md: name, description, then its body
  - {folder} is the frontmatter name when it is a valid skill name, else the id with / replaced by -;
    of two skills with one folder the first wins
  - a skill whose copy would not pass the Agent Skills reference validator (skills-ref validate) is
    left out: "skipped {id}: {why}"

Ownership: DIR/.iii-skills-sync.json lists the folders sync wrote and their files' digests. A folder
it does not list is never written into, replaced or removed ("skipped {folder}: not written by
iii-skills sync"); a folder of a skill that left the catalogue is removed only when it is as sync
wrote it, else kept ("kept {folder}: edited since iii-skills sync wrote it").

Each folder is written beside DIR/{folder} and renamed into place. A run with nothing to do writes
nothing and prints "0 written, 0 removed, {n} unchanged". Exit 0 on success, 1 when any folder
failed, 2 on a usage error (a --to inside a source root included).

Sources: --config and --skills-dir as for the worker; with neither (and no ./config.yaml), the
zero-config roots: ./.agents/skills, ./.claude/skills, ~/.agents/skills, ~/.claude/skills,
~/.codex/skills. --url reads a running engine's catalogue instead, registered skills included.

Examples (docs/sync.md):
  iii-skills sync --skills-dir ~/src/skills --to ~/.claude/skills         Claude Code
  iii-skills sync --skills-dir ~/src/skills --to ~/.agents/skills         Codex (and Gemini CLI)
  iii-skills sync --skills-dir ~/src/skills --to ~/.gemini/skills         Gemini CLI
  iii-skills sync --url ws://127.0.0.1:49134 --to .agents/skills --watch  a project's, kept current`

/** `argv` holds the arguments after `sync`. A usage error throws a CommanderError with exit code 2. */
export function parseSyncCli(argv: string[], output?: CliOutput): SyncCliOptions {
  const program = new Command('iii-skills sync')
    .description('Write every skill of the catalogue into the folders agents read, as Agent Skills folders, and keep them current.')
    .addOption(new Option('--to <dir>', 'a folder agents read skills from, e.g. ~/.claude/skills (repeatable; required)').argParser(collect).makeOptionMandatory())
    .option('--watch', 'keep syncing: each folder follows the catalogue within 2 s of a change, until SIGTERM or SIGINT')
    .option('--dry-run', 'print what would be written and removed; change nothing')
    .option('--config <path>', 'config file (YAML) whose skills: globs to sync', './config.yaml')
    .option('--skills-dir <dir>', 'sync every SKILL.md folder under this directory (repeatable; ids relative to it)', collect)
    .option('--url <url>', "sync the catalogue of the iii engine at this WebSocket URL (state-registered skills included)")
    .option('--view <name>', "only the skills of this view: config.yaml's views: (with --url, the engine's skills worker's)")
    .helpOption('-h, --help', 'print help')
    .addHelpText('after', SYNC_HELP)
    .configureHelp({ helpWidth: HELP_WIDTH })
    .exitOverride((error) => {
      throw error.exitCode === 0 ? error : new CommanderError(SYNC_USAGE_EXIT, error.code, error.message)
    })
  if (output !== undefined) program.configureOutput(output)
  program.parse(argv, { from: 'user' })
  const raw = program.opts<{ to: string[]; watch?: boolean; dryRun?: boolean; config: string; skillsDir?: string[]; url?: string; view?: string }>()
  const configSet = program.getOptionValueSource('config') === 'cli'
  if (raw.url !== undefined && (configSet || raw.skillsDir !== undefined)) program.error(msg.SYNC_URL_WITH_SOURCES)
  return {
    to: raw.to,
    watch: raw.watch === true,
    dryRun: raw.dryRun === true,
    config: raw.config,
    configSet,
    skillsDirs: raw.skillsDir ?? [],
    url: raw.url,
    view: raw.view,
  }
}
