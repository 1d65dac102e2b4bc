/**
 * E22.3: one schema entry per config key. The shipped config.yaml and the configuration block of the
 * docs name every key of the schema (with its default where it has one), and no key the schema lacks;
 * `--help` is written from the schema (tests/app/cli.test.ts).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { CONFIG_KEYS } from '../../src/schemas/config-keys.js'
import { REPO_ROOT } from '../support/processes.js'
import { parseCli } from '../../src/app/cli.js'

function runHelp(): string {
  let out = ''
  try {
    parseCli(['--help'], { writeOut: (text) => (out += text), writeErr: () => undefined })
  } catch {
    // commander throws once help is written
  }
  return out
}

const read = (path: string) => readFileSync(`${REPO_ROOT}/${path}`, 'utf8')

/** The keys a YAML document sets, dotted, with their values; `# key: v` lines uncommented first. */
function keysOfYaml(text: string): Map<string, unknown> {
  const uncommented = text.split('\n').map((line) => line.replace(/^(\s*)# ?(?=[a-z_]+:( |$))/, '$1')).join('\n')
  const out = new Map<string, unknown>()
  const walk = (value: unknown, prefix: string) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, `${prefix}.${k}`)
      return
    }
    out.set(prefix, value)
  }
  const doc = parse(uncommented) as Record<string, unknown>
  for (const [k, v] of Object.entries(doc)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) for (const [k2, v2] of Object.entries(v)) walk(v2, `${k}.${k2}`)
    else walk(v, k)
  }
  return out
}

const SCHEMA_KEYS = CONFIG_KEYS.map((entry) => entry.key)

function configBlock(markdown: string): string {
  const section = markdown.slice(markdown.indexOf('## Configuration'))
  return /```yaml\n([\s\S]*?)```/.exec(section)![1]!
}

/** The line setting `key` (commented out or not, indented two spaces per level) and its value. */
function keyLine(text: string, key: string): { value: string } | undefined {
  const path = key.split('.')
  const leaf = path.at(-1)!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const line = new RegExp(`^(?:# ?)?${'  '.repeat(path.length - 1)}${leaf}:(?: (.*))?$`, 'm').exec(text)
  return line === null ? undefined : { value: (line[1] ?? '').replace(/\s+#.*$/, '').trim() }
}

describe('the flags in the docs match the command line (E22.3)', () => {
  it('the flag table names every option --help lists, and none it does not', () => {
    const help = runHelp()
    const options = [...help.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]!).filter((flag) => flag !== '--help')
    const table = read('README.md').split('\n').filter((line) => line.startsWith('| `--'))
    const documented = new Set(table.flatMap((line) => [...line.split('|')[1]!.matchAll(/`(--[a-z-]+)/g)].map((m) => m[1]!)))
    expect(options.filter((flag) => !documented.has(flag))).toEqual([])
    expect([...documented].filter((flag) => !options.includes(flag))).toEqual([])
  })
})

describe('config keys in the docs match the config schema (E22.3)', () => {
  it('config.yaml sets or shows every key of the schema, each scalar with its default', () => {
    const text = read('config.yaml')
    for (const { key, default: fallback } of CONFIG_KEYS) {
      const line = keyLine(text, key)
      expect(line, key).toBeDefined()
      if (fallback !== undefined && fallback !== '[]') expect(line!.value, key).toBe(fallback)
    }
  })

  it('the configuration block of the docs names exactly the schema\'s keys, each scalar with its default', () => {
    const documented = keysOfYaml(configBlock(read('README.md')))
    expect([...documented.keys()].sort()).toEqual([...SCHEMA_KEYS].sort())
    for (const { key, default: fallback } of CONFIG_KEYS) {
      if (fallback !== undefined && fallback !== '[]') expect(JSON.stringify(documented.get(key)), key).toBe(JSON.stringify(parse(fallback)))
    }
  })
})
