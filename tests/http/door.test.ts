import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bearerHeaders, readAuthToken, tokenTooShort, tokenUnreadable } from '../../src/http/auth-token.js'
import { BEARER_REQUIRED, Door, hostNotAllowed, LOOPBACK_DOOR, refusalHeaders } from '../../src/http/door.js'

const TOKEN = 'correct-horse-battery-staple'

describe('Door: the Host rule (E11.1)', () => {
  const door = new Door('127.0.0.1', 3111, { allowedHosts: ['skills.lan', 'Box.Example:8443'], token: undefined })

  it.each([
    ['localhost:3111'], ['127.0.0.1:3111'], ['[::1]:3111'], ['LOCALHOST:3111'], ['skills.lan:3111'], ['box.example:8443'],
  ])('lets %s in', (host) => {
    expect(door.refusal({ host })).toBeUndefined()
  })

  it.each([
    ['evil.example:3111'], ['localhost:3112'], ['localhost'], ['127.0.0.2:3111'], ['skills.lan:80'], ['box.example:3111'], [''],
  ])('refuses %j with 403 naming it', (host) => {
    expect(door.refusal({ host })).toEqual({ reason: 'host', status: 403, text: `host not allowed: ${host}` })
  })

  it('refuses a request with no Host at all', () => {
    expect(door.refusal({})).toMatchObject({ reason: 'host', status: 403 })
  })

  it('answers to the bound host, an IPv6 one in brackets, and a name without its port on port 80', () => {
    expect(new Door('0.0.0.0', 49134, LOOPBACK_DOOR).refusal({ host: '0.0.0.0:49134' })).toBeUndefined()
    expect(new Door('::1', 9, LOOPBACK_DOOR).refusal({ host: '[::1]:9' })).toBeUndefined()
    expect(new Door('127.0.0.1', 80, LOOPBACK_DOOR).refusal({ host: 'localhost' })).toBeUndefined()
  })

  it('cuts a long Host in the refusal text', () => {
    expect(hostNotAllowed('x'.repeat(1000))).toBe(`host not allowed: ${'x'.repeat(200)}`)
  })
})

describe('Door: the token rule (E11.2)', () => {
  const door = new Door('127.0.0.1', 3111, { allowedHosts: [], token: TOKEN })
  const host = '127.0.0.1:3111'

  it('lets a request with the bearer token in (the scheme in any case)', () => {
    expect(door.refusal({ host, authorization: `Bearer ${TOKEN}` })).toBeUndefined()
    expect(door.refusal({ host, authorization: `bearer ${TOKEN}` })).toBeUndefined()
  })

  it.each([
    ['no Authorization', undefined], ['a wrong token', 'Bearer correct-horse-battery-stapler'], ['a prefix of it', 'Bearer correct'],
    ['another scheme', `Basic ${TOKEN}`], ['the token alone', TOKEN], ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401 and WWW-Authenticate: Bearer', (_case, authorization) => {
    const refusal = door.refusal({ host, authorization })
    expect(refusal).toEqual({ reason: 'token', status: 401, text: BEARER_REQUIRED })
    expect(refusalHeaders(refusal!)).toEqual({ 'www-authenticate': 'Bearer' })
  })

  it('checks the Host before the token', () => {
    expect(door.refusal({ host: 'evil.example', authorization: `Bearer ${TOKEN}` })).toMatchObject({ reason: 'host' })
  })
})

describe('readAuthToken', () => {
  it('reads the file, trimmed, before III_SKILLS_TOKEN', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'token-'))
    try {
      await writeFile(join(dir, 'token'), `${TOKEN}\n`)
      expect(readAuthToken(join(dir, 'token'), { III_SKILLS_TOKEN: 'from-the-environment-0123' })).toBe(TOKEN)
      expect(readAuthToken(undefined, { III_SKILLS_TOKEN: ` ${TOKEN} ` })).toBe(TOKEN)
      expect(readAuthToken(undefined, {})).toBeUndefined()
      expect(readAuthToken(undefined, { III_SKILLS_TOKEN: '' })).toBeUndefined()
      await writeFile(join(dir, 'short'), 'abc\n')
      expect(() => readAuthToken(join(dir, 'short'), {})).toThrow(tokenTooShort(join(dir, 'short')))
      expect(() => readAuthToken(undefined, { III_SKILLS_TOKEN: 'abc' })).toThrow(tokenTooShort('III_SKILLS_TOKEN'))
      expect(() => readAuthToken(join(dir, 'missing'), {})).toThrow(tokenUnreadable(join(dir, 'missing'), 'ENOENT'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('gives the SDK handshake headers for a token, and none without one', () => {
    expect(bearerHeaders(TOKEN)).toEqual({ headers: { authorization: `Bearer ${TOKEN}` } })
    expect(bearerHeaders(undefined)).toEqual({})
  })
})
