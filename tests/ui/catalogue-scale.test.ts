/**
 * E17.4 over HTTP: `--skills-dir` over 10,000 generated skill folders. The page's first JSON (the
 * first page of `/_ui/api/catalogue`) stays ≤ 200 KB, and the pages together name every skill once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOG } from '../../src/core/messages.js'
import { pollUntil } from '../support/poll.js'
import { spawnSkills, stopAllChildren, type ChildHandle } from '../support/processes.js'
import { makeTempDir, removeTempDir } from '../support/temp-tree.js'
import { generatedName, writeGeneratedSkills } from './generated-skills.js'

const COUNT = 10_000
const FIRST_JSON_LIMIT = 200 * 1024

let dir: string
let page: string
let child: ChildHandle

beforeAll(async () => {
  dir = await makeTempDir()
  await writeGeneratedSkills(dir, COUNT)
  const skills = child = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--skills-dir', dir], {}, { timeoutMs: 60_000 })
  page = String((await skills.waitForLog(LOG.cataloguePage)).url)
  // The worker logs "ready" once it has sent its registrations; the engine may not have them all yet.
  await pollUntil(async () => {
    const response = await fetch(`${page}_ui/api/catalogue?offset=0&limit=1`)
    if (response.status !== 200) throw new Error(`status ${response.status}`)
  }, { timeoutMs: 30_000, what: 'the catalogue to answer' })
}, 120_000)

afterAll(async () => {
  await stopAllChildren()
  await removeTempDir(dir)
})

interface CataloguePage { skills: Array<{ id: string; tokens?: number }>; offset: number; total: number }

async function catalogue(query: string): Promise<{ bytes: number; body: CataloguePage }> {
  const response = await fetch(`${page}_ui/api/catalogue${query}`)
  const text = await response.text()
  // On a failure, say why: the worker's warnings and errors.
  expect(response.status, JSON.stringify(child.logs.filter((line) => (line.level ?? 0) >= 40)).slice(0, 3000)).toBe(200)
  return { bytes: Buffer.byteLength(text), body: JSON.parse(text) as CataloguePage }
}

describe(`the catalogue at ${COUNT} skills`, () => {
  it('answers the first page in at most 200 KB, with the total and each skill\'s tokens', async () => {
    for (const query of ['', '?offset=0&limit=300']) {
      const { bytes, body } = await catalogue(query)
      expect(bytes).toBeLessThanOrEqual(FIRST_JSON_LIMIT)
      expect(body.total).toBe(COUNT)
      expect(body.skills[0]?.id).toBe(generatedName(0))
      expect(body.skills.every((s) => typeof s.tokens === 'number' && s.tokens > 0)).toBe(true)
    }
  }, 30_000)

  it('names every skill exactly once across its pages, with tokens on the last page too', async () => {
    const ids: string[] = []
    for (let offset = 0; offset < COUNT; offset += 2000) {
      const { body } = await catalogue(`?offset=${offset}&limit=2000`)
      expect(body.offset).toBe(offset)
      expect(body.skills.every((s) => typeof s.tokens === 'number')).toBe(true)
      ids.push(...body.skills.map((s) => s.id))
    }
    expect(ids).toEqual(Array.from({ length: COUNT }, (_, i) => generatedName(i)))
  }, 60_000)

  it('refuses a limit out of range', async () => {
    const response = await fetch(`${page}_ui/api/catalogue?limit=0`)
    expect(response.status).toBe(400)
  })
})
