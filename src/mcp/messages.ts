/**
 * Every JSON-RPC error text and log message of the embedded MCP endpoint. The error texts are the
 * `mcp` bridge v0.5.8's own (spec bridge §1.9): clients and the BDD suite match on them.
 */
import { iiiUri, INDEX_URI, SKILL_FILE, skillFileUri } from '../core/index.js'

// --- JSON-RPC error messages ------------------------------------------------------------------
export const PARSE_ERROR = 'Parse error'
export const BATCH_NOT_SUPPORTED = 'Batch requests are not supported'
export const INVALID_REQUEST = 'Invalid JSON-RPC request'
export const methodNotFound = (method: string) => `Method not found: ${method}`
export const TOOL_NAME_REQUIRED = 'tools/call requires a non-empty string name'
export const TOOL_NAME_HIDDEN = 'tool name resolves to a hidden iii function id'
/** E18.2, full profile: a `tools/call` name that `tools/list` does not show (the MCP specification's -32602). */
export const unknownTool = (name: string) => `Unknown tool: ${name}`
/** Full profile: resources/subscribe and resources/unsubscribe without a string `uri`. */
export const uriRequired = (method: string) => `${method} requires a string uri`
/** A `skills/list` or (full profile) `resources/list` cursor this server did not hand out. */
export const INVALID_SKILLS_CURSOR = 'Invalid cursor'
export const notAServedSkill = (uri: string) => `Not a served skill: ${uri}`
/** Logged only: a change check whose view did not answer in time. */
export const viewTimedOut = (ms: number) => `no answer within ${ms} ms`

/** iii-sdk's (Rust) `Error::Remote` display, which the bridge forwards verbatim. */
export const remoteError = (code: string, message: string) => `remote error (${code}): ${message}`

// --- E12.6: what an agent sees first (full profile, both revisions) ----------------------------------
/** A tool as the instructions name it: what it is for (E22.1: from its function's definition). */
export interface InstructedTool {
  name: string
  role: 'find' | 'read'
  hint: string
}

const toolList = (tools: readonly InstructedTool[], role: InstructedTool['role']) =>
  tools.filter((tool) => tool.role === role).map((tool) => `${tool.name} (${tool.hint})`).join(', ')

/** The server `instructions`: what it holds, how to find and read it (at most ~1,500 characters). */
/** `skills` undefined: the count is not known yet (E19.3: the first scan of a large tree is still running). */
export const serverInstructions = (skills: number | undefined, tools: readonly InstructedTool[]) => [
  skills === undefined
    ? `iii-skills serves skills (resources/list lists them): markdown instructions for agents, each at ${iiiUri('{id}')}.`
    : `iii-skills serves ${skills} skill${skills === 1 ? '' : 's'}: markdown instructions for agents, each at ${iiiUri('{id}')}.`,
  `Find one: read ${INDEX_URI} (the index, one line per skill), or call ${toolList(tools, 'find')}.`,
  `Read one: resources/read ${iiiUri('{id}')} (the whole skill), or call ${toolList(tools, 'read')}.`,
  'The `skill` prompt puts a skill into the conversation by name (its argument completes skill ids).',
  `The Skills Extension (SEP-2640) lists the same skills as ${skillFileUri('{name}', SKILL_FILE)} (skills/list).`,
  'Lists change as skills are registered or files edited: listen for list_changed and resources/updated.',
].join('\n')
/** The `skill` prompt (E12.6): for clients that show prompts as slash commands. */
export const SKILL_PROMPT = {
  name: 'skill',
  title: 'Load a skill',
  description: 'Put one skill into the conversation: its whole markdown, as a resource. The name completes skill ids.',
  argument: `The skill id (as in ${iiiUri('{id}')}); completion lists the ids that start with what you typed.`,
} as const
export const skillPromptAsk = (id: string) => `Use the skill ${id} for what follows.`
export const skillPromptNameRequired = 'prompts/get skill requires the argument name'

// --- full profile over HTTP: session errors (the SDK transport's own texts) ----------------------
export const SESSION_REQUIRED = 'Bad Request: No valid session ID provided'
export const SESSION_NOT_FOUND = 'Session not found'

// --- plain HTTP replies (outside JSON-RPC) ---------------------------------------------------------
export const HTTP_NOT_FOUND = 'Not Found'
export const HTTP_FORBIDDEN = 'Forbidden'
export const HTTP_METHOD_NOT_ALLOWED = 'Method Not Allowed'
export const HTTP_PAYLOAD_TOO_LARGE = 'Payload Too Large'
export const HTTP_INTERNAL_ERROR = 'Internal Server Error'

// --- log messages (fields passed separately, pino style) ---------------------------------------
export const LOG = {
  listening: 'mcp endpoint listening',
  closed: 'mcp endpoint closed',
  originRefused: 'mcp request from a non-loopback browser origin; refused',
  sessionsFull: 'mcp session refused: --max-sessions sessions are open, every one busy',
  sessionEvicted: 'mcp session closed to make room: --max-sessions sessions were open and it was idle longest',
  streamsFull: 'mcp event stream refused: --max-sessions streams are open',
  bodyTooLarge: 'mcp request body too large; rejected',
  clientAborted: 'mcp client went away before the reply',
  delegateFailed: 'mcp delegate call failed',
  toolCallFailed: 'mcp tool call failed',
  routeFailed: 'mcp request handling failed',
  serverError: 'mcp http server error',
  listChanged: 'mcp list changed; notifying sessions',
  resourceUpdated: 'mcp resource updated; notifying subscribers',
  changeCheckFailed: 'mcp change check could not read the current view',
  notifyFailed: 'mcp notification could not be sent',
  sessionOpened: 'mcp session opened',
  sessionClosed: 'mcp session closed',
  sessionExpired: 'mcp session idle too long; closed',
  transportError: 'mcp transport error',
  changeFeedBound: 'mcp change feed bound to the engine',
  changeEventIgnored: 'mcp change event not understood; checking everything',
  stdioStarted: 'mcp serving on stdio',
  stdioClosed: 'mcp stdin closed',
} as const
