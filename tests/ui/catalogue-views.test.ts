/**
 * E17 in Chromium at 1280×800 and 390×844: every view by its URL (a skill, a section, a file, a
 * search), Back and Forward, search results in view wherever the list was scrolled, list markers,
 * files in the reader, and a reader that never overflows sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { join } from 'node:path'
import type { OpenBrowser } from './browser.js'
import { servePage, type ServedPage } from './served-page.js'

// Only inside page.waitForFunction / page.evaluate callbacks, which run in the browser.
declare const document: any
declare const window: any
declare const location: any
declare function getComputedStyle(element: unknown): any

const LONG_DESCRIPTION = `Reconcile invoices with the ledger. ${'Every line of this description goes on and on about the ledger. '.repeat(8)}`
const WIDE_ROW = `| ${Array.from({ length: 14 }, (_, i) => `column-${i}-with-a-long-name`).join(' | ')} |`

const FILES: Record<string, string | Buffer> = {
  'skills/ledger/SKILL.md': `---
name: ledger
description: ${LONG_DESCRIPTION}
---
# Ledger

Read [the notes](references/notes.md) and run [the script](scripts/check.sh).

## Steps

1. Open the ledger.
2. Compare every invoice.
3. Write down what differs.

- a bullet
- another bullet

${'Filler paragraph about the ledger and its invoices, long enough to scroll the reader. '.repeat(40)}

## Wide table

${WIDE_ROW}
|${' --- |'.repeat(14)}
${WIDE_ROW}

An unbroken ${'x'.repeat(400)} word.

## Afterword

${'More about the ledger, so the wide table can scroll to the top of the reader. '.repeat(60)}
`,
  'skills/ledger/references/notes.md': '# Notes\n\nThe zebracorn rule: never reconcile on a Friday. See [the script](../scripts/check.sh).\n',
  'skills/ledger/scripts/check.sh': '#!/bin/sh\necho one\necho two\n',
  'skills/ledger/assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x01]),
  'config.yaml': 'skills:\n  - skills/**/SKILL.md\nprompts: []\n',
}
// Enough skills that the tree scrolls at either width.
for (let i = 0; i < 60; i++) {
  const n = String(i).padStart(2, '0')
  FILES[`skills/filler-${n}/SKILL.md`] = `---\nname: filler-${n}\ndescription: Filler skill ${n} about gardening.\n---\n# Filler ${n}\n\nNothing to see.\n`
}

const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 390, height: 844 }]

let pageUrl: string
let chromium: OpenBrowser
let served: ServedPage

beforeAll(async () => {
  served = await servePage(FILES, (root) => ['--config', join(root, 'config.yaml')])
  ;({ pageUrl, chromium } = served)
}, 60_000)

afterAll(async () => {
  await served?.close()
})

const titleIs = (page: Page, title: string) =>
  page.waitForFunction((t) => document.querySelector('#reader h2.title')?.textContent === t, title)

describe.each(VIEWPORTS)('the catalogue page at $width×$height', (viewport) => {
  const narrow = viewport.width <= 700

  async function openPage(hash = ''): Promise<Page> {
    const page = await chromium.browser.newPage()
    await page.setViewportSize(viewport)
    await page.goto(`${pageUrl}${hash}`)
    await page.waitForSelector('#tree button.skill', { state: 'attached' })
    return page
  }

  it('opens a skill pasted as a URL in a reader as wide as the screen allows, with no sideways overflow', async () => {
    const page = await openPage('#skill:ledger')
    await titleIs(page, 'ledger')
    const box = await page.evaluate(() => {
      const reader = document.querySelector('#reader')
      const rect = reader.getBoundingClientRect()
      return { width: rect.width, scrollWidth: reader.scrollWidth, clientWidth: reader.clientWidth, page: document.documentElement.scrollWidth, inner: window.innerWidth }
    })
    expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth)
    expect(box.page).toBeLessThanOrEqual(box.inner)
    expect(box.width).toBeGreaterThanOrEqual(narrow ? viewport.width - 1 : 700)
    expect(await page.isVisible('#side')).toBe(!narrow)
    // E20.2: a config without views gets no view switcher.
    expect(await page.$('#view-switcher')).toBeNull()
    await page.close()
  })

  it('scrolls the reader and the sidebar on their own, never the page', async () => {
    const page = await openPage('#skill:ledger')
    await titleIs(page, 'ledger')
    const scroll = await page.evaluate(() => {
      const reader = document.querySelector('#reader')
      reader.scrollTop = 400
      return { reader: reader.scrollTop, page: document.scrollingElement.scrollHeight - window.innerHeight, header: document.querySelector('header').getBoundingClientRect().top }
    })
    expect(scroll.reader).toBeGreaterThan(0)
    expect(scroll.page).toBeLessThanOrEqual(0)
    expect(scroll.header).toBe(0)
    await page.close()
  })

  it('keeps list markers, clamps long descriptions to three lines and scrolls wide tables inside themselves', async () => {
    const page = await openPage('#skill:ledger')
    await titleIs(page, 'ledger')
    expect(await page.$$eval('#body ol > li', (items) => items.map((li) => [getComputedStyle(li).display, getComputedStyle(li).listStyleType]))).toEqual([
      ['list-item', 'decimal'], ['list-item', 'decimal'], ['list-item', 'decimal'],
    ])
    expect(await page.$$eval('#body ul > li', (items) => items.map((li) => getComputedStyle(li).listStyleType))).toEqual(['disc', 'disc'])
    const table = await page.evaluate(() => {
      const t = document.querySelector('#body table')
      return { scrollWidth: t.scrollWidth, clientWidth: t.clientWidth, right: t.getBoundingClientRect().right, readerRight: document.querySelector('#reader').getBoundingClientRect().right }
    })
    expect(table.scrollWidth).toBeGreaterThan(table.clientWidth)
    expect(table.right).toBeLessThanOrEqual(table.readerRight)
    if (narrow) await page.click('#toggle-side')
    const desc = await page.evaluate(() => {
      const d = document.querySelector('#tree button[data-skill-id="ledger"] .desc')
      return { height: d.getBoundingClientRect().height, line: parseFloat(getComputedStyle(d).lineHeight), full: d.scrollHeight }
    })
    expect(desc.height).toBeLessThanOrEqual(desc.line * 3 + 1)
    expect(desc.full).toBeGreaterThan(desc.height)
    await page.close()
  })

  it('opens a section pasted as a URL scrolled to its heading', async () => {
    const page = await openPage('#skill:ledger#wide-table')
    await titleIs(page, 'ledger')
    await page.waitForFunction(() => {
      const top = document.querySelector('#wide-table').getBoundingClientRect().top
      const reader = document.querySelector('#reader').getBoundingClientRect()
      return top >= reader.top - 1 && top < reader.top + 100
    })
    await page.close()
  })

  it('opens files by URL: Markdown rendered, text with line numbers, a binary as a download with size and digest', async () => {
    const page = await openPage('#file:ledger/references/notes.md')
    await titleIs(page, 'references/notes.md')
    expect(await page.textContent('#body h1')).toBe('Notes')
    await page.click('#body a')
    await titleIs(page, 'scripts/check.sh')
    expect(await page.evaluate(() => location.hash)).toBe('#file:ledger/scripts/check.sh')
    expect(await page.$$eval('#lines li', (lines) => lines.map((l) => [l.textContent, getComputedStyle(l).listStyleType]))).toEqual([
      ['#!/bin/sh', 'decimal'], ['echo one', 'decimal'], ['echo two', 'decimal'],
    ])
    await page.evaluate(() => { location.hash = '#file:ledger/assets/logo.png' })
    await titleIs(page, 'assets/logo.png')
    expect(await page.textContent('#download')).toMatch(/ of 12 bytes, sha256:[0-9a-f]{64}: download$/)
    const href = await page.getAttribute('#download a', 'href')
    const response = await fetch(new URL(href!, pageUrl))
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="logo.png"')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(FILES['skills/ledger/assets/logo.png'])
    await page.close()
  })

  it('opens a file from the skill: a relative link in the body and a row of its files', async () => {
    const page = await openPage('#skill:ledger')
    await titleIs(page, 'ledger')
    await page.click('#body a[href="#file:references/notes.md"]')
    await titleIs(page, 'references/notes.md')
    expect(await page.evaluate(() => location.hash)).toBe('#file:ledger/references/notes.md')
    await page.goBack()
    await titleIs(page, 'ledger')
    await page.click('#files a[href="#file:ledger/scripts/check.sh"]')
    await titleIs(page, 'scripts/check.sh')
    await page.close()
  })

  it('moves between views with Back and Forward', async () => {
    const page = await openPage('#skill:ledger')
    await titleIs(page, 'ledger')
    if (narrow) await page.click('#toggle-side')
    await page.click('#tree button[data-skill-id="filler-07"]')
    await titleIs(page, 'filler-07')
    await page.goBack()
    await titleIs(page, 'ledger')
    expect(await page.evaluate(() => location.hash)).toBe('#skill:ledger')
    await page.goForward()
    await titleIs(page, 'filler-07')
    await page.close()
  })

  it('shows search results at the top of the list, in view, wherever the list was scrolled; the search has a URL', async () => {
    const page = await openPage('#skill:ledger')
    await titleIs(page, 'ledger')
    if (narrow) await page.click('#toggle-side')
    await page.evaluate(() => { document.querySelector('#side').scrollTop = 1e6 })
    expect(await page.evaluate(() => document.querySelector('#side').scrollTop)).toBeGreaterThan(0)
    await page.fill('#search', 'zebracorn')
    await page.waitForSelector('#results:not([hidden]) .file-hit')
    await page.waitForFunction(() => {
      const rect = document.querySelector('#results').getBoundingClientRect()
      return rect.top >= 0 && rect.top < window.innerHeight - 50
    })
    expect(await page.isVisible('#results .file-hit')).toBe(true)
    expect(await page.textContent('#results .file-hit a')).toBe('ledger › references/notes.md')
    expect(await page.$$eval('#results .file-hit mark', (marks) => marks.map((m) => m.textContent))).toEqual(['zebracorn'])
    expect(await page.evaluate(() => location.hash)).toBe('#search:zebracorn')
    await page.close()
  })

  it('opens a search pasted as a URL, with matches highlighted and the tree\'s badges', async () => {
    const page = await openPage('#search:invoices%20ledger')
    await page.waitForSelector('#results:not([hidden]) button.skill')
    expect(await page.inputValue('#search')).toBe('invoices ledger')
    const first = '#results button.skill[data-skill-id="ledger"]'
    expect(await page.isVisible(first)).toBe(true)
    expect(await page.$$eval(`${first} mark`, (marks) => marks.length)).toBeGreaterThan(0)
    expect(await page.$$eval(`${first} .badge`, (b) => b.map((x) => x.textContent))).toEqual(
      await page.$$eval('#tree button.skill[data-skill-id="ledger"] .badge', (b) => b.map((x) => x.textContent)))
    await page.close()
  })
})
