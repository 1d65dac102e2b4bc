/** `iii-skills --embedded` over a tree written for the test, its catalogue page's URL, and Chromium. */
import { LOG } from '../../src/core/messages.js'
import { spawnSkills, stopAllChildren, type ChildHandle } from '../support/processes.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { launchChromium, type OpenBrowser } from './browser.js'

export interface ServedPage {
  dir: string
  skills: ChildHandle
  /** The page's URL, as the process logged it. */
  pageUrl: string
  chromium: OpenBrowser
  close(): Promise<void>
}

/** `args(dir)`: what serves the tree (`--config …` or `--skills-dir …`). */
export async function servePage(files: Record<string, string | Buffer>, args: (dir: string) => string[]): Promise<ServedPage> {
  const dir = await makeTempDir()
  await writeTree(dir, files)
  const skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', ...args(dir)])
  const pageUrl = String((await skills.waitForLog(LOG.cataloguePage)).url)
  const chromium = await launchChromium()
  return {
    dir, skills, pageUrl, chromium,
    close: async () => {
      await chromium.close()
      await stopAllChildren()
      await removeTempDir(dir)
    },
  }
}
