/**
 * The `cache` config keys (E3): `cache.enabled` and `cache.max_staleness_ms`, their defaults, the
 * errors that name the field, and the commented block in the shipped config.yaml.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/app/config-file.js'
import { cacheConfig, DEFAULT_CACHE, DEFAULT_CONFIG } from '../../src/core/config-types.js'

describe('cache settings', () => {
  it('default to on with listings at most 1000 ms old when the key is absent', () => {
    const config = parseConfig('')
    expect(config.cache).toBeUndefined()
    expect(cacheConfig(config)).toEqual({ enabled: true, max_staleness_ms: 1000 })
    expect(DEFAULT_CACHE).toEqual({ enabled: true, max_staleness_ms: 1000 })
  })

  it.each<[string, string, unknown]>([
    ['both keys', 'cache:\n  enabled: false\n  max_staleness_ms: 250\n', { enabled: false, max_staleness_ms: 250 }],
    ['only enabled', 'cache:\n  enabled: false\n', { enabled: false, max_staleness_ms: 1000 }],
    ['only the staleness bound', 'cache:\n  max_staleness_ms: 0\n', { enabled: true, max_staleness_ms: 0 }],
    ['an empty mapping', 'cache: {}\n', { enabled: true, max_staleness_ms: 1000 }],
    ['unknown keys inside', 'cache:\n  ttl: 5\n', { enabled: true, max_staleness_ms: 1000 }],
  ])('reads %s', (_case, text, cache) => {
    const config = parseConfig(text)
    expect(config).toEqual({ ...DEFAULT_CONFIG, cache })
    expect(cacheConfig(config)).toEqual(cache)
  })

  it.each<[string, string, string]>([
    ['cache as a string', 'cache: off\n', 'invalid type for field `cache`: expected object, got string'],
    ['a null cache', 'cache:\n', 'invalid type for field `cache`: expected object, got null'],
    ['enabled as a string', 'cache:\n  enabled: "no"\n', 'invalid type for field `cache.enabled`: expected boolean, got string'],
    ['enabled as a number', 'cache:\n  enabled: 0\n', 'invalid type for field `cache.enabled`: expected boolean, got integer'],
    ['a string bound', 'cache:\n  max_staleness_ms: "1s"\n', 'invalid type for field `cache.max_staleness_ms`: expected integer, got string'],
    ['a fractional bound', 'cache:\n  max_staleness_ms: 0.5\n', 'invalid type for field `cache.max_staleness_ms`: expected integer, got float'],
    ['a negative bound', 'cache:\n  max_staleness_ms: -1\n', 'invalid value for field `cache.max_staleness_ms`: must be a non-negative integer'],
  ])('refuses %s with an error naming the field', (_case, text, error) => {
    expect(() => parseConfig(text)).toThrow(error)
  })

  it('is documented in the shipped config.yaml as a commented block holding the defaults', () => {
    const text = readFileSync(new URL('../../config.yaml', import.meta.url), 'utf8')
    expect(parseConfig(text).cache).toBeUndefined()
    const uncommented = text.replace(/^# (cache:$|  enabled: |  max_staleness_ms: )/gm, '$1')
    expect(uncommented).not.toBe(text)
    expect(parseConfig(uncommented).cache).toEqual(DEFAULT_CACHE)
  })
})
