/** The optional `rpc_api_path` key (extensions.md E2): parsed, validated, commented in the shipped file. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/app/config-file.js'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'

describe('rpc_api_path', () => {
  it('is absent unless set, so the defaults (and the manifest) stay as upstream', () => {
    expect(parseConfig('{}')).toStrictEqual(DEFAULT_CONFIG)
    expect('rpc_api_path' in parseConfig('state_timeout_ms: 5\n')).toBe(false)
  })

  it.each(['skills/rpc', '/api/v1/skills/rpc', 'rpc/:tenant', ''])('accepts %j', (path) => {
    expect(parseConfig(`rpc_api_path: ${JSON.stringify(path)}\n`).rpc_api_path).toBe(path)
  })

  it.each([
    ['"a b"', "invalid value for field `rpc_api_path`: must be a URL path without whitespace, '?' or '#'"],
    ['"x?y=1"', "invalid value for field `rpc_api_path`: must be a URL path without whitespace, '?' or '#'"],
    ['"x#y"', "invalid value for field `rpc_api_path`: must be a URL path without whitespace, '?' or '#'"],
    ['7', 'invalid type for field `rpc_api_path`: expected string, got integer'],
    ['null', 'invalid type for field `rpc_api_path`: expected string, got null'],
  ])('refuses %s, naming the field', (value, message) => {
    expect(() => parseConfig(`rpc_api_path: ${value}\n`)).toThrow(message)
  })

  it('is documented in the shipped config.yaml as a commented-out default', () => {
    const text = readFileSync(new URL('../../config.yaml', import.meta.url), 'utf8')
    expect(parseConfig(text)).toStrictEqual(DEFAULT_CONFIG)
    expect(parseConfig(text.replace(/^# (rpc_api_path: )/m, '$1')).rpc_api_path).toBe('skills/rpc')
  })
})
