import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig, parseConfig } from '../../src/app/config-file.js'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { createLogger } from '../../src/app/logger.js'

const root = mkdtempSync(join(tmpdir(), 'skills-config-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

let fileCount = 0
function configFile(text: string): string {
  const dir = join(root, `case-${++fileCount}`)
  mkdirSync(dir)
  const path = join(dir, 'config.yaml')
  writeFileSync(path, text)
  return path
}

function load(path: string) {
  const lines: Array<Record<string, unknown>> = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>)
      done()
    },
  })
  const loaded = loadConfig(path, createLogger({ level: 'info', destination }))
  return { ...loaded, lines }
}

describe('loadConfig success', () => {
  it('reads every field and resolves globs from the config directory', () => {
    const path = configFile(
      'scopes:\n  skills: my-skills\n  prompts: my-prompts\nstate_timeout_ms: 7500\n' +
        'skills: ["fs-skills/**/*.md"]\nprompts:\n  - fs-prompts/**/*.md\n',
    )
    const { config, baseDir } = load(path)
    expect(config).toEqual({
      scopes: { skills: 'my-skills', prompts: 'my-prompts' },
      state_timeout_ms: 7500,
      skills: ['fs-skills/**/*.md'],
      prompts: ['fs-prompts/**/*.md'],
    })
    expect(baseDir).toBe(join(root, `case-${fileCount}`))
  })

  it('logs the loaded scopes at info', () => {
    const path = configFile('scopes:\n  skills: s1\n')
    const { lines } = load(path)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 30, msg: `loaded config from ${path}`, skills_scope: 's1', prompts_scope: 'prompts' })
  })

  it.each<[string, string, unknown]>([
    ['an empty file', '', DEFAULT_CONFIG],
    ['a comments-only file', '# nothing here\n', DEFAULT_CONFIG],
    ['an empty mapping', '{}\n', DEFAULT_CONFIG],
    ['only a timeout', 'state_timeout_ms: 0\n', { ...DEFAULT_CONFIG, state_timeout_ms: 0 }],
    ['only one scope', 'scopes:\n  prompts: p2\n', { ...DEFAULT_CONFIG, scopes: { skills: 'skills', prompts: 'p2' } }],
    ['unknown keys', 'extra: 1\nscopes:\n  other: x\nskills: []\n', DEFAULT_CONFIG],
  ])('fills defaults for %s', (_case, text, config) => {
    const { config: loaded, lines } = load(configFile(text))
    expect(loaded).toEqual(config)
    expect(lines[0]?.level).toBe(30)
  })
})

describe('loadConfig failure', () => {
  it.each<[string, string, string]>([
    ['a string timeout', 'state_timeout_ms: "10"\n', 'invalid type for field `state_timeout_ms`: expected integer, got string'],
    ['a fractional timeout', 'state_timeout_ms: 1.5\n', 'invalid type for field `state_timeout_ms`: expected integer, got float'],
    ['a negative timeout', 'state_timeout_ms: -1\n', 'invalid value for field `state_timeout_ms`: must be a non-negative integer'],
    ['an empty scope', 'scopes:\n  skills: ""\n', 'invalid value for field `scopes.skills`: must be non-empty'],
    ['a numeric scope', 'scopes:\n  prompts: 5\n', 'invalid type for field `scopes.prompts`: expected string, got integer'],
    ['scopes as a list', 'scopes: []\n', 'invalid type for field `scopes`: expected object, got array'],
    ['a glob given as a string', 'skills: "a/*.md"\n', 'invalid type for field `skills`: expected array, got string'],
    ['a null glob list', 'prompts:\n', 'invalid type for field `prompts`: expected array, got null'],
    ['a numeric glob', 'skills: [1]\n', 'invalid type for field `skills[0]`: expected string, got integer'],
    ['a top-level list', '- a\n- b\n', 'invalid payload: expected object, got array'],
    ['a top-level scalar', 'hello\n', 'invalid payload: expected object, got string'],
  ])('warns and uses defaults for %s', (_case, text, error) => {
    const path = configFile(text)
    const { config, baseDir, lines } = load(path)
    expect(config).toEqual(DEFAULT_CONFIG)
    expect(baseDir).toBe(process.cwd())
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'failed to load config, using defaults', error, path })])
  })

  it.each<[string, string]>([
    ['malformed YAML', 'scopes: [unclosed\n'],
    ['duplicate keys', 'state_timeout_ms: 1\nstate_timeout_ms: 2\n'],
  ])('warns with the YAML error for %s', (_case, text) => {
    const path = configFile(text)
    const { config, lines } = load(path)
    expect(config).toEqual(DEFAULT_CONFIG)
    expect(lines[0]).toMatchObject({ level: 40, msg: 'failed to load config, using defaults', path })
    expect(String(lines[0]?.error)).not.toBe('')
  })

  it('warns with the read error for a missing file', () => {
    const path = join(root, 'absent.yaml')
    const { config, baseDir, lines } = load(path)
    expect(config).toEqual(DEFAULT_CONFIG)
    expect(baseDir).toBe(process.cwd())
    expect(lines[0]).toMatchObject({ level: 40, msg: 'failed to load config, using defaults', path })
    expect(String(lines[0]?.error)).toContain('ENOENT')
  })

  it('hands out a copy of the defaults, never the shared object', () => {
    const { config } = load(join(root, 'absent.yaml'))
    config.skills.push('x/*.md')
    config.scopes.skills = 'changed'
    expect(DEFAULT_CONFIG).toEqual({ scopes: { skills: 'skills', prompts: 'prompts' }, state_timeout_ms: 10_000, skills: [], prompts: [] })
  })
})

describe('the shipped config.yaml', () => {
  const text = readFileSync(new URL('../../config.yaml', import.meta.url), 'utf8')

  it('holds exactly the defaults', () => {
    expect(parseConfig(text)).toEqual(DEFAULT_CONFIG)
  })

  it('documents the glob lists as commented-out examples', () => {
    const uncommented = text.replace(/^# ((?:skills|prompts):$|  - )/gm, '$1')
    expect(parseConfig(uncommented)).toMatchObject({
      skills: ['my-custom-skills-folder/**/*.md'],
      prompts: ['my-custom-prompts-folder/**/*.md'],
    })
  })
})
