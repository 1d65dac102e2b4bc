/**
 * Every error text and log message the worker emits, defined once. The texts are interface
 * (spec docs/contract.md): other workers, the `mcp` bridge and agents match on them, so they are
 * reproduced byte for byte. `{x:?}` in the spec is `debugString(x)` here; "len" is UTF-8 bytes.
 */
import { debugString as dbg } from './rust-debug.js'
import { III_URI_PREFIX, SECTION_URI_PREFIX } from './uri.js'

// --- validators (§1.2) --------------------------------------------------------------------------
export const ID_EMPTY = 'id must be non-empty'
export const idLeadingOrTrailingSlash = (id: string) => `id may not have a leading or trailing '/': ${dbg(id)}`
export const idTooLong = (len: number, id: string) => `id too long (${len} chars; max 1024): ${dbg(id)}`
export const idSegmentInvalid = (index: number, id: string, reason: string) =>
  `invalid id (segment ${index} of ${dbg(id)}): ${reason}`
export const idReservedFn = (id: string) =>
  `id may not have "fn" as its first segment (reserved as the ${SECTION_URI_PREFIX} section-URI marker): ${dbg(id)}`
export const SEGMENT_EMPTY = 'segment must be non-empty'
export const segmentTooLong = (len: number, segment: string) =>
  `segment too long (${len} chars; max 64): ${dbg(segment)}`
export const segmentChars = (segment: string) =>
  `segment may only contain lowercase ASCII letters, digits, '-' and '_': ${dbg(segment)}`
export const NAME_EMPTY = 'name must be non-empty'
export const nameTooLong = (len: number) => `name too long (${len} chars; max 64)`
export const nameChars = (name: string) =>
  `name may only contain lowercase ASCII letters, digits, '-' and '_': ${dbg(name)}`
export const ARGUMENT_NAME_EMPTY = 'argument name must be non-empty'
export const duplicateArgumentName = (name: string) => `duplicate argument name: ${name}`

// --- register inputs (§1.3, §1.10) ---------------------------------------------------------------
export const SKILL_EMPTY = 'skill must be non-empty'
export const skillTooLarge = (len: number, max: number) => `skill body too large (${len} bytes; max ${max})`
export const DESCRIPTION_EMPTY = 'description must be non-empty'
export const FUNCTION_ID_EMPTY = 'function_id must be non-empty'

// --- payload decoding (D8): serde-style texts that name the field ---------------------------------
export const missingField = (field: string) => `missing field \`${field}\``
export const invalidFieldType = (field: string, expected: string, got: string) =>
  `invalid type for field \`${field}\`: expected ${expected}, got ${got}`
export const invalidPayloadType = (expected: string, got: string) => `invalid payload: expected ${expected}, got ${got}`
export const invalidFieldValue = (field: string, reason: string) => `invalid value for field \`${field}\`: ${reason}`
export const MUST_BE_NON_EMPTY = 'must be non-empty'
export const MUST_BE_NON_NEGATIVE_INTEGER = 'must be a non-negative integer'
export const integerRange = (min: number, max: number) => `must be an integer from ${min} to ${max}`
export const MUST_BE_URL_PATH = "must be a URL path without whitespace, '?' or '#'"

// --- skill::search (E4.4): reasons inside invalidFieldValue ------------------------------
export const MUST_NOT_BE_BLANK = 'must not be blank'
export const searchQueryTooLong = (max: number) => `must be at most ${max} characters`

// --- command line (src/app/cli.ts) -------------------------------------------------------------------
export const PORT_INVALID = 'expected an integer from 0 to 65535'
export const skillFilesUnlisted = (dir: string, reason: string) => `cannot list the files of ${dir}: ${reason}`
export const COUNT_INVALID = 'expected an integer of at least 1'
export const ALLOW_REMOTE_NEEDS_TOKEN = 'error: --allow-remote needs --auth-token-file, --auth-tokens-file or III_SKILLS_TOKEN'
export const VIEW_NEEDS_FRONT = 'error: --view applies to --stdio and --mcp-front (over HTTP, a view is served at /mcp/views/NAME)'

// --- the listeners' door (E11) -------------------------------------------------------------------
/** A Host header longer than this is echoed cut (it is the caller's text). */
const MAX_ECHOED_HOST = 200
export const hostNotAllowed = (host: string) => `host not allowed: ${host.slice(0, MAX_ECHOED_HOST)}`
export const BEARER_REQUIRED = 'a valid bearer token is required (Authorization: Bearer <token>)'
export const tooManyOpen = (what: string, max: number) => `too many open ${what} (at most ${max}); retry later`
export const tokenTooShort = (source: string, min: number) => `the token in ${source} is shorter than ${min} characters`
export const tokenUnreadable = (path: string, reason: string) => `cannot read --auth-token-file ${path}: ${reason}`
export const hostNotLoopback = (flag: string, host: string) =>
  `error: ${flag} ${host} is not a loopback address; pass --allow-remote to bind it`
export const packageJsonNotFound = (dir: string) => `no package.json found at or above ${dir}`

// --- views (E20) -------------------------------------------------------------------------------
export const invalidView = (name: string, field: string, why: string) => `invalid view ${dbg(name)}: ${field}: ${why}`
export const viewNameRule = (max: number) => `must match [a-z0-9][a-z0-9_-]* and be at most ${max} characters`
export const VIEW_UNKNOWN_KEY = 'unknown key (a view has include, exclude and prompts)'
export const VIEW_PATTERNS_LIST = 'must be a list of glob patterns'
export const VIEW_MUST_BE_MAPPING = 'must be a mapping of include, exclude and prompts'
export const VIEWS_MUST_BE_MAPPING = 'views: must be a mapping of view names to views'
export const VIEW_PATTERN_ABSOLUTE = 'a pattern matches ids, so it cannot start with /'
export const unknownView = (name: string) => `unknown view ${dbg(name)}`
export const unknownViewNamed = (name: string, known: readonly string[]) =>
  `${unknownView(name)}; ${known.length === 0 ? 'config.yaml defines no views' : `the views are ${known.map(dbg).join(', ')}`}`
export const notThisWorkers = (functionId: string) => `${functionId} is not a function of the skills worker`
export const VIEW_READ_ONLY = 'a view only reads: register and unregister through the whole catalogue'
export const TOKEN_NOT_ALLOWED = 'token not allowed here'
export const tokensFileRefused = (path: string, why: string) => `--auth-tokens-file ${path}: ${why}`
export const tokensFileOpen = (mode: string) => `readable by group or others (mode ${mode}); chmod 600 it`
export const TOKENS_FILE_SHAPE = 'must be a list of {token, views}'
export const tokenEntryInvalid = (index: number, field: string, why: string) => `entry ${index}: ${field}: ${why}`
export const TOKEN_VIEWS_RULE = 'must be "*" or a non-empty list of view names'
export const TOKEN_ENTRY_UNKNOWN_KEY = 'unknown key (an entry has token and views)'
export const tokenMinimum = (min: number) => `must be a text of at least ${min} characters`

// --- fetch (§1.9) --------------------------------------------------------------------------------
export const FETCH_INPUT_MISSING = 'Provide uri or a non-empty uris array'
export const fetchInvalidUri = (uri: string) => `Invalid URI (must start with ${III_URI_PREFIX}): ${uri}`

// --- URI parsing (§2.1) --------------------------------------------------------------------------
export const uriMissingScheme = (uri: string) => `Resource URI must start with ${III_URI_PREFIX}: ${uri}`
export const uriEmptyId = (uri: string) => `Empty resource id: ${uri}`
export const uriEmptySegments = (uri: string) =>
  `Resource URI may not contain empty segments (no leading, trailing, or doubled '/'): ${uri}`
export const uriSectionMissingPath = (uri: string) =>
  `Section URI '${III_URI_PREFIX}fn' is missing a function path: expected ${SECTION_URI_PREFIX}{a}/{b}/...: ${uri}`
export const uriSectionSegment = (segment: string, reason: string) =>
  `invalid section URI segment ${dbg(segment)}: ${reason}`

// --- resolver and prompt dispatch (§2.3, §2.4, §5) ------------------------------------------------
export const skillNotFound = (id: string) => `Skill not found: ${id}`
export const legacyFunctionLinkHint = (path: string) => ` (function links use ${SECTION_URI_PREFIX}${path})`
export const stateGetFailed = (error: string) => `state::get: ${error}`
export const decodeStoredSkill = (id: string, error: string) => `decode stored skill ${id}: ${error}`
export const decodeStoredPrompt = (name: string, error: string) => `decode stored prompt ${name}: ${error}`
export const sectionHidden = (functionId: string) =>
  `Function '${functionId}' is in an internal namespace and cannot back a skill resource`
export const triggerFailed = (functionId: string, error: string) => `trigger ${functionId}: ${error}`
export const promptHandlerHidden = (functionId: string) =>
  `Prompt handler '${functionId}' is in an internal namespace and cannot back a prompt`
export const PROMPT_UNSUPPORTED_SHAPE =
  'prompt handler returned unsupported shape; expected string, { content }, or { messages: [...] }'
export const promptNotFound = (name: string) => `Prompt not found: ${name}`
// A handler's own messages that a real MCP client would reject (bridge §2.6, §2.7).
export const invalidPromptMessage = (path: string, expected: string) =>
  `prompt handler returned an invalid prompt message: ${path} must be ${expected}`
export const PROMPT_MESSAGE_EXPECTED = {
  object: 'an object',
  role: '"user" or "assistant"',
  content: 'one content block object (not an array or a string)',
  type: '"text", "image", "audio", "resource_link" or "resource"',
  resource: 'an object with a string uri and a string text or blob',
  string: 'a string',
  optional: (kind: string) => `${kind} or left out (not null)`,
} as const

// --- resource bounds (src/core/limits.ts): what the worker sends stays under the engine frame limit --
export const responseTooLarge = (max: number) => `response too large (more than ${max} bytes)`
export const requestTooLarge = (functionId: string, len: number, max: number) =>
  `request to ${functionId} too large (${len} bytes; max ${max})`
export const inFlightLimit = (max: number) =>
  `too many calls in flight to this function (max ${max}); refusing to recurse further`
export const errorTextTruncated = (head: string, len: number) => `${head}... (error text truncated; ${len} bytes in all)`

// --- index page (§3) ----------------------------------------------------------------------------
export const indexReadFailed = (error: string) => `_Error reading skills index: ${error}_`

// --- filesystem sources (§6) ---------------------------------------------------------------------
export const readFailed = (path: string, error: string) => `read ${path}: ${error}`
export const fileEmptyBody = (path: string) => `file ${path} has empty body`
export const fileTooLarge = (path: string, len: number, max: number) => `file ${path} is too large (${len} bytes; max ${max})`
export const invalidGlob = (pattern: string, error: string) => `invalid glob ${dbg(pattern)}: ${error}`
export const notUnderPrefix = (path: string, prefix: string) => `${path} is not under prefix ${prefix}`
export const fsInvalidId = (id: string, reason: string) => `invalid id ${dbg(id)}: ${reason}`
export const fsDuplicateId = (id: string, firstPath: string) => `duplicate id ${dbg(id)} also produced by ${firstPath}`
// Frontmatter skip reasons shared by prompt files (§6.4) and skill folders (E1).
export const fsReadFailed = (error: string) => `read: ${error}`
export const FS_NO_FRONTMATTER = 'missing YAML frontmatter (expected --- ... --- block at file start)'
export const fsFrontmatterYaml = (error: string) => `invalid frontmatter YAML: ${error}`
export const fsPromptInvalidName = (name: string, reason: string) => `invalid prompt name ${dbg(name)}: ${reason}`
export const FS_NO_DESCRIPTION = 'frontmatter missing non-empty `description`'
// Skill folders (E1).
export const fsFolderNameMismatch = (name: string, segment: string) =>
  `frontmatter name ${dbg(name)} does not match folder ${dbg(segment)}`
export const FS_DESCRIPTION_TOO_LONG = 'description longer than 1024 characters'
// E5.1: warnings a served skill folder carries ("warn, but load").
export const fsInvalidSkillName = (name: string) => `frontmatter name ${dbg(name)} is not a valid skill name`
export const fsYamlRepaired = (quoted: number) => `frontmatter YAML repaired (${quoted} values quoted)`
export const fsRootCollision = (id: string, served: string, other: string) =>
  `id ${dbg(id)} is in two places: ${served} is served, ${other} is not (the first root wins)`
export const fsFolderServedAs = (name: string, segment: string) => `folder ${dbg(name)} served as ${dbg(segment)}`
export const fsDuplicateName = (name: string, firstPath: string) =>
  `duplicate name ${dbg(name)} also produced by ${firstPath}`
export const FS_SHADOWED_BY_STATE = 'collision with state-backed entry'
// Pattern errors in the Rust `glob` crate's words (the `{glob error}` of invalidGlob), plus D3 braces.
export const globSyntaxError = (position: number, reason: string) =>
  `Pattern syntax error near position ${position}: ${reason}`
export const GLOB_WILDCARDS = 'wildcards are either regular `*` or recursive `**`'
export const GLOB_RECURSIVE_WILDCARDS = 'recursive wildcards must form a single path component'
export const GLOB_INVALID_RANGE = 'invalid range pattern'
export const globTooManyAlternatives = (max: number) => `brace expansion yields more than ${max} patterns`
export const globEntryFailed = (path: string, error: string) =>
  `attempting to read \`${path}\` resulted in an error: ${error}`
// io error texts that are not OS errors (OS errors are rendered by src/fs/io-error.ts).
export const IO_INVALID_UTF8 = 'stream did not contain valid UTF-8'
export const IO_NOT_REGULAR_FILE = 'not a regular file'
export const ioFileTooLarge = (len: number, max: number) => `file is too large (${len} bytes; max ${max})`
// Prompt frontmatter decoding, in serde_yaml's words.
export const frontmatterTooLarge = (len: number, max: number) => `frontmatter too large (${len} bytes; max ${max})`
export const yamlInvalidType = (unexpected: string, expected: string) =>
  `invalid type: ${unexpected}, expected ${expected}`
export const YAML_RECURSION_LIMIT = 'recursion limit exceeded'
export const yamlDuplicateField = (field: string) => `duplicate field \`${field}\``
export const yamlFieldError = (field: string, error: string) => `${field}: ${error}`
export const yamlAt = (error: string, line: number, column: number) => `${error} at line ${line} column ${column}`
// Why the fs index cannot trust file events (logged once with LOG.fsWatchUnavailable).
export const watchUnsupportedPlatform = (platform: string) =>
  `file events are trusted only on Linux (inotify), not on ${platform}`
export const watchNoEvents = (path: string, kind: string) =>
  `${path} is on a ${kind} file system, where changes made elsewhere raise no events`

// --- Skills Protocol discovery (E2); an unknown name is `skillNotFound(name)` ----------------------
export const skillVersionNotFound = (name: string, version: string) => `Skill version not found: ${name}@${version}`
export const fileNotFound = (path: string) => `File not found: ${path}`
export const invalidSkillPath = (path: string, reason: string) => `Invalid path ${dbg(path)}: ${reason}`
export const PATH_EMPTY = 'must be non-empty'
export const PATH_ABSOLUTE = 'must be relative to the skill folder'
export const PATH_PARENT_SEGMENT = "must not contain a '..' segment"
export const PATH_BACKSLASH = 'must not contain a backslash'
export const PATH_NUL = 'must not contain a NUL character'
export const pathOutsideFolder = (path: string) => `Path resolves outside the skill folder: ${path}`
export const notAFile = (path: string) => `Not a file: ${path}`
export const skillFileTooLarge = (path: string, len: number, max: number) => `File too large: ${path} (${len} bytes; max ${max})`
export const skillFileNotUtf8 = (path: string) => `File is not valid UTF-8 text: ${path}`
export const fileChangedWhileRead = (path: string) => `File changed while it was read: ${path}`
export const invalidSkillToml = (name: string, error: string) => `Invalid skill.toml of ${name}: ${error}`
export const CURSOR_FOREIGN = 'not a cursor returned by list_skills'
export const CURSOR_OTHER_NAMESPACE = 'was returned for another namespace'
// --- E6: the MCP Skills Extension (SEP-2640) ---------------------------------------------------------
export const notPublishedInvalidName = (name: string) => `not published as an MCP skill: ${dbg(name)} is not a valid skill name`
export const notPublishedNameDiffers = (name: string, segment: string) =>
  `not published as an MCP skill: frontmatter name ${dbg(name)} differs from ${dbg(segment)}`
export const resourceNotFound = (uri: string) => `Resource not found: ${uri}`
export const notADirectory = (uri: string) => `Not a directory: ${uri}`

// --- E7: outline, sections by anchor, token budgets ------------------------------------------------
export const INVALID_CURSOR = 'Invalid cursor'
const MAX_SECTIONS_LISTED = 20
export const sectionNotFound = (anchor: string, uri: string, anchors: readonly string[]) =>
  `Section not found: ${dbg(anchor)} in ${uri}; sections: ${anchors.length === 0 ? '(none)' :
    anchors.slice(0, MAX_SECTIONS_LISTED).join(', ') + (anchors.length > MAX_SECTIONS_LISTED ? ', …' : '')}`
export const moreTokens = (n: number, uri: string, cursor: string | undefined) =>
  `[… ${n} more tokens: fetch ${uri}${cursor === undefined ? '' : ` or use skill::read_skill_file with cursor ${cursor}`}]`

export const mustBeOneOf = (values: readonly string[]) => `must be one of ${values.map((v) => dbg(v)).join(', ')}`

// --- E15: `iii-skills check` rules (E13.7: nothing found) ------------------------------------------
export const checkUnknownKey = (key: string) =>
  `frontmatter key ${dbg(key)} is not an Agent Skills field (name, description, license, compatibility, metadata, allowed-tools)`
export const checkCompatibilityTooLong = (chars: number) => `compatibility longer than 500 characters (${chars})`
export const CHECK_COMPATIBILITY_NOT_STRING = 'compatibility is not a string'
export const CHECK_MISSING_NAME = 'frontmatter has no `name`'
export const checkDescriptionMarkup = (tag: string) => `description holds a markup tag: ${tag}`
export const CHECK_DESCRIPTION_NO_WHEN = 'description does not say when to use the skill (e.g. "Use when …")'
export const checkBodyLines = (lines: number) => `body has ${lines} lines (more than 500): move details into reference files`
export const checkBodyTokens = (tokens: number) => `body has ${tokens} tokens (o200k; more than 5000): move details into reference files`
export const checkDeepReference = (file: string, target: string) =>
  `${file} links to ${target}, which SKILL.md does not link: references more than one level deep`
export const checkWindowsPath = (link: string) => `link ${dbg(link)} uses Windows path separators (\\); use /`
// 8388608 => "8 MB" (as the Agent Skills guidance writes it); 1000 => "1000 bytes"
const sizeText = (bytes: number) => (bytes % 1048576 === 0 ? `${bytes / 1048576} MB` : `${bytes} bytes`)
export const checkFileTooLarge = (file: string, bytes: number, max: number) => `file ${file} is ${bytes} bytes (more than ${sizeText(max)})`
export const checkBrokenLink = (link: string, reason: string) => `broken link ${dbg(link)}: ${reason}`
export const checkSecret = (kind: string) => `hard-coded secret: ${kind}`
export const noSkillsFound = (dir: string) => `no skills found under ${dir}`
export const hiddenSkills = (dir: string, count: number) =>
  `${dir} holds ${count} ${count === 1 ? 'skill' : 'skills'}; hidden folders are skipped: pass --skills-dir ${dir}`
export const checkRuleInvalid = (value: string) =>
  `--rule ${dbg(value)}: expected ID=off|info|warning|error, ID a rule id (SK101) or name (name-mismatch)`
export const checkRuleUnknown = (rule: string) => `--rule: no rule ${dbg(rule)}`

// --- E21: `iii-skills sync` ---------------------------------------------------------------------------
export const syncSkipped = (id: string, reason: string) => `skipped ${id}: ${reason}`
export const syncInvalidName = (name: string) => `name ${dbg(name)} is not a valid skill name`
export const syncFolderTaken = (folder: string, first: string) => `folder ${folder} already holds ${first}`
export const SYNC_FENCE_IN_FRONTMATTER = 'frontmatter holds "---", which the Agent Skills reference validator reads as its end'
export const SYNC_YAML_REPAIRED = 'frontmatter YAML does not parse as written'
export const syncNotWritten = (folder: string) => `skipped ${folder}: not written by iii-skills sync`
export const syncKeptEdited = (folder: string) => `kept ${folder}: edited since iii-skills sync wrote it`
export const syncFailed = (folder: string, reason: string) => `failed ${folder}: ${reason}`
export const syncFileChanged = (path: string) => `${path} could not be read as listed (changed or gone while it was read)`
export const syncFileTooLarge = (path: string, max: number) => `${path} is larger than ${max} bytes`
export const syncWrote = (path: string) => `wrote ${path}`
export const syncRemoved = (path: string) => `removed ${path}`
export const syncWouldWrite = (path: string) => `would write ${path}`
export const syncWouldRemove = (path: string) => `would remove ${path}`
export const syncSummary = (written: number, removed: number, unchanged: number) => `${written} written, ${removed} removed, ${unchanged} unchanged`
export const SYNC_DRY_RUN = ' (dry run: nothing changed)'
export const syncManifestUnreadable = (path: string, reason: string) => `${path} cannot be read (${reason}); fix or delete it: nothing is written without it`
export const syncToInsideRoot = (dir: string, root: string) => `--to ${dir} is inside the source root ${root}: sync would read its own output`
export const SYNC_URL_WITH_SOURCES = 'error: --url syncs the engine\'s catalogue: it takes no --config or --skills-dir'
export const syncCatalogueFailed = (reason: string) => `could not read the catalogue: ${reason}`
export const syncEngineUnreachable = (url: string, reason: string) => `no skills worker answered at ${url}: ${reason}`
export const syncWatching = (targets: number) => `watching: ${targets === 1 ? 'the folder follows' : 'the folders follow'} the catalogue until SIGTERM or SIGINT`

// --- skills::rpc: JSON-RPC 2.0 over HTTP (E2) -----------------------------------------
export const RPC_BATCH_NOT_SUPPORTED = 'Batch requests are not supported'
export const RPC_INVALID_REQUEST = 'Invalid JSON-RPC request'
export const rpcMethodNotFound = (method: string) => `Method not found: ${method}`
export const RPC_LOG = {
  bound: 'skills::rpc bound to the http trigger',
  notBound: 'rpc_api_path is empty: skills::rpc is not bound to any http trigger',
  internalError: 'skills::rpc method failed',
} as const

// --- log messages (fields are passed separately, pino style) --------------------------------------
export const LOG = {
  doorRefused: 'http request refused at the door',
  pageCrossSiteRefused: 'catalogue page request refused: sent by another site',
  pageStreamsFull: 'catalogue event stream refused: --max-sessions streams are open',
  skillFilesUnlisted: 'skill files could not be listed',
  configLoaded: (path: string) => `loaded config from ${path}`,
  configFailed: 'failed to load config, using defaults',
  triggerTypeRegistered: 'registered trigger type',
  functionsRegistered: 'skills registered 7 skills::*, 1 skill::* and 5 prompts::* functions',
  ready: 'skills ready: 13 functions + 2 custom trigger types',
  extensionsRegistered: 'skills registered extension functions',
  shuttingDown: 'skills shutting down',
  shutdownDeadline: 'shutdown did not finish in time; exiting (acknowledged state writes are on disk)',
  skillRegistered: 'skill registered',
  skillUnregister: 'skill unregister',
  promptRegistered: 'prompt registered',
  promptUnregister: 'prompt unregister',
  subscriptionRegistered: 'trigger subscription registered',
  subscriptionUnregistered: 'trigger subscription unregistered',
  fanOutFailed: 'on-change fan-out failed',
  fsSkillLoaded: 'loaded fs-backed skill',
  fsSkillWarning: 'fs skill served with a warning',
  skillRootServed: 'serving the Agent Skills folders of a standard root (no config given)',
  noSkillRoots: 'no config given and no standard skills root exists: no fs skills served',
  fsPromptLoaded: 'loaded fs-backed prompt',
  fsEntrySkipped: 'skipped fs entry',
  fsScanComplete: 'fs source scan complete',
  fsShadowScanFailed: 'could not list state scopes to find shadowed fs entries',
  globEntryError: 'glob entry error; skipping',
  deriveIdFailed: 'derive id failed; skipping',
  fsWatchUnavailable: 'fs watch unavailable; re-reading fs sources on every call',
  fsChangesFailed: 'fs change notification failed',
  fsEventsLost: 'fs watch events may have been lost (inotify queue full); re-reading every fs source',
  fsPromptIgnoresArguments: 'fs prompt ignoring caller-supplied arguments (no templating)',
  connecting: 'connecting to iii engine',
  cataloguePage: 'catalogue page (open it in a browser)',
  embeddedIgnoresUrl: 'ignoring --url/III_URL: --embedded connects to its own engine',
  registryCacheOn: 'registry cache on: the state trigger binding is live on this connection',
  registryCacheOff: 'registry cache off: the state trigger binding is not confirmed; reading state on every call',
  registryCacheConfigured: 'registry cache enabled: listings at most max_staleness_ms old (sooner on state trigger reports); single reads always ask state',
  registryCacheDisabled: 'registry cache disabled by config (cache.enabled: false): every call reads state',
} as const
