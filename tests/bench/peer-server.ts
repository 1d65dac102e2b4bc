/**
 * The peer of `npm run bench -- --peers` (E16.4): a plain MCP server on the TypeScript SDK v2's own
 * skills catalogue (`@modelcontextprotocol/server` `ext/skills`, SEP-2640), serving one folder of
 * skill folders over stdio, as a user would write it in twenty lines.
 *
 *   node dist/tests/bench/peer-server.js <folder>
 */
import { McpServer } from '@modelcontextprotocol/server'
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio'
import { loadSkills } from '@modelcontextprotocol/server/ext/skills/node'

const folder = process.argv[2]
if (folder === undefined) {
  process.stderr.write('usage: peer-server <skills folder>\n')
  process.exit(2)
}
const skills = await loadSkills(folder)
const server = new McpServer({ name: 'sdk-v2-skills-peer', version: '1.0.0' })
skills.attach(server)
await server.connect(new StdioServerTransport())
