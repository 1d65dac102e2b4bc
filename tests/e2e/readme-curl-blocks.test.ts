/**
 * Every `sh` block of README.md and its guides (docs/, E22.5) that calls `curl` on http://127.0.0.1:3111,
 * run as written (in the guides' order, README first, in one bash, so a block may use the `$SESSION` an
 * earlier one opened) against
 * `--embedded` over the demo catalogue, with only the port changed. A block's expected output is
 * its `# …` lines that follow a command (a line ending in ` …` may go on, over more lines), else the `text` block right
 * after it; a block with neither must print something and no JSON-RPC error.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CONFIG, embeddedUrls, REPO_ROOT, spawnSkills, stopAllChildren } from '../support/processes.js'
import { readmeAndGuides } from '../support/guides.js'

/** README, then the guides in the order README's guide table lists them (tests/support/guides.ts). */
const DOCS = readmeAndGuides().map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }))
const MARKER = '@@readme-block'

interface Block { line: string; script: string; expected: string[] | undefined }

function curlBlocks(path: string, markdown: string): Block[] {
  const blocks: Block[] = []
  const fence = /```sh\n([\s\S]*?)```(?:\n\n```text\n([\s\S]*?)```)?/g
  for (const match of markdown.matchAll(fence)) {
    const script = match[1] as string
    if (!script.includes('curl') || !script.includes('127.0.0.1:3111')) continue
    const comments = expectedComments(script)
    blocks.push({
      line: `${path}:${markdown.slice(0, match.index).split('\n').length}`,
      script,
      expected: comments.length > 0 ? comments : match[2]?.trimEnd().split('\n'),
    })
  }
  return blocks
}

// The full-line `# ` comments that come after a command (what it prints), not those before any.
function expectedComments(script: string): string[] {
  const lines = script.split('\n')
  const first = lines.findIndex((l) => l.trim() !== '' && !l.startsWith('#'))
  return lines.slice(first).filter((l) => l.startsWith('# ')).map((l) => l.slice(2))
}

// "x …" stands for a line starting with "x" and any lines after it, up to the next expected line.
function matches(actual: string[], expected: string[]): boolean {
  let at = 0
  for (const [k, line] of expected.entries()) {
    const elided = line.endsWith(' …')
    if (elided ? !(actual[at] ?? '').startsWith(line.slice(0, -2)) : actual[at] !== line) return false
    at++
    if (elided) {
      const next = expected[k + 1]
      while (at < actual.length && actual[at] !== next) at++
    }
  }
  return at === actual.length
}

const blocks = DOCS.flatMap(({ path, text }) => curlBlocks(path, text))
let outputs: string[]

beforeAll(async () => {
  const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', DEMO_CONFIG])
  const port = new URL((await embeddedUrls(skills)).mcpUrl).port
  const script = blocks.map((b) => `echo ${MARKER}\n${b.script.replaceAll('127.0.0.1:3111', `127.0.0.1:${port}`)}`).join('\n')
  const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: REPO_ROOT, timeout: 30_000 })
  outputs = stdout.split(`${MARKER}\n`).slice(1)
}, 60_000)

afterAll(stopAllChildren)

describe('the curl examples of README.md and its guides, run as written', () => {
  it('finds the blocks (the MCP session quickstart, the mcp() helper, JSON-RPC over HTTP, search)', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4)
    expect(outputs).toHaveLength(blocks.length)
  })

  it.each(blocks.map((b, i) => [b.line, i] as const))('the block at %s prints what the guide says', (_, i) => {
    const block = blocks[i] as Block
    const printed = (outputs[i] as string).trimEnd().split('\n')
    if (block.expected === undefined) {
      expect(printed.join('\n')).not.toBe('')
      expect(printed.join('\n')).not.toMatch(/"error"|No valid session ID/)
    } else {
      expect(matches(printed, block.expected), `printed:\n${printed.join('\n')}\nREADME:\n${block.expected.join('\n')}`).toBe(true)
    }
  })
})
