/**
 * The MCP profiles (§ MCP bridge; E1). `full` (default): MCP on the official SDK v2, both revisions:
 * 2025-11-25 with sessions, the GET SSE stream and subscriptions, 2026-07-28 stateless with listen
 * streams; change notifications. `bridge`: exactly what the iii `mcp` worker v0.5.8 serves.
 * Here rather than in src/mcp so the command line can offer them without loading the MCP front and its SDK.
 */
export type McpProfile = 'full' | 'bridge'
export const MCP_PROFILES: readonly McpProfile[] = ['full', 'bridge']
