/**
 * E20.2 in Chromium: the catalogue page offers a view switcher when config.yaml has views, reads the
 * tree, search and a skill through the chosen view, keeps it in the URL (`#view:NAME`, so a pasted
 * URL opens the view), and a skill outside the view is absent there; no switcher without views.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { join } from 'node:path'
import { servePage, type ServedPage } from './served-page.js'

// Only inside page.waitForFunction / page.evaluate callbacks, which run in the browser.
declare const document: any
declare const location: any

const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill, to review code and query data.\n---\n# ${name}\n\nReview code and query data with ${name}.\n`
const FILES = {
  'skills/review-code/SKILL.md': skill('review-code'),
  'skills/review-docs/SKILL.md': skill('review-docs'),
  'skills/data-sql/SKILL.md': skill('data-sql'),
  'config.yaml': 'skills: ["skills/*/SKILL.md"]\nviews:\n  review:\n    include: ["review-*"]\n  data:\n    include: ["data-*"]\n',
}

let served: ServedPage

beforeAll(async () => {
  served = await servePage(FILES, (root) => ['--config', join(root, 'config.yaml')])
}, 60_000)

afterAll(async () => {
  await served?.close()
})

const treeIds = (page: Page) => page.evaluate(() => [...document.querySelectorAll('#tree button.skill')].map((b: any) => b.dataset.skillId).sort())
const treeIs = (page: Page, ids: string[]) =>
  page.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('#tree button.skill')].map((b: any) => b.dataset.skillId).sort()) === JSON.stringify(want), ids)

async function openPage(hash = ''): Promise<Page> {
  const page = await served.chromium.browser.newPage()
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`${served.pageUrl}${hash}`)
  await page.waitForSelector('#tree button.skill', { state: 'attached' })
  return page
}

describe('the view switcher (E20.2)', () => {
  it('offers every view and all skills, and switching reads the tree through the view', async () => {
    const page = await openPage()
    await page.waitForSelector('#view-switcher')
    expect(await page.evaluate(() => [...document.querySelectorAll('#view-switcher option')].map((o: any) => [o.value, o.textContent]))).toEqual([['', 'All skills'], ['review', 'View: review'], ['data', 'View: data']])
    await treeIs(page, ['data-sql', 'review-code', 'review-docs'])
    await page.selectOption('#view-switcher', 'review')
    await treeIs(page, ['review-code', 'review-docs'])
    expect(await page.evaluate(() => location.hash)).toBe('#view:review')
    expect(await page.textContent('#count')).toBe('(2)')
    await page.selectOption('#view-switcher', '')
    await treeIs(page, ['data-sql', 'review-code', 'review-docs'])
    await page.close()
  })

  it('opens a pasted #view:NAME through the view, with search and skills read through it', async () => {
    const page = await openPage('#view:data')
    await treeIs(page, ['data-sql'])
    expect(await page.inputValue('#view-switcher')).toBe('data')
    await page.fill('#search', 'review code')
    await page.press('#search', 'Enter')
    await page.waitForFunction(() => document.querySelector('#results')?.hidden === false)
    await page.waitForFunction(() => document.querySelectorAll('#results ol li').length > 0)
    const found = await page.evaluate(() => [...document.querySelectorAll('#results ol li')].map((li: any) => li.textContent))
    expect(found.join(' ')).toContain('data-sql')
    expect(found.join(' ')).not.toContain('review-')
    // A skill outside the view, asked for by URL, is absent: the page says no such skill.
    await page.evaluate(() => { location.hash = '#skill:review-code' })
    await page.waitForFunction(() => (document.querySelector('#status')?.textContent ?? '').includes('no skill has the id'))
    expect(await page.textContent('#status')).toBe('no skill has the id "review-code"')
    await page.evaluate(() => { location.hash = '#skill:data-sql' })
    await page.waitForFunction(() => document.querySelector('#reader h2.title')?.textContent === 'data-sql')
    expect(await treeIds(page)).toEqual(['data-sql'])
    await page.close()
  })
})
