/**
 * E13.1 in `npm run bench`: the MCP Skills Extension's catalogue (`skills::sep-list`, which answers
 * `skills/list` pages and `skills/get`) over the real corpora and over 10,000 generated skill
 * folders, each served by a skills worker of its own with one `--skills-dir`.
 *
 * - `shared/corpora`: every page of 100 in order, timed together, first when the worker has just
 *   come up (nothing digested yet) and again (warm); `skills/get` measured against its floor.
 *   Targets: every page together ≤ 1 s (the first pass), `skills/get` p50 ≤ 20 ms.
 * - 10,000 generated folders (a SKILL.md and two reference files each): the first page, a middle
 *   page and one `skills/get`, each against its floor. Target: each ≤ 3× its floor.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { TargetResult } from './report.js'
import { renderTable, type Column } from './table.js'

export const SEP_GENERATED = 10_000
const PAGE = 100
const CORPORA = resolve('../shared/corpora')
const PAGING_LIMIT_MS = 1000
const GET_LIMIT_MS = 20

export interface SepBench {
  tmp: string
  /** Starts a skills worker with this config and these extra command-line arguments. */
  startWorker(config: object, args: string[]): Promise<{ stop(): Promise<void> }>
  call(functionId: string, payload: unknown): Promise<unknown>
  measure(spec: { id: string; label: string; functionId: string; payload: unknown; skills: number }): Promise<void>
  wanted(id: string): boolean
  maxSkills: number
}

export interface SepPaging {
  catalogue: string
  skills: number
  pages: number
  firstPassMs: number
  warmPassMs: number
}

interface Page {
  skills: Array<{ uri: string }>
  more?: boolean
}

/** Every page in order; how long they took together, and the URIs seen. */
async function pageThrough(call: SepBench['call']): Promise<{ ms: number; uris: string[]; pages: number }> {
  const uris: string[] = []
  let pages = 0
  const start = performance.now()
  for (let after: string | undefined; ;) {
    const page = (await call('skills::sep-list', { limit: PAGE, ...(after === undefined ? {} : { after }) })) as Page
    pages++
    uris.push(...page.skills.map((s) => s.uri))
    if (page.more !== true) break
    after = page.skills.at(-1)!.uri
  }
  return { ms: performance.now() - start, uris, pages }
}

async function untilServed(call: SepBench['call'], least: number): Promise<number> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const listed = (await call('skills::list', {}).catch(() => ({ skills: [] }))) as { skills: unknown[] }
    if (listed.skills.length >= least) return listed.skills.length
  }
  throw new Error(`fewer than ${least} skills served after 120 s`)
}

/** `count` skill folders under `root`: SKILL.md (name = folder) and two reference files each. */
async function writeSkillFolders(root: string, count: number): Promise<void> {
  for (let start = 0; start < count; start += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - start) }, async (_, k) => {
      const i = start + k
      const name = `skill-${String(i).padStart(5, '0')}`
      const folder = join(root, `group-${String(i % 100).padStart(2, '0')}`, name)
      await mkdir(join(folder, 'references'), { recursive: true })
      await writeFile(join(folder, 'SKILL.md'), `---\nname: ${name}\ndescription: Generated skill ${i} for the bench. Use when testing catalogue paging.\n---\n# Skill ${i}\n\nBody ${i}.\n`)
      await writeFile(join(folder, 'references/guide.md'), `# Guide ${i}\n\n${'Some guidance. '.repeat(40)}\n`)
      await writeFile(join(folder, 'references/data.json'), JSON.stringify({ i, values: Array.from({ length: 50 }, (_, v) => v * i) }))
    }))
  }
}

export async function benchSep(bench: SepBench): Promise<SepPaging[]> {
  const results: SepPaging[] = []
  if (bench.wanted('sep-corpora')) {
    const worker = await bench.startWorker({ scopes: { skills: 'bench-sep-corpora', prompts: 'bench-sep-corpora-p' } }, ['--skills-dir', CORPORA])
    try {
      const skills = await untilServed(bench.call, 1000)
      const first = await pageThrough(bench.call)
      const warm = await pageThrough(bench.call)
      results.push({ catalogue: 'shared/corpora', skills: first.uris.length, pages: first.pages, firstPassMs: first.ms, warmPassMs: warm.ms })
      const uri = first.uris[Math.floor(first.uris.length / 2)]!
      await bench.measure({ id: 'sep-get@corpora', label: 'skills/get (skills::sep-list {uri}), real corpora', functionId: 'skills::sep-list', payload: { uri }, skills })
    } finally {
      await worker.stop()
    }
  }
  if (bench.wanted(`sep-page@${SEP_GENERATED}`) && bench.maxSkills >= SEP_GENERATED) {
    const root = join(bench.tmp, 'sep-generated')
    await writeSkillFolders(root, SEP_GENERATED)
    const worker = await bench.startWorker({ scopes: { skills: 'bench-sep-gen', prompts: 'bench-sep-gen-p' } }, ['--skills-dir', root])
    try {
      const skills = await untilServed(bench.call, SEP_GENERATED)
      const first = await pageThrough(bench.call)
      const warm = await pageThrough(bench.call)
      results.push({ catalogue: `${SEP_GENERATED} generated`, skills: first.uris.length, pages: first.pages, firstPassMs: first.ms, warmPassMs: warm.ms })
      const middle = first.uris[Math.floor(first.uris.length / 2)]!
      await bench.measure({ id: `sep-page@${SEP_GENERATED}`, label: 'skills/list first page (100)', functionId: 'skills::sep-list', payload: { limit: PAGE }, skills })
      await bench.measure({ id: `sep-page-middle@${SEP_GENERATED}`, label: 'skills/list middle page (100)', functionId: 'skills::sep-list', payload: { limit: PAGE, after: middle }, skills })
      await bench.measure({ id: `sep-get@${SEP_GENERATED}`, label: 'skills/get (skills::sep-list {uri})', functionId: 'skills::sep-list', payload: { uri: middle }, skills })
    } finally {
      await worker.stop()
    }
  }
  return results
}

const COLUMNS: Column<SepPaging>[] = [
  { header: 'skills/list, every page (E13.1)', align: 'left', cell: (r) => r.catalogue },
  { header: 'skills', align: 'right', cell: (r) => String(r.skills) },
  { header: 'pages', align: 'right', cell: (r) => String(r.pages) },
  { header: 'first pass ms', align: 'right', cell: (r) => r.firstPassMs.toFixed(0) },
  { header: 'warm pass ms', align: 'right', cell: (r) => r.warmPassMs.toFixed(0) },
]

export function renderSep(results: SepPaging[]): string {
  return renderTable(COLUMNS, results)
}

/** The corpora targets, absolute: every page together, and skills/get's p50. */
export function sepTargets(results: SepPaging[], getP50Ms: number | undefined): TargetResult[] {
  const corpora = results.find((r) => r.catalogue === 'shared/corpora')
  if (corpora === undefined) return []
  return [
    {
      target: 'E13.1 skills/list, every page of shared/corpora', limit: `≤ ${PAGING_LIMIT_MS} ms together`,
      measured: `${corpora.firstPassMs.toFixed(0)} ms first pass, ${corpora.warmPassMs.toFixed(0)} ms warm (${corpora.pages} pages)`,
      met: corpora.firstPassMs <= PAGING_LIMIT_MS,
    },
    {
      target: 'E13.1 skills/get over shared/corpora', limit: `p50 ≤ ${GET_LIMIT_MS} ms`,
      measured: getP50Ms === undefined ? 'not measured' : `${getP50Ms.toFixed(2)} ms`,
      met: getP50Ms !== undefined && getP50Ms <= GET_LIMIT_MS,
    },
  ]
}
