/**
 * E17.4 in Chromium: diagnostics grouped (skipped files by kind, warnings by skill), each group of
 * warnings linked to its skill, instead of one wall of lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenBrowser } from './browser.js'
import { servePage, type ServedPage } from './served-page.js'

declare const document: any

let pageUrl: string
let chromium: OpenBrowser
let served: ServedPage

beforeAll(async () => {
  served = await servePage({
    'My Skill/SKILL.md': '---\nname: my-skill\ndescription: Mine.\n---\n# Mine\n',
    'ok/SKILL.md': '---\nname: other-name\ndescription: Named otherwise.\n---\n# Ok\n',
    'bad/SKILL.md': '---\nname: [unclosed\ndescription: x\n---\n# Bad\n',
    'worse/SKILL.md': '---\nname: [unclosed too\n---\n# Worse\n',
  }, (dir) => ['--skills-dir', dir])
  ;({ pageUrl, chromium } = served)
}, 60_000)

afterAll(async () => {
  await served?.close()
})

describe('the diagnostics of the catalogue page', () => {
  it('groups skipped files by kind and warnings by skill, each group linked to its skill', async () => {
    const page = await chromium.browser.newPage()
    await page.goto(pageUrl)
    await page.waitForSelector('#diagnostics-body details')
    expect(await page.$$eval('#diagnostics-body details > summary', (s) => s.map((x) => x.textContent))).toEqual([
      'skipped skill (2)', 'warnings for my-skill (1)', 'warnings for ok (2)',
    ])
    expect(await page.$$eval('#diagnostics-body details summary a', (a) => a.map((x) => x.getAttribute('href')))).toEqual(['#skill:my-skill', '#skill:ok'])
    await page.click('#diagnostics-body summary a[href="#skill:ok"]')
    await page.waitForFunction(() => document.querySelector('#reader .meta')?.textContent?.startsWith('iii://ok '))
    await page.close()
  })
})
