/**
 * Debian's Chromium, driven by playwright-core (which never downloads a browser). `.ci/run`
 * installs the `chromium` package when /usr/bin/chromium is missing. The flags keep Chromium off
 * the network it would otherwise try (updates, sync, Google lookups), which this machine refuses;
 * playwright gives each launch a fresh profile of its own.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface OpenBrowser {
  browser: BrowserContext
  close(): Promise<void>
}

/** `extraArgs`: more Chromium flags (the attack tests map a foreign host name to loopback). */
export async function launchChromium(extraArgs: string[] = []): Promise<OpenBrowser> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', ...extraArgs,
    ],
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } })
  return {
    browser: context,
    close: () => browser.close(),
  }
}
