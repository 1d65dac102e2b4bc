import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { parseCli } from '../../src/app/cli.js'
import { settingsOf } from '../../src/app/settings.js'

const quiet = pino({ level: 'silent' })

describe('settingsOf: the command line over config.yaml, once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'settings-'))
  const config = join(dir, 'config.yaml')
  writeFileSync(config, 'skills: ["docs/**/*.md"]\nscopes:\n  skills: my-skills\n')

  it('keeps the config file and puts --skills-dir roots after its globs', () => {
    const { loaded } = settingsOf(parseCli(['--config', config, '--skills-dir', 'a', '--skills-dir', 'b']), quiet)
    expect(loaded.baseDir).toBe(dir)
    expect(loaded.config.scopes.skills).toBe('my-skills')
    expect(loaded.config.skills).toEqual(['docs/**/*.md'])
    expect(loaded.config.skill_roots).toEqual([resolve('a'), resolve('b')])
  })

  it('builds the door from --allowed-host and the token file', () => {
    const tokenFile = join(dir, 'token')
    writeFileSync(tokenFile, 's3cret-token-of-enough-length\n')
    const { door } = settingsOf(parseCli(['--config', config, '--allowed-host', 'skills.example', '--auth-token-file', tokenFile]), quiet)
    expect(door.allowedHosts).toEqual(['skills.example'])
    expect(door.token).toBe('s3cret-token-of-enough-length')
  })

  it('serves no extra roots in worker mode without --skills-dir', () => {
    const { loaded } = settingsOf(parseCli(['--config', config]), quiet)
    expect(loaded.config.skill_roots ?? []).toEqual([])
  })
})
