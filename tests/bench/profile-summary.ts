/**
 * Where the time went: reads a V8 `.cpuprofile` (from `npm run bench -- --cpu-prof <dir>`) and
 * prints the functions with the most self time, and self time per source file.
 *
 *   node dist/tests/bench/profile-summary.js <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

interface Profile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

export interface SelfTime {
  key: string
  ms: number
}

/** Self time per key (function or file), largest first. */
export function selfTimes(profile: Profile, keyOf: (node: ProfileNode) => string): SelfTime[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const totals = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)
    if (node === undefined) return
    const key = keyOf(node)
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  return [...totals].map(([key, ms]) => ({ key, ms })).sort((a, b) => b.ms - a.ms)
}

function shortUrl(url: string): string {
  const at = url.lastIndexOf('/node_modules/')
  if (at >= 0) return url.slice(at + 1)
  const dist = url.indexOf('/dist/')
  return dist >= 0 ? url.slice(dist + 1) : url.replace(/^file:\/\//, '')
}

function main(): void {
  const [file, topArg] = process.argv.slice(2)
  if (file === undefined) throw new Error('usage: profile-summary <file.cpuprofile> [top]')
  const top = Number(topArg ?? 25)
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const total = (profile.endTime - profile.startTime) / 1000
  const print = (title: string, rows: SelfTime[]) => {
    process.stdout.write(`\n${title}\n`)
    for (const r of rows.slice(0, top)) {
      process.stdout.write(`${r.ms.toFixed(0).padStart(8)} ms ${((100 * r.ms) / total).toFixed(1).padStart(5)}%  ${r.key}\n`)
    }
  }
  process.stdout.write(`${file}: ${total.toFixed(0)} ms profiled\n`)
  print('self time by function', selfTimes(profile, (n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`))
  print('self time by file', selfTimes(profile, (n) => shortUrl(n.callFrame.url) || `(${n.callFrame.functionName})`))
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop() as string)) main()
