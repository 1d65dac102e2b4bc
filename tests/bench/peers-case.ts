/**
 * `npm run bench -- --peers [--skilljack DIR]` (E16.4, E19.1): this project against a plain server on the
 * MCP TypeScript SDK v2's own skills catalogue (peer-server.ts, built from the npm registry's
 * `@modelcontextprotocol/server`) and, with `--skilljack DIR`, skilljack-mcp built from its source in DIR
 * (skilljack-peer.ts), all launched over stdio by one client on the same folder: the 17 real skills of
 * tests/fixtures/real-17 and generated folders of 1,000 and 10,000 skills. In every round each server
 * runs one session (stdio-session.ts), the order rotating round by round; an untimed session of each
 * first warms the page cache.
 * The SDK peer runs as a user would install it: `@modelcontextprotocol/server` alone in a folder of its own.
 * (From this project's node_modules it would be slower to start: there its SDK packages each carry a
 * copy of zod 4 beside this project's zod 3.)
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { renderPeers, type PeerRound, type PeerSize } from './peers-report.js'
import { buildSkilljack, skilljackUri, skilljackVersion } from './skilljack-peer.js'
import { timeSession, type SessionFigures } from './stdio-session.js'
import { REPOSITORY } from '../support/corpora.js'
import { skillBody } from './fixtures.js'

/** The peer's package version as installed (the lockfile pins it). */
const PEER_VERSION = (JSON.parse(readFileSync(join(REPOSITORY, 'node_modules/@modelcontextprotocol/server/package.json'), 'utf8')) as { version: string }).version
export const PEER_NAME = `SDK v2 \`ext/skills\` peer (@modelcontextprotocol/server ${PEER_VERSION})`
const OURS = 'this project'
const REAL_SKILLS = join(REPOSITORY, 'tests/fixtures/real-17/skills')
const SESSION_TIMEOUT_MS = 120_000
/** Generated skills: a 1 KiB SKILL.md and a reference file each. */
const GENERATED_BYTES = 1024

export interface PeersBench {
  tmp: string
  quick: boolean
  /** skilljack-mcp's source folder: built there and measured as a second peer. */
  skilljack?: string
  log(line: string): void
}

/** One server of the comparison: how it is launched on a folder, and the URIs its complete listing names. */
interface Server {
  /** A short name for the tables. */
  name: string
  /** What it is, for the table's legend. */
  described: string
  args(folder: Folder): string[]
  expected(folder: Folder): string[]
}

interface Folder {
  label: string
  root: string
  names: string[]
  rounds: number
}

export async function benchPeers(bench: PeersBench): Promise<string> {
  const folders: Folder[] = [
    { label: '17 real skills', root: REAL_SKILLS, names: await skillFolders(REAL_SKILLS), rounds: bench.quick ? 1 : 7 },
    await generated(bench.tmp, 1000, bench.quick ? 1 : 5),
    ...(bench.quick ? [] : [await generated(bench.tmp, 10_000, 3)]),
  ]
  const skillMd = (folder: Folder) => folder.names.map((name) => `skill://${name}/SKILL.md`)
  const peerServer = await installPeer(bench)
  const servers: Server[] = [
    { name: OURS, described: 'node dist/src/main.js --stdio --skills-dir <folder>', args: (folder) => [join(REPOSITORY, 'dist/src/main.js'), '--stdio', '--skills-dir', folder.root], expected: skillMd },
    { name: 'SDK v2 peer', described: PEER_NAME, args: (folder) => [peerServer, folder.root], expected: skillMd },
  ]
  if (bench.skilljack === undefined) bench.log('peers: skilljack-mcp not measured (give its source folder with --skilljack DIR, E19.1)')
  else {
    const entry = buildSkilljack(bench.skilljack, bench.log)
    servers.push({
      name: 'skilljack-mcp',
      described: `skilljack-mcp ${skilljackVersion(bench.skilljack)}, built from its source in ${bench.skilljack}`,
      args: (folder) => [entry, folder.root],
      expected: (folder) => folder.names.map((name) => skilljackUri(join(folder.root, name))),
    })
  }
  const sizes: PeerSize[] = []
  for (const folder of folders) {
    const run = (server: Server) => session(bench.tmp, server.args(folder), server.expected(folder))
    for (const server of servers) await run(server)
    const rounds: PeerRound[] = []
    for (let round = 0; round < folder.rounds; round++) {
      // The order rotates round by round, so each server goes first in turn.
      const order = servers.map((_, i) => servers[(i + round) % servers.length] as Server)
      const figures = new Map<string, SessionFigures>()
      for (const server of order) figures.set(server.name, await run(server))
      const ours = figures.get(OURS) as SessionFigures
      const peers = Object.fromEntries(servers.slice(1).map((s) => [s.name, figures.get(s.name) as SessionFigures]))
      rounds.push({ ours, peers })
      bench.log(`peers ${folder.label} round ${round + 1} (${order.map((s) => s.name).join(', ')}): ` +
        servers.map((s) => describe(s.name, figures.get(s.name) as SessionFigures)).join('; '))
    }
    sizes.push({ label: folder.label, skills: folder.names.length, rounds })
  }
  const legend = servers.map((s) => `- ${s.name}: ${s.described}`).join('\n')
  return `${legend}\n\n${renderPeers(sizes, servers.slice(1).map((s) => s.name))}`
}

function describe(name: string, f: SessionFigures): string {
  return `${name}: initialize ${f.initializeMs.toFixed(0)}, listed ${f.firstListMs.toFixed(0)} ms after start, ` +
    `read ${f.readAllMs.toFixed(0)} ms, peak RSS ${mib(f.peakRssBytes)} MiB, CPU ${f.cpuMs.toFixed(0)} ms`
}

/** peer-server.js beside its own install of the SDK's pinned version, from the npm registry. */
async function installPeer(bench: PeersBench): Promise<string> {
  const dir = join(bench.tmp, 'peer')
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'sdk-v2-skills-peer', private: true, type: 'module' }))
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `@modelcontextprotocol/server@${PEER_VERSION}`], { cwd: dir, stdio: 'ignore' })
  await copyFile(join(REPOSITORY, 'dist/tests/bench/peer-server.js'), join(dir, 'peer-server.js'))
  bench.log(`peers: ${PEER_NAME} installed alone in ${dir}`)
  return join(dir, 'peer-server.js')
}

function session(cwd: string, args: string[], expected: readonly string[]): Promise<SessionFigures> {
  // A desktop client's environment: nothing that selects another mode (III_URL) or quiets the server.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'III_URL' && k !== 'LOG_LEVEL' && !k.startsWith('OTEL_')))
  return timeSession({ command: process.execPath, args, env, cwd, expected, timeoutMs: SESSION_TIMEOUT_MS })
}

async function skillFolders(root: string): Promise<string[]> {
  return (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort()
}

/** `count` skill folders, `skill-00042/SKILL.md` (frontmatter and a 1 KiB body) and `references/guide.md`. */
async function generated(tmp: string, count: number, rounds: number): Promise<Folder> {
  const root = join(tmp, `peers-${count}`)
  const names: string[] = []
  for (let i = 0; i < count; i++) {
    const name = `skill-${String(i).padStart(5, '0')}`
    names.push(name)
    await mkdir(join(root, name, 'references'), { recursive: true })
    await writeFile(join(root, name, 'SKILL.md'), `---\nname: ${name}\ndescription: Generated skill ${i}. Use when comparing MCP servers of skills.\n---\n${skillBody(i, GENERATED_BYTES)}`)
    await writeFile(join(root, name, 'references', 'guide.md'), `# Guide ${i}\n\n${'Some guidance for this skill. '.repeat(20)}\n`)
  }
  return { label: count.toLocaleString('en-US'), root, names, rounds }
}

function mib(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1)
}
