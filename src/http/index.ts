/**
 * The face of src/http/: everything other folders import from it, and nothing else
 * (tests/architecture.test.ts holds every cross-folder import to a face).
 */
export { TOKEN_ENV, bearerHeaders, readAuthToken } from './auth-token.js'
export { DEFAULT_MAX_OPEN, OpenCount } from './capacity.js'
export { readAgentTokens } from './auth-tokens.js'
export { Door, LOOPBACK_DOOR, type AgentToken, type DoorRules } from './door.js'
export { refusedAtDoor } from './guard.js'
export { listenHttp, listenerUrl } from './listen.js'
export { createServer, validateHeaderName, validateHeaderValue } from './node-http.js'
export { isAllowedOrigin } from './origin.js'
export { readRequestBody } from './request-body.js'
