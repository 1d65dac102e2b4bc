import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { buildManifest, renderManifest } from '../../src/app/manifest.js'
import { packageVersionFrom } from '../../src/fs/package-version.js'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
  description: string
  bin: Record<string, string>
}

const root = mkdtempSync(join(tmpdir(), 'skills-manifest-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('manifest', () => {
  it('renders the §8 document, pretty-printed with a trailing newline', () => {
    expect(renderManifest()).toBe(`{
  "name": "skills",
  "version": "${pkg.version}",
  "description": "Agentic content registry worker. Hosts skills + prompts + the iii:// resource resolver that the mcp worker serves to harnesses.",
  "default_config": {
    "prompts": [],
    "scopes": {
      "prompts": "prompts",
      "skills": "skills"
    },
    "skills": [],
    "state_timeout_ms": 10000
  },
  "supported_targets": [
    "aarch64-apple-darwin",
    "x86_64-apple-darwin",
    "aarch64-unknown-linux-gnu",
    "armv7-unknown-linux-gnueabihf",
    "x86_64-unknown-linux-gnu",
    "aarch64-pc-windows-msvc",
    "x86_64-pc-windows-msvc",
    "i686-pc-windows-msvc"
  ]
}
`)
  })

  it('shares its description with package.json', () => {
    expect(buildManifest().description).toBe(pkg.description)
  })

  it('builds a fresh default_config each time', () => {
    const first = buildManifest()
    ;(first.default_config.skills as string[]).push('x')
    expect(buildManifest().default_config.skills).toEqual([])
  })

  it.each([
    ['the package root itself', ''],
    ['src/ under tsx', 'src'],
    ['dist/src/ once built', 'dist/src'],
  ])('finds the package version from %s', (_case, sub) => {
    const pkgRoot = join(root, `pkg-${sub.replace('/', '-') || 'root'}`)
    mkdirSync(join(pkgRoot, sub), { recursive: true })
    writeFileSync(join(pkgRoot, 'package.json'), JSON.stringify({ name: 'iii-skills', version: '9.8.7' }))
    expect(packageVersionFrom(join(pkgRoot, sub))).toBe('9.8.7')
  })
})

describe('iii.worker.yaml', () => {
  const worker = parseYaml(readFileSync(new URL('../../iii.worker.yaml', import.meta.url), 'utf8')) as Record<string, unknown>

  it('follows the iii Node worker convention (§8 port note)', () => {
    expect(worker).toEqual({
      iii: 'v1',
      name: 'skills',
      version: pkg.version,
      language: 'node',
      deploy: 'image',
      manifest: 'package.json',
      description: buildManifest().description,
      env: { III_URL: 'ws://localhost:49134' },
      runtime: { language: 'typescript', entry: 'dist/src/main.js' },
      resources: { memory: 512, cpus: 0.5 },
      scripts: { install: 'npm ci && npm run build', start: 'node dist/src/main.js' },
    })
  })

  it('starts the same entry point as the package bin', () => {
    expect(pkg.bin['iii-skills']).toBe((worker.runtime as { entry: string }).entry)
  })
})
