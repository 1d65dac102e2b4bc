/**
 * The import graph of src/ (docs/architecture.md "Layering"): no cycle between files or folders, and
 * every import between folders goes down the layers. Type-only and dynamic imports count too.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src')

/** A folder may import only folders of a lower layer; main.ts may import any. */
const LAYER: Readonly<Record<string, number>> = {
  core: 0,
  http: 1,
  schemas: 1,
  fs: 2,
  engine: 3,
  functions: 4,
  embedded: 5,
  mcp: 5,
  ui: 5,
  check: 5,
  sync: 5,
  app: 6,
  '.': 7,
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [])
}

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*'(\.{1,2}\/[^']+)'/g

/** Static imports and re-exports only (`import(...)` loads a module lazily and may name it directly). */
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*'(\.{1,2}\/[^']+)'/g

const staticImports = () => importGraph(STATIC_IMPORT)

function importGraph(pattern: RegExp = IMPORT): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(SRC)) {
    const targets = [...readFileSync(file, 'utf8').matchAll(pattern)]
      .map((m) => normalize(join(dirname(file), m[1] as string)).replace(/\.js$/, '.ts'))
    graph.set(relative(SRC, file), targets.map((t) => relative(SRC, t)))
  }
  return graph
}

const folderOf = (file: string) => (file.includes('/') ? (file.split('/')[0] as string) : '.')

function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].join(' -> '))
      else if (state.get(next) === undefined && graph.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (state.get(node) === undefined) visit(node)
  return found
}

describe('the import graph of src/', () => {
  const graph = importGraph()

  it('resolves every relative import to a file of src/', () => {
    const missing = [...graph].flatMap(([file, targets]) => targets.filter((t) => !graph.has(t)).map((t) => `${file} -> ${t}`))
    expect(missing).toEqual([])
  })

  it('has no cycle between files', () => {
    expect(cycles(graph)).toEqual([])
  })

  it('has no cycle between folders', () => {
    const folders = new Map<string, string[]>()
    for (const [file, targets] of graph) {
      const from = folderOf(file)
      folders.set(from, [...new Set([...(folders.get(from) ?? []), ...targets.map(folderOf).filter((f) => f !== from)])])
    }
    expect(cycles(folders)).toEqual([])
  })

  it('imports only down the layers: no folder imports a top-level module or a folder of its own layer or above', () => {
    const upward = [...graph].flatMap(([file, targets]) => targets.filter((target) => {
      const [from, to] = [folderOf(file), folderOf(target)]
      return from !== to && (LAYER[to] as number) >= (LAYER[from] as number)
    }).map((target) => `${file} -> ${target}`))
    expect(upward).toEqual([])
  })

  it('keeps only main.ts loose in src/: everything else lives in a folder', () => {
    expect([...graph.keys()].filter((file) => !file.includes('/'))).toEqual(['main.ts'])
  })

  it('imports another folder only through its face (index.ts); lazy dynamic imports may name a module', () => {
    const deep = [...staticImports()].flatMap(([file, targets]) => targets.filter((target) => {
      const [from, to] = [folderOf(file), folderOf(target)]
      return from !== to && to !== '.' && target !== `${to}/index.ts`
    }).map((target) => `${file} -> ${target}`))
    expect(deep).toEqual([])
  })

  it('gives every folder that other folders import a face', () => {
    const imported = new Set([...graph].flatMap(([file, targets]) => targets.map(folderOf).filter((to) => to !== '.' && to !== folderOf(file))))
    expect([...imported].filter((folder) => !graph.has(`${folder}/index.ts`))).toEqual([])
  })

  it('knows the layer of every folder', () => {
    expect([...new Set([...graph.keys()].map(folderOf))].filter((f) => LAYER[f] === undefined)).toEqual([])
  })
})

/** A file's code with its comments blanked (a `//` inside a string is kept: URLs hold one). */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/([;,{}()])\s*\/\/ .*$/gm, '$1')
}

describe('one home per rule (src/core/uri.ts, src/core/limits.ts)', () => {
  const sources = sourceFiles(SRC).map((file) => ({ file: relative(SRC, file), code: codeOf(readFileSync(file, 'utf8')) }))

  it('writes the iii:// and skill:// schemes only in core/uri.ts', () => {
    const outside = sources.filter(({ file, code }) => file !== 'core/uri.ts' && /\b(?:iii|skill):(?:\/\/|\\\/\\\/)/.test(code)).map(({ file }) => file)
    expect(outside).toEqual([])
  })

  it('writes the skill body cap (262144) once, in core/limits.ts', () => {
    const holders = sources.filter(({ code }) => /\b262_?144\b/.test(code)).map(({ file }) => file)
    expect(holders).toEqual(['core/limits.ts'])
  })
})
