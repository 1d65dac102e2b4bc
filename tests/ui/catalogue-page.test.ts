/**
 * E9 in a real browser: `iii-skills --embedded` over a folder of skills (one of them hostile), the
 * page opened in Debian's Chromium. Every request the page makes is recorded: none may leave
 * 127.0.0.1, and no dialog may open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request } from 'playwright-core'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeTree } from '../support/temp-tree.js'
import type { OpenBrowser } from './browser.js'
import { servePage, type ServedPage } from './served-page.js'

// Only inside page.waitForFunction / page.evaluate callbacks, which run in the browser.
declare const document: { querySelector(selector: string): { textContent: string | null } | null; querySelectorAll(selector: string): { length: number } }
declare const window: Record<string, unknown>

const HOSTILE_SKILL = `---
name: hostile
description: <img src=x onerror="window.pwned=1"> <script>window.pwned=2</script> looks harmless
---
# Hostile <script>window.pwned=3</script>

<script>window.pwned=4</script>
<img src="https://evil.example/track.png" onerror="window.pwned=5">
<iframe src="https://evil.example/"></iframe>

[click me](javascript:window.pwned=6) [or me](JaVaScRiPt:alert(1)) [data](data:text/html,<script>alert(1)</script>)

![remote](https://evil.example/pixel.png)

<a href="https://evil.example" onclick="window.pwned=7">raw link</a>
`

const FILES: Record<string, string> = {
  'skills/billing/SKILL.md': `---
name: billing
description: Refund an invoice or change a plan. Use when a customer asks about money.
---
# Billing

How billing works.

## Refunds

Refund within 30 days. See [the form](references/refund-form.md) and [deploys](iii://deploy).

## Plans

Change a plan at any time. Missing: [gone](references/nothing.md) and [nowhere](iii://no/such/skill).
`,
  'skills/billing/references/refund-form.md': '# Refund form\n\nFill it in.\n',
  'skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Ship a release to production safely.\n---\n# Deploy\n\nRoll out in stages.\n',
  'skills/hostile/SKILL.md': HOSTILE_SKILL,
  'notes/ops/runbook.md': '# Runbook\n\nWhat to do when paged.\n',
  'config.yaml': 'skills:\n  - skills/**/SKILL.md\n  - notes/**/*.md\nprompts: []\n',
}

const IDS = ['billing', 'deploy', 'hostile', 'ops/runbook']

let dir: string
let pageUrl: string
let chromium: OpenBrowser
let served: ServedPage
const requests: string[] = []
const dialogs: string[] = []

beforeAll(async () => {
  served = await servePage(FILES, (root) => ['--config', join(root, 'config.yaml')])
  ;({ dir, pageUrl, chromium } = served)
  chromium.browser.on('request', (request: Request) => requests.push(request.url()))
  chromium.browser.on('page', (page: Page) => page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  }))
}, 60_000)

afterAll(async () => {
  await served?.close()
})

async function openPage(hash = ''): Promise<Page> {
  const page = await chromium.browser.newPage()
  await page.goto(`${pageUrl}${hash}`)
  await page.waitForSelector('button.skill')
  return page
}

describe('the catalogue page in Chromium', () => {
  it('names every skill in the tree, with its title, description, origin and tokens', async () => {
    const page = await openPage()
    await page.waitForFunction((n) => document.querySelectorAll('#tree button.skill').length === n, IDS.length)
    const ids = await page.$$eval('#tree button.skill', (buttons) => buttons.map((b) => b.getAttribute('data-skill-id')))
    expect(ids).toEqual(IDS)
    const billing = await page.textContent('#tree button[data-skill-id="billing"]')
    expect(billing).toContain('Refund an invoice or change a plan.')
    expect(billing).toMatch(/fs\d+ tokens/)
    expect(await page.textContent('#tree .folder > span')).toBe('ops/')
    await page.close()
  })

  it('lists every broken link of the catalogue under the diagnostics', async () => {
    const page = await openPage()
    await page.waitForSelector('#links-body .broken-link')
    expect(await page.$$eval('#links-body .broken-link', (l) => l.map((x) => x.textContent))).toEqual([
      'broken link in billing: references/nothing.md: no file "references/nothing.md" in the skill folder',
      'broken link in billing: iii://no/such/skill: no skill has the id "no/such/skill"',
    ])
    await page.click('#links-body a')
    await page.waitForFunction(() => document.querySelector('#reader h2.title')?.textContent === 'billing')
    await page.close()
  })

  it('shows search results as the user types', async () => {
    const page = await openPage()
    await page.fill('#search', 'refund invoice')
    await page.waitForSelector('#results:not([hidden]) button.skill')
    const first = await page.getAttribute('#results button.skill', 'data-skill-id')
    expect(first).toBe('billing')
    await page.close()
  })

  it('opens a skill with its outline, sections, files and broken links', async () => {
    const page = await openPage()
    await page.click('#tree button[data-skill-id="billing"]')
    await page.waitForSelector('#reader h2.title')
    expect(await page.textContent('#reader h2.title')).toBe('billing')
    expect(await page.$$eval('#outline button', (b) => b.map((x) => [x.textContent, x.getAttribute('data-anchor')]))).toEqual([
      ['Billing', 'billing'], ['Refunds', 'refunds'], ['Plans', 'plans'],
    ])
    expect(await page.$$eval('#body h2', (h) => h.map((x) => x.id))).toEqual(['refunds', 'plans'])
    expect(await page.$$eval('#files tbody tr', (rows) => rows.map((r) => r.getAttribute('data-path')))).toEqual(['SKILL.md', 'references/refund-form.md'])
    expect(await page.textContent('#files tbody tr:first-child td.digest')).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(await page.$$eval('#problems .broken-link', (l) => l.map((x) => x.textContent))).toEqual([
      'broken link references/nothing.md: no file "references/nothing.md" in the skill folder',
      'broken link iii://no/such/skill: no skill has the id "no/such/skill"',
    ])
    await page.click('#body a[href="#skill:deploy"]')
    await page.waitForFunction(() => document.querySelector('#reader h2.title')?.textContent === 'deploy')
    await page.close()
  })

  it('shows a file edit and a new skill without a reload', async () => {
    const page = await openPage('#skill:deploy')
    await page.waitForFunction(() => document.querySelector('#reader h2.title')?.textContent === 'deploy')
    await page.evaluate(() => { window.notReloaded = true })
    await page.waitForSelector('body[data-live="true"]')
    const path = join(dir, 'skills/deploy/SKILL.md')
    await writeFile(path, `${await readFile(path, 'utf8')}\n## Rollback\n\nUndo the last stage.\n`)
    await page.waitForSelector('#body h2#rollback', { timeout: 10_000 })
    await writeTree(dir, { 'notes/ops/pager.md': '# Pager\n\nWho is on call.\n' })
    await page.waitForSelector('#tree button[data-skill-id="ops/pager"]', { timeout: 10_000 })
    expect(await page.evaluate(() => window.notReloaded)).toBe(true)
    await page.close()
  })

  it('runs nothing and loads nothing from a hostile skill', async () => {
    const page = await openPage('#skill:hostile')
    await page.waitForFunction(() => document.querySelector('#reader h2.title')?.textContent === 'hostile')
    await page.fill('#search', 'harmless')
    await page.waitForSelector('#results:not([hidden]) button.skill')
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => window.pwned)).toBeUndefined()
    expect(await page.$$eval('script', (s) => s.map((x) => x.getAttribute('src')))).toEqual(['/_ui/app.js'])
    expect(await page.$$('#reader img, #reader iframe, #reader [onerror], #reader [onclick], #side img')).toEqual([])
    expect(await page.$$eval('#body a', (a) => a.map((x) => x.getAttribute('href')))).not.toContainEqual(expect.stringMatching(/^(javascript|data):/i))
    expect(await page.textContent('#tree button[data-skill-id="hostile"] .desc')).toContain('<script>window.pwned=2</script>')
    expect(await page.textContent('#body')).toContain('[image not loaded: remote]')
    expect(dialogs).toEqual([])
    expect(requests.filter((url) => !url.startsWith(new URL(pageUrl).origin))).toEqual([])
    await page.close()
  })
})
