import { describe, expect, it } from 'vitest'
import { isAllowedOrigin } from '../../src/http/origin.js'

describe('isAllowedOrigin', () => {
  it.each([
    [undefined, true],
    ['http://localhost:6274', true],
    ['http://127.0.0.1:3111', true],
    ['https://127.8.9.10', true],
    ['http://[::1]:8080', true],
    ['https://evil.example', false],
    ['http://localhost.evil.example', false],
    ['http://127.0.0.1.evil.example', false],
    ['http://0.0.0.0:3111', false],
    ['null', false],
    ['', false],
  ])('%j → %s', (origin, allowed) => {
    expect(isAllowedOrigin(origin)).toBe(allowed)
  })
})
