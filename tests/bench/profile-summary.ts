/**
 * Where the time went: reads a V8 `.cpuprofile` (from `npm run bench -- --cpu-prof <dir>`) and
 * prints the functions with the most self time, and self time per source file.
 *
 *   node dist/tests/bench/profile-summary.js <file.cpuprofile> [top=25] [window ms]
 *
 * With a window, it also prints a timeline: per window from the profile's start, how much of it was
 * busy (not idle) and the functions with the most self time in it (E19: where a start spends its time).
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

export interface Window {
  startMs: number
  busyMs: number
  top: SelfTime[]
}

/** Self time per function in consecutive windows of `windowMs` from the profile's start. */
export function timeline(profile: Profile, windowMs: number, keyOf: (node: ProfileNode) => string, top = 3): Window[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const windows: Array<Map<string, number>> = []
  let at = 0
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000
    at += delta
    const node = byId.get(id)
    if (node === undefined) return
    const index = Math.floor(at / windowMs)
    const totals = (windows[index] ??= new Map())
    const key = keyOf(node)
    totals.set(key, (totals.get(key) ?? 0) + delta)
  })
  return Array.from(windows, (totals, i) => {
    const rows = [...(totals ?? new Map<string, number>())].map(([key, ms]) => ({ key, ms })).sort((a, b) => b.ms - a.ms)
    const busy = rows.filter((r) => !r.key.startsWith('(idle)')).reduce((sum, r) => sum + r.ms, 0)
    return { startMs: i * windowMs, busyMs: busy, top: rows.filter((r) => !r.key.startsWith('(idle)')).slice(0, top) }
  })
}

function shortUrl(url: string): string {
  const at = url.lastIndexOf('/node_modules/')
  if (at >= 0) return url.slice(at + 1)
  const dist = url.indexOf('/dist/')
  return dist >= 0 ? url.slice(dist + 1) : url.replace(/^file:\/\//, '')
}

function main(): void {
  const [file, topArg, windowArg] = process.argv.slice(2)
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
  const fn = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`
  if (windowArg !== undefined) {
    process.stdout.write(`\ntimeline (${windowArg} ms windows: busy ms, then the top functions by self time)\n`)
    for (const w of timeline(profile, Number(windowArg), fn)) {
      process.stdout.write(`${String(w.startMs).padStart(7)} ms ${w.busyMs.toFixed(0).padStart(5)} busy  ${w.top.map((r) => `${r.key} ${r.ms.toFixed(0)}`).join(' | ')}\n`)
    }
  }
  print('self time by file', selfTimes(profile, (n) => shortUrl(n.callFrame.url) || `(${n.callFrame.functionName})`))
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop() as string)) main()
