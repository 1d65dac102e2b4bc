/**
 * `npm run screenshot`: the catalogue page over the demo catalogue (what `npm start` serves), one
 * skill open, saved as docs/catalogue.png for README.
 */
import { LOG } from '../../src/core/messages.js'
import { DEMO_CONFIG, spawnSkills, stopAllChildren } from '../support/processes.js'
import { launchChromium } from './browser.js'

const OUT = 'docs/catalogue.png'

const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', DEMO_CONFIG])
const url = String((await skills.waitForLog(LOG.cataloguePage)).url)
const chromium = await launchChromium()
try {
  const page = await chromium.browser.newPage()
  await page.goto(`${url}#skill:iii-skills`)
  await page.waitForSelector('#reader h2.title')
  await page.fill('#search', 'commit')
  await page.waitForSelector('#results:not([hidden]) button.skill')
  await page.screenshot({ path: OUT })
  process.stdout.write(`wrote ${OUT}\n`)
} finally {
  await chromium.close()
  await stopAllChildren()
}
