/** The embedded MCP endpoint: `startMcpHttp` and the backend it needs. */
export { DEFAULT_HOST, DEFAULT_PATH, DEFAULT_PORT, startMcpHttp } from './http-server.js'
export { DEFAULT_SERVER_VERSION, PROTOCOL_VERSION } from './methods.js'
export type { FunctionSummary, McpBackend, McpHttpOptions, McpHttpServer } from './types.js'
