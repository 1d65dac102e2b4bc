/**
 * The one-shot command lines of the real process (src/main.ts under tsx, no build): `--manifest`
 * prints exactly the §8 document and nothing else, `--help` documents every flag and variable, and
 * a bad flag fails with a message.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { renderManifest } from '../../src/manifest.js'
import { runSkills, stopAllChildren } from '../support/processes.js'

afterAll(stopAllChildren)

const DEFAULT_CONFIG_TEXT = [
  '  "default_config": {',
  '    "prompts": [],',
  '    "scopes": {',
  '      "prompts": "prompts",',
  '      "skills": "skills"',
  '    },',
  '    "skills": [],',
  '    "state_timeout_ms": 10000',
  '  },',
].join('\n')

describe('iii-skills --manifest', () => {
  it('prints exactly the manifest, on stdout only, and exits 0', async () => {
    const run = await runSkills(['--manifest'])
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).toBe(renderManifest())
    expect(run.stdout.startsWith('{\n  "name": "skills",\n  "version": "0.2.4",\n')).toBe(true)
    expect(run.stdout).toContain(
      '  "description": "Agentic content registry worker. Hosts skills + prompts + the iii:// resource resolver ' +
        'that the mcp worker serves to harnesses.",\n' +
        DEFAULT_CONFIG_TEXT,
    )
    expect(run.stdout.endsWith('    "i686-pc-windows-msvc"\n  ]\n}\n')).toBe(true)
    expect(Object.keys(JSON.parse(run.stdout) as object)).toEqual([
      'name',
      'version',
      'description',
      'default_config',
      'supported_targets',
    ])
  })

  it('never contacts an engine, even one that does not exist', async () => {
    const run = await runSkills(['--manifest', '--url', 'ws://127.0.0.1:1'], { III_URL: 'ws://127.0.0.1:1' })
    expect([run.code, run.stdout, run.stderr]).toEqual([0, renderManifest(), ''])
  })
})

describe('iii-skills --help', () => {
  it.each([['--help'], ['-h']])('%s exits 0 and documents every flag and environment variable', async (flag) => {
    const run = await runSkills([flag])
    expect([run.code, run.stderr]).toEqual([0, ''])
    for (const documented of [
      'Usage: iii-skills [options]',
      '--config <path>',
      '--url <url>',
      '--manifest',
      '--embedded',
      '--engine-host <host>',
      '--engine-port <port>',
      '--mcp-host <host>',
      '--mcp-port <port>',
      '--no-mcp',
      '--state-file <path>',
      '--allow-remote',
      '-h, --help',
      'III_URL',
      'LOG_LEVEL',
    ]) {
      expect(run.stdout).toContain(documented)
    }
  })
})

describe('iii-skills with bad arguments', () => {
  it.each([
    [['--bogus'], "error: unknown option '--bogus'"],
    [['--embedded', '--engine-port', 'abc'], "error: option '--engine-port <port>' argument 'abc' is invalid."],
    [['--embedded', '--mcp-port', '70000'], "error: option '--mcp-port <port>' argument '70000' is invalid."],
  ])('%j exits non-zero with a message on stderr', async (args, message) => {
    const run = await runSkills(args)
    expect(run.code).not.toBe(0)
    expect(run.code).not.toBeNull()
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(message)
  })
})
