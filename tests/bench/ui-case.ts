/**
 * E17.4 in `npm run bench`: the catalogue page over 10,000 generated skill folders
 * (`iii-skills --embedded --skills-dir …`, tests/ui/generated-skills.ts). In Debian's Chromium: the
 * time from navigation to the first skill of the tree, on the first load after the process came up
 * (cold: nothing counted or digested yet) and on three loads after it (warm); and the size of the
 * page's first JSON. Targets: first paint ≤ 1 s (cold), first JSON ≤ 200 KB.
 */
import { existsSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { CHROMIUM, launchChromium } from '../ui/browser.js'
import { writeGeneratedSkills } from '../ui/generated-skills.js'
import type { TargetResult } from './report.js'
import type { Child } from './processes.js'
import { freePort } from '../support/processes.js'

export const UI_CASE = 'ui-catalogue'
const SKILLS = 10_000
const FIRST_PAGE = '/_ui/api/catalogue?offset=0&limit=300'
const PAINT_LIMIT_MS = 1000
const JSON_LIMIT_BYTES = 200 * 1024
const WARM_LOADS = 3

export interface UiBench {
  tmp: string
  wanted(id: string): boolean
  maxSkills: number
  /** Starts `iii-skills` (src/main) with these arguments. */
  spawn(name: string, args: string[]): Child
  log(line: string): void
}

export interface UiResult {
  skills: number
  coldPaintMs: number
  warmPaintMs: number
  firstJsonBytes: number
  firstJsonMs: number
}


function get(url: string): Promise<{ status: number; bytes: number; ms: number }> {
  const start = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - start }))
    })
    req.on('error', reject)
    req.end()
  })
}

export async function benchUi(bench: UiBench): Promise<UiResult | undefined> {
  if (!bench.wanted(UI_CASE) || bench.maxSkills < SKILLS) return undefined
  if (!existsSync(CHROMIUM)) {
    bench.log(`${UI_CASE}: skipped, no Chromium at ${CHROMIUM}`)
    return undefined
  }
  const root = join(bench.tmp, 'ui-skills')
  await writeGeneratedSkills(root, SKILLS)
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const child = bench.spawn('ui', ['--embedded', '--engine-port', '0', '--mcp-port', String(port), '--skills-dir', root])
  const chromium = await launchChromium()
  try {
    // Up once the page is served and the skills are scanned (diagnostics need the scan, not a count).
    for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 200))) {
      const ready = await get(`${origin}/_ui/api/diagnostics`).catch(() => undefined)
      if (ready?.status === 200) break
      if (Date.now() > deadline) throw new Error(`${UI_CASE}: the page never answered`)
    }
    const paint = async () => {
      const page = await chromium.browser.newPage()
      const start = performance.now()
      await page.goto(`${origin}/`)
      await page.waitForSelector('#tree button.skill', { state: 'attached', timeout: 60_000 })
      const ms = performance.now() - start
      await page.close()
      return ms
    }
    const coldPaintMs = await paint()
    const warm: number[] = []
    for (let i = 0; i < WARM_LOADS; i++) warm.push(await paint())
    warm.sort((a, b) => a - b)
    const first = await get(`${origin}${FIRST_PAGE}`)
    return { skills: SKILLS, coldPaintMs, warmPaintMs: warm[Math.floor(WARM_LOADS / 2)]!, firstJsonBytes: first.bytes, firstJsonMs: first.ms }
  } finally {
    await chromium.close()
    await child.stop()
  }
}

export function uiLines(result: UiResult | undefined): string {
  if (result === undefined) return ''
  return `catalogue page at ${result.skills.toLocaleString('en')} skills (E17.4): first paint ${result.coldPaintMs.toFixed(0)} ms cold, ` +
    `${result.warmPaintMs.toFixed(0)} ms warm (median of ${WARM_LOADS}); first JSON ${result.firstJsonBytes} bytes in ${result.firstJsonMs.toFixed(0)} ms\n`
}

export function uiTargets(result: UiResult | undefined): TargetResult[] {
  if (result === undefined) return []
  return [
    { target: 'E17.4 catalogue first paint at 10,000 skills', limit: `≤ ${PAINT_LIMIT_MS} ms (cold)`, measured: `${result.coldPaintMs.toFixed(0)} ms cold, ${result.warmPaintMs.toFixed(0)} ms warm`, met: result.coldPaintMs <= PAINT_LIMIT_MS },
    { target: 'E17.4 catalogue first JSON at 10,000 skills', limit: `≤ ${JSON_LIMIT_BYTES / 1024} KB`, measured: `${(result.firstJsonBytes / 1024).toFixed(1)} KB`, met: result.firstJsonBytes <= JSON_LIMIT_BYTES },
  ]
}
