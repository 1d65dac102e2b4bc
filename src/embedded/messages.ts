/**
 * Every text the embedded engine puts on the wire or in its logs, defined once. Wire texts are the
 * real iii engine 0.22.1's (spec protocol §1.3, §1.4, §3, §4): SDKs and workers match on
 * them. They live here rather than in core/messages.ts because they belong to the engine, not to
 * the skills worker.
 */

// --- wire error bodies (§1.4) --------------------------------------------------------------------
export const FUNCTION_NOT_FOUND = 'function_not_found'
export const functionNotFound = (functionId: string) => `Function ${functionId} not found`
export const INVOCATION_FAILED = 'invocation_failed'
export const INVOCATION_STOPPED = 'invocation_stopped'
export const INVOCATION_STOPPED_MESSAGE = 'Invocation stopped'
export const ENQUEUE_ERROR = 'enqueue_error'
const ENQUEUE_PROVIDER = 'engine::queue::enqueue'
// The middle sentence is filled in from the engine source (the spec elides it with "…").
export const enqueueNoProvider = () =>
  'No queue provider is installed. `TriggerAction::Enqueue` routes through the ' +
  `\`${ENQUEUE_PROVIDER}\` provider, which the standalone queue worker registers. ` +
  `Add it with \`iii worker add queue\`. (underlying: ${functionNotFound(ENQUEUE_PROVIDER)})`
export const DESERIALIZATION_ERROR = 'deserialization_error'
export const deserializationFailed = (functionId: string, reason: string) =>
  `Failed to deserialize input for ${functionId}: ${reason}`
export const TIMEOUT = 'TIMEOUT'
export const invocationTimedOut = (ms: number) => `invocation timed out after ${ms}ms`
export const TRIGGER_REGISTRATION_FAILED = 'trigger_registration_failed'

// --- engine::functions::info (§4) ------------------------------------------------------------------
export const INVALID_ARGUMENTS = 'INVALID_ARGUMENTS'
export const FUNCTION_INFO_ONE_OF = 'Exactly one of `function_id` or `function_ids` must be set.'
export const functionInfoTooMany = (count: number, max: number) =>
  `\`function_ids\` has ${count} entries; at most ${max} are allowed.`
export const NOT_FOUND = 'NOT_FOUND'
export const functionNotRegistered = (functionId: string) => `Function '${functionId}' is not registered.`

// --- the state file (--state-file) -------------------------------------------------------------------
export const stateFileUnreadable = (path: string, reason: string) =>
  `cannot start: state file ${path} cannot be read (${reason}); it was left untouched`
export const stateFileInUse = (path: string, pid: number | undefined) =>
  `cannot start: state file ${path} is in use by another process${pid === undefined ? '' : ` (pid ${pid})`}`
export const stateFileWriteFailed = (path: string, reason: string) =>
  `state file ${path}: write failed (${reason}); state writes are refused until restart`
export const stateFileClosed = (path: string) => `state file ${path} is closed`

// --- log messages ----------------------------------------------------------------------------------
export const LOG_LISTENING = 'embedded iii engine listening'
export const LOG_STOPPED = 'embedded iii engine stopped'
export const LOG_STATE_IN_MEMORY = 'no state file configured: state is kept in memory and lost on exit'
export const LOG_STATE_LOADED = 'state loaded from file'
export const LOG_STATE_SAVE_FAILED = 'failed to persist state: later state writes are refused until restart'
export const LOG_STATE_TORN_TAIL = 'state file: dropped a torn last record left by a crash (never acknowledged)'
export const LOG_STATE_CONVERTED = 'state file: converted a version 1 file to a journal (original kept as backup)'
export const LOG_STATE_COMPACTED = 'state file: journal compacted'
export const LOG_WORKER_CONNECTED = 'worker connected'
export const LOG_WORKER_DISCONNECTED = 'worker disconnected'
export const LOG_WORKER_REATTACHED = 'worker reattached: retired previous connection'
export const LOG_REATTACH_REJECTED = 'reattach token mismatch: previous connection kept'
export const LOG_FRAME_DROPPED = 'json decode error: frame dropped'
export const LOG_UPGRADE_REJECTED = 'websocket upgrade rejected: unknown path'
export const LOG_UPGRADE_ORIGIN_REFUSED = 'websocket upgrade refused: a browser page of another origin'
export const LOG_UPGRADE_HOST_REFUSED = 'websocket upgrade refused: Host is not one this listener answers to'
export const LOG_UPGRADE_TOKEN_REFUSED = 'websocket upgrade refused: missing or wrong bearer token'
export const UPGRADE_FORBIDDEN = 'Forbidden'
// The iii engine's RBAC refusal (protocol §1.3): the code is the wire's, the message ours.
export const AUTH_ERROR = 'AUTH_ERROR'
export const AUTH_ERROR_MESSAGE = 'authentication failed: send Authorization: Bearer <token>'
export const LOG_FUNCTION_OVERWRITTEN = 'function re-registered by another worker: last writer wins'
export const LOG_BUILTIN_PROTECTED = 'registration of a built-in id ignored'
export const LOG_TRIGGER_PARKED = '[PENDING] trigger was NOT activated: its trigger type is not registered'
export const LOG_TRIGGER_REGISTRATION_FAILED = 'trigger registration failed: binding parked'
export const LOG_VOID_CALL_FAILED = 'fire-and-forget invocation failed'
export const LOG_STATE_TRIGGER_FAILED = 'error invoking state trigger handler'
export const LOG_FUNCTIONS_TRIGGER_FAILED = 'error invoking functions-available trigger handler'
export const LOG_UNKNOWN_INVOCATION = 'invocation result for an unknown invocation ignored'
export const LOG_SEND_FAILED = 'failed to send frame to worker'

// --- the `http` trigger type (iii-http, engine src/workers/rest_api) --------------------------------
export const HTTP_WORKER = 'iii-http'
export const HTTP_TRIGGER_DESCRIPTION = 'HTTP API trigger'
export const API_PATH_REQUIRED = 'api_path is required for http triggers'
export const routeConflict = (method: string, path: string, existing: string) =>
  `Route '${method} ${path}' conflicts with already-registered route '${method} ${existing}': ` +
  'routes with identical structure but different path-parameter names are not supported'
/** `{"error":{code,message,error_id?}}`: the engine's envelope for every error it raises itself. */
export const HTTP_NOT_FOUND = { code: 'NOT_FOUND', message: 'Not Found' }
// The next three have no counterpart in iii-http (it reads any body as null and has no cap or
// origin check); same envelope, our codes.
export const HTTP_BAD_JSON = { code: 'BAD_REQUEST', message: 'Request body is not valid JSON' }
export const httpBodyTooLarge = (limit: number) => ({ code: 'PAYLOAD_TOO_LARGE', message: `Request body larger than ${limit} bytes` })
export const HTTP_FORBIDDEN = { code: 'FORBIDDEN', message: 'Forbidden' }
/** iii-http's answer when the handler task itself fails. */
export const HTTP_INTERNAL_ERROR = { code: 'INTERNAL_ERROR', message: 'internal server error' }
export const LOG_HTTP_ROUTE_REGISTERED = '[REGISTERED] http endpoint'
export const LOG_HTTP_ROUTE_UNREGISTERED = 'http endpoint unregistered'
export const LOG_HTTP_METHOD_UNSUPPORTED = 'unsupported HTTP method: the endpoint is never served'
export const LOG_HTTP_ROUTE_NOT_FOUND = 'http route not found'
export const LOG_HTTP_HANDLER_FAILED = 'http trigger handler failed'
export const LOG_HTTP_HANDLER_TIMEOUT = 'http trigger handler timed out'
export const LOG_HTTP_HEADER_SKIPPED = 'skipping invalid response header'
export const LOG_HTTP_ORIGIN_REFUSED = 'http trigger request from a non-loopback browser origin; refused'
export const LOG_HTTP_BODY_TOO_LARGE = 'http trigger request body too large; rejected'
export const LOG_HTTP_CLIENT_ABORTED = 'http client went away before the reply'
export const LOG_HTTP_LISTENING = 'embedded http triggers listening'
export const LOG_HTTP_SERVER_ERROR = 'http trigger listener error'
