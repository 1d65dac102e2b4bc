/**
 * Code comments cite the contract by label (docs/contract.md): every `§6.7`, `D8`, `E5.1`,
 * `bridge §2.6` or `protocol §3` in src/ must be a heading there, and no comment may point at a
 * document the repository does not have.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const CONTRACT = readFileSync(join(ROOT, 'docs', 'contract.md'), 'utf8')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [])
}

const SOURCES = sourceFiles(join(ROOT, 'src')).map((path) => ({ path: path.slice(ROOT.length + 1), text: readFileSync(path, 'utf8') }))
const HEADINGS = CONTRACT.split('\n').filter((line) => line.startsWith('#'))
const LABEL = /§\d+(?:\.\d+)*|\bD\d{1,2}\b|\bE\d{1,2}(?:\.\d+)?\b/g

const defined = new Set(HEADINGS.flatMap((heading) => heading.match(LABEL) ?? []))

describe('citations of the contract in src/', () => {
  it('name only labels that are headings of docs/contract.md', () => {
    const missing = SOURCES.flatMap(({ path, text }) => [...new Set(text.match(LABEL) ?? [])].filter((label) => !defined.has(label)).map((label) => `${path}: ${label}`))
    expect(missing).toEqual([])
  })

  it('point at no document outside the repository', () => {
    const outside = /\b(skills-worker|mcp-bridge|engine-protocol|extensions(-2)?|style)\.md\b/
    expect(SOURCES.filter(({ text }) => outside.test(text)).map(({ path }) => path)).toEqual([])
  })

  it('has every label it defines once', () => {
    const labels = HEADINGS.map((heading) => /^#+ ((?:bridge |protocol )?§\d+(?:\.\d+)*|D\d+|E\d+(?:\.\d+)?)[. ]/.exec(heading)?.[1]).filter((l) => l !== undefined)
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([])
    expect(labels.length).toBeGreaterThan(140)
  })
})
