/**
 * `npm run bench -- --peers` (E16.4): this project against a plain server on the MCP TypeScript SDK
 * v2's own skills catalogue (peer-server.ts, built from the npm registry's `@modelcontextprotocol/server`),
 * both launched over stdio by one client on the same folder: the 17 real skills of
 * tests/fixtures/real-17 and generated folders of 1,000 and 10,000 skills. In every round each server
 * runs one session (stdio-session.ts), in alternating order; an untimed pair first warms the page cache.
 * skilljack-mcp, the other peer E16 names, is not on the npm registry, so it is not measured.
 * The peer runs as a user would install it: `@modelcontextprotocol/server` alone in a folder of its own.
 * (From this project's node_modules it would be slower to start: there its SDK packages each carry a
 * copy of zod 4 beside this project's zod 3.)
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { renderPeers, type PeerRound, type PeerSize } from './peers-report.js'
import { timeSession, type SessionFigures } from './stdio-session.js'
import { REPOSITORY } from '../support/corpora.js'
import { skillBody } from './fixtures.js'

/** The peer's package version as installed (the lockfile pins it). */
const PEER_VERSION = (JSON.parse(readFileSync(join(REPOSITORY, 'node_modules/@modelcontextprotocol/server/package.json'), 'utf8')) as { version: string }).version
export const PEER_NAME = `SDK v2 \`ext/skills\` peer (@modelcontextprotocol/server ${PEER_VERSION})`
const REAL_SKILLS = join(REPOSITORY, 'tests/fixtures/real-17/skills')
const SESSION_TIMEOUT_MS = 120_000
/** Generated skills: a 1 KiB SKILL.md and a reference file each. */
const GENERATED_BYTES = 1024

export interface PeersBench {
  tmp: string
  quick: boolean
  log(line: string): void
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
  const peerServer = await installPeer(bench)
  const sizes: PeerSize[] = []
  for (const folder of folders) {
    const expected = folder.names.map((name) => `skill://${name}/SKILL.md`)
    const ours = () => session(bench.tmp, [join(REPOSITORY, 'dist/src/main.js'), '--stdio', '--skills-dir', folder.root], expected)
    const peer = () => session(bench.tmp, [peerServer, folder.root], expected)
    await ours()
    await peer()
    const rounds: PeerRound[] = []
    for (let round = 0; round < folder.rounds; round++) {
      const first = round % 2 === 0 ? ours : peer
      const second = first === ours ? peer : ours
      const a = await first()
      const b = await second()
      const r = first === ours ? { ours: a, peer: b } : { ours: b, peer: a }
      rounds.push(r)
      bench.log(`peers ${folder.label} round ${round + 1}: initialize ${r.ours.initializeMs.toFixed(0)} vs ${r.peer.initializeMs.toFixed(0)} ms, ` +
        `list ${r.ours.listMs.toFixed(0)} vs ${r.peer.listMs.toFixed(0)} ms, read ${r.ours.readAllMs.toFixed(0)} vs ${r.peer.readAllMs.toFixed(0)} ms, ` +
        `peak RSS ${mib(r.ours.peakRssBytes)} vs ${mib(r.peer.peakRssBytes)} MiB, CPU ${r.ours.cpuMs.toFixed(0)} vs ${r.peer.cpuMs.toFixed(0)} ms`)
    }
    sizes.push({ label: folder.label, skills: folder.names.length, rounds })
  }
  return renderPeers(sizes, PEER_NAME)
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
