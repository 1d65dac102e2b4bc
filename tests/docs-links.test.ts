/**
 * E22.5: README and its guides link to each other; every relative link names a file that exists and,
 * with `#anchor`, a heading of that file (GitHub's slugs), so moving a section never strands a link.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from './support/processes.js'

const DOCS = ['README.md', ...readdirSync(join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]

// "## `check`: the validator for CI" => "check-the-validator-for-ci"
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, '').replaceAll(' ', '-')

function anchorsOf(path: string): Set<string> {
  const text = readFileSync(join(REPO_ROOT, path), 'utf8').replace(/```[\s\S]*?```/g, '')
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)))
}

describe('links between README and the guides (E22.5)', () => {
  it.each(DOCS)('%s links only to files and headings that exist', (path) => {
    const text = readFileSync(join(REPO_ROOT, path), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')
    const broken: string[] = []
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue
      const [file, anchor] = target!.split('#') as [string, string | undefined]
      const resolved = file === '' ? path : normalize(join(dirname(path), file))
      if (!existsSync(join(REPO_ROOT, resolved))) broken.push(target!)
      else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(target!)
    }
    expect(broken).toEqual([])
  })

  it('README stays a five-minute read: at most 400 lines', () => {
    expect(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(400)
  })
})
