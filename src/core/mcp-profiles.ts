/**
 * The MCP profiles (§ MCP bridge; E1): `full` (this worker's MCP surface, the default) and `bridge`
 * (the upstream mcp worker v0.5.8's, exact). Here rather than in src/mcp so the command line can offer
 * them without loading the MCP front and its SDK.
 */
export type McpProfile = 'full' | 'bridge'
export const MCP_PROFILES: readonly McpProfile[] = ['full', 'bridge']
