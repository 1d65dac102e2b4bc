/** E20.4: the agents' tokens file and the door's rule for each endpoint. */
import { chmod, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Door, readAgentTokens } from '../../src/http/index.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'

const REVIEW = 'review-token-0123456789'
const DATA = 'data-token-0123456789ab'
const ALL = 'all-views-token-0123456789'
const ONE = 'the-one-token-0123456789'

let dir: string
beforeEach(async () => {
  dir = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(dir)
})

async function tokensFile(text: string, mode = 0o600): Promise<string> {
  const file = join(dir, 'tokens.yaml')
  await writeFile(file, text)
  await chmod(file, mode)
  return file
}

describe('--auth-tokens-file (E20.4)', () => {
  it('reads each agent token with its views, or "*"', async () => {
    const file = await tokensFile(`- token: ${REVIEW}\n  views: [review]\n- token: ${DATA}\n  views: [data, review]\n- token: ${ALL}\n  views: "*"\n`)
    expect(readAgentTokens(file, ['review', 'data'])).toEqual([
      { token: REVIEW, views: ['review'] },
      { token: DATA, views: ['data', 'review'] },
      { token: ALL, views: '*' },
    ])
  })

  it.each([0o640, 0o604, 0o644])('refuses a file group or others can read (mode %o)', async (mode) => {
    const file = await tokensFile(`- token: ${REVIEW}\n  views: [review]\n`, mode)
    expect(() => readAgentTokens(file, ['review'])).toThrow(`--auth-tokens-file ${file}: readable by group or others (mode 0${mode.toString(8)}); chmod 600 it`)
  })

  it.each([
    ['a short token', '- token: short\n  views: "*"\n', 'entry 0: token: must be a text of at least 16 characters'],
    ['an unknown view', `- token: ${REVIEW}\n  views: [reviews]\n`, 'entry 0: views: unknown view "reviews"; the views are "review", "data"'],
    ['views that are neither "*" nor a list', `- token: ${REVIEW}\n  views: all\n`, 'entry 0: views: must be "*" or a non-empty list of view names'],
    ['an empty list of views', `- token: ${REVIEW}\n  views: []\n`, 'entry 0: views: must be "*" or a non-empty list of view names'],
    ['an unknown key', `- token: ${REVIEW}\n  views: "*"\n  view: x\n`, 'entry 0: view: unknown key (an entry has token and views)'],
    ['a mapping instead of a list', `token: ${REVIEW}\n`, 'must be a list of {token, views}'],
    ['a second entry that is text', `- token: ${REVIEW}\n  views: "*"\n- ${DATA}\n`, 'entry 1: entry: must be a list of {token, views}'],
  ])('refuses %s, naming the entry, the field and why', async (_what, text, why) => {
    const file = await tokensFile(text)
    expect(() => readAgentTokens(file, ['review', 'data'])).toThrow(`--auth-tokens-file ${file}: ${why}`)
  })

  it('refuses a file it cannot read', () => {
    expect(() => readAgentTokens(join(dir, 'missing.yaml'), [])).toThrow(`--auth-tokens-file ${join(dir, 'missing.yaml')}: ENOENT`)
  })
})

describe('the door with agent tokens (E20.4)', () => {
  const door = new Door('127.0.0.1', 3111, {
    allowedHosts: [],
    token: ONE,
    agents: [{ token: REVIEW, views: ['review'] }, { token: ALL, views: '*' }],
  })
  const headers = (token?: string) => ({ host: '127.0.0.1:3111', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) })

  it('opens a view endpoint to its tokens and to "*" tokens', () => {
    for (const token of [REVIEW, ALL, ONE]) expect(door.refusal(headers(token), 'review')).toBeUndefined()
  })

  it('answers a token used where it does not open with 403 token not allowed here', () => {
    expect(door.refusal(headers(REVIEW), 'data')).toEqual({ reason: 'place', status: 403, text: 'token not allowed here' })
    expect(door.refusal(headers(REVIEW))).toEqual({ reason: 'place', status: 403, text: 'token not allowed here' })
  })

  it('opens every other door (/mcp, the page, the engine) to "*" tokens only', () => {
    expect(door.refusal(headers(ALL))).toBeUndefined()
    expect(door.refusal(headers(ONE))).toBeUndefined()
  })

  it('answers a missing or unknown token with 401, whatever the endpoint', () => {
    const refused = { reason: 'token', status: 401, text: 'a valid bearer token is required (Authorization: Bearer <token>)' }
    expect(door.refusal(headers(), 'review')).toEqual(refused)
    expect(door.refusal(headers(DATA), 'review')).toEqual(refused)
    expect(door.refusal(headers('x'))).toEqual(refused)
  })

  it('asks for no token when none is set', () => {
    expect(new Door('127.0.0.1', 3111, { allowedHosts: [], token: undefined }).refusal(headers(), 'review')).toBeUndefined()
  })
})
