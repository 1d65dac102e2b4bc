/**
 * E17.3's routes over HTTP on the demo catalogue: `/_ui/api/file` and `/_ui/api/download` answer
 * only for files of a skill's folder, read through the worker's functions, under the same Origin and
 * Sec-Fetch-Site rules as the rest of the page; E17.5's search names the supporting file it matched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LOG } from '../../src/core/messages.js'
import { DEMO_CONFIG, REPO_ROOT, spawnSkills, stopAllChildren } from '../support/processes.js'

const EXAMPLES = join(REPO_ROOT, 'tests/fixtures/demo/agent-skills/commit-message/references/examples.md')

let page: string

beforeAll(async () => {
  const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', DEMO_CONFIG])
  page = String((await skills.waitForLog(LOG.cataloguePage)).url)
}, 60_000)

afterAll(stopAllChildren)

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${page}${path}`, { headers })

describe('the file routes of the catalogue page', () => {
  it('renders a supporting Markdown file, by id and path or by one reference', async () => {
    for (const query of ['id=commit-message&path=references/examples.md', 'ref=commit-message/references/examples.md']) {
      const response = await get(`_ui/api/file?${query}`)
      expect(response.status).toBe(200)
      const view = await response.json() as { id: string; path: string; kind: string; html: string; digest: string }
      expect([view.id, view.path, view.kind]).toEqual(['commit-message', 'references/examples.md', 'markdown'])
      expect(view.html).toContain('<h1>Commit message examples</h1>')
      expect(view.digest).toMatch(/^sha256:[0-9a-f]{64}$/)
    }
  })

  it('gives a text file as text and downloads the exact bytes as an attachment', async () => {
    const toml = await (await get('_ui/api/file?ref=commit-message/skill.toml')).json() as { kind: string; text: string }
    expect(toml.kind).toBe('text')
    expect(toml.text).toBe(await readFile(join(REPO_ROOT, 'tests/fixtures/demo/agent-skills/commit-message/skill.toml'), 'utf8'))
    const download = await get('_ui/api/download?id=commit-message&path=references/examples.md')
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="examples.md"')
    expect(download.headers.get('content-type')).toBe('application/octet-stream')
    expect(Buffer.from(await download.arrayBuffer())).toEqual(await readFile(EXAMPLES))
  })

  it('answers 404 for anything that is not a file of the folder: `..`, sections, unknown skills', async () => {
    for (const path of [
      '_ui/api/file?id=commit-message&path=../../config.yaml',
      '_ui/api/file?ref=commit-message/../../config.yaml',
      '_ui/api/file?id=fn/skills/list&path=SKILL.md',
      '_ui/api/file?id=nope&path=SKILL.md',
      '_ui/api/file?ref=nothing',
      '_ui/api/download?id=commit-message&path=../../config.yaml',
      '_ui/api/download?id=fn/skills/list&path=SKILL.md',
    ]) expect([path, (await get(path)).status]).toEqual([path, 404])
  })

  it('refuses another site and a non-loopback Origin, as every page route does', async () => {
    for (const path of ['_ui/api/file?ref=commit-message/references/examples.md', '_ui/api/download?id=commit-message&path=references/examples.md', '_ui/api/search-files?q=commit']) {
      expect((await get(path, { origin: 'https://evil.example' })).status).toBe(403)
      expect((await get(path, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
      expect((await get(path, { 'sec-fetch-site': 'same-site' })).status).toBe(403)
      expect((await get(path, { 'sec-fetch-site': 'same-origin' })).status).toBe(200)
    }
  })

  it('searches supporting Markdown files and says which file matched', async () => {
    const text = await readFile(EXAMPLES, 'utf8')
    const word = (text.match(/[A-Za-z]{6,}/g) ?? []).find((w) => !/commit|message|example/i.test(w))!
    const found = await (await get(`_ui/api/search-files?q=${encodeURIComponent(word)}`)).json() as { files: Array<{ id: string; path: string; snippet: string }> }
    expect(found.files.map((f) => [f.id, f.path])).toContainEqual(['commit-message', 'references/examples.md'])
    expect(found.files.find((f) => f.path === 'references/examples.md')?.snippet.toLowerCase()).toContain(word.toLowerCase())
  })
})
