/**
 * `npm run screenshot`: the catalogue page over the demo catalogue (what `npm start` serves) at
 * 1280×800 (a skill open, a search typed) and 390×844 (a skill open in the full-width reader), saved
 * as docs/catalogue-1280.png and docs/catalogue-390.png for README.
 */
import { LOG } from '../../src/core/messages.js'
import { DEMO_CONFIG, spawnSkills, stopAllChildren } from '../support/processes.js'
import { launchChromium } from './browser.js'

const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', DEMO_CONFIG])
const url = String((await skills.waitForLog(LOG.cataloguePage)).url)
const chromium = await launchChromium()
try {
  const wide = await chromium.browser.newPage()
  await wide.setViewportSize({ width: 1280, height: 800 })
  await wide.goto(`${url}#skill:commit-message`)
  await wide.waitForSelector('#reader h2.title')
  await wide.fill('#search', 'commit')
  await wide.waitForSelector('#results:not([hidden]) button.skill')
  await save(wide, 'docs/catalogue-1280.png')

  const narrow = await chromium.browser.newPage()
  await narrow.setViewportSize({ width: 390, height: 844 })
  await narrow.goto(`${url}#skill:commit-message`)
  await narrow.waitForSelector('#reader h2.title')
  await save(narrow, 'docs/catalogue-390.png')
} finally {
  await chromium.close()
  await stopAllChildren()
}

async function save(page: import('playwright-core').Page, path: string): Promise<void> {
  await page.waitForSelector('#tree button.skill', { state: 'attached' })
  await page.screenshot({ path })
  process.stdout.write(`wrote ${path}\n`)
}
