/**
 * skilljack-mcp as a peer of `npm run bench -- --peers --skilljack DIR` (E19.1): DIR holds its public
 * source (olaservo/skilljack-mcp; nothing of it is in this repository). The bench installs its
 * dependencies from the npm registry and runs its own build script there, then launches
 * `node DIR/dist/index.js <folder>`. It lists a skill's SKILL.md as `skill://<name>` (the frontmatter's
 * name, URI-encoded), so a complete listing is checked against those URIs.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export function buildSkilljack(dir: string, log: (line: string) => void): string {
  const root = resolve(dir)
  if (!existsSync(join(root, 'package.json'))) throw new Error(`--skilljack ${dir}: no package.json (expected skilljack-mcp's source)`)
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? '?'
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, stdio: 'ignore' })
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' })
  log(`peers: skilljack-mcp ${version} built in ${root}`)
  return join(root, 'dist/index.js')
}

export function skilljackVersion(dir: string): string {
  return (JSON.parse(readFileSync(join(resolve(dir), 'package.json'), 'utf8')) as { version?: string }).version ?? '?'
}

/** The `name:` of a SKILL.md's frontmatter (the generated and real skills write it on one line). */
export function frontmatterName(text: string): string | undefined {
  const end = text.startsWith('---') ? text.indexOf('\n---', 3) : -1
  if (end < 0) return undefined
  const match = /^name:\s*["']?(.+?)["']?\s*$/m.exec(text.slice(3, end))
  return match?.[1]
}

export function skilljackUri(skillFolder: string): string {
  const text = readFileSync(join(skillFolder, 'SKILL.md'), 'utf8')
  const name = frontmatterName(text)
  if (name === undefined) throw new Error(`${skillFolder}/SKILL.md: no name`)
  return `skill://${encodeURIComponent(name)}`
}
