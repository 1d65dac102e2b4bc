/** The MCP front: the HTTP endpoint, stdio, the change hub and feed, and the backends they need. */
export { DEFAULT_HOST, DEFAULT_PATH, DEFAULT_PORT, notFoundRoute, startMcpHttp } from './http-server.js'
export { DEFAULT_SERVER_VERSION, PROTOCOL_VERSION } from './methods.js'
export { createMcpFront, type FrontPart, type McpFront, type McpFrontOptions } from './front.js'
export { viewBackend } from './view-backend.js'
export { startMcpStdio, type McpStdioServer } from './stdio-server.js'
export { sdkBackend } from './sdk-backend.js'
export type { CachePolicy } from './cache-hints.js'
export type { FunctionSummary, HttpRoute, McpBackend, McpHttpOptions, McpHttpServer } from './types.js'

