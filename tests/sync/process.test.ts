/**
 * E21.3, E21.4 with the built command (`npm run build`, then `node dist/src/main.js sync …`, as a user
 * runs it): exit codes; `--watch` following a file edit within 2 s; SIGTERM, even in the middle of
 * writing a large folder, ending the process with exit 0 within 2 s and no temporary folder left.
 */
import { spawn } from 'node:child_process'
import { watch } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPOSITORY } from '../support/corpora.js'
import { REAL, copyReal, filesOf, invalidFolders, removeTree, tempDir, within } from './support.js'

const MAIN = join(REPOSITORY, 'dist/src/main.js')
/** 84 files, 5.5 MB: a write long enough to be stopped in the middle. */
const LARGE = 'ComposioHQ-awesome-claude-skills/canvas-design'

let root: string
let src: string

beforeAll(async () => {
  root = await tempDir()
  src = join(root, 'src')
  await copyReal(REAL.brainstorming, join(src, 'brainstorming'))
  await copyReal(LARGE, join(src, 'canvas-design'))
})

afterAll(async () => {
  await removeTree(root)
})

function start(args: string[]) {
  const child = spawn(process.execPath, [MAIN, 'sync', ...args], { cwd: root, env: { ...process.env, HOME: root }, stdio: ['ignore', 'pipe', 'pipe'] })
  const output = { out: '', err: '' }
  child.stdout.on('data', (chunk: Buffer) => { output.out += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output.err += chunk.toString() })
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })))
  return { child, output, exited }
}

const temporaries = async (dir: string) => (await readdir(dir)).filter((name) => name.startsWith('.iii-skills-sync-tmp-'))

describe('the built command (E21.3, E21.4)', () => {
  it('exits 0 on success, 1 when no engine answers at --url, 2 on a usage error', async () => {
    const out = join(root, 'once')
    const ok = start(['--skills-dir', src, '--to', out])
    expect((await ok.exited).code).toBe(0)
    expect(ok.output.out).toBe(`wrote ${join(out, 'brainstorming')}\nwrote ${join(out, 'canvas-design')}\n2 written, 0 removed, 0 unchanged\n`)
    expect(await filesOf(join(out, 'canvas-design'))).toEqual(await filesOf(join(src, 'canvas-design')))
    expect(await invalidFolders(out)).toEqual([])
    const unreachable = start(['--url', 'ws://127.0.0.1:1', '--to', join(root, 'nowhere')])
    expect((await unreachable.exited).code).toBe(1)
    expect(unreachable.output.err).toMatch(/^iii-skills: no skills worker answered at ws:\/\/127\.0\.0\.1:1: /m)
    expect(unreachable.output.out).toBe('')
    const usage = start(['--skills-dir', src, '--to', join(src, 'inside')])
    expect((await usage.exited).code).toBe(2)
    expect(usage.output.err).toBe(`error: --to ${join(src, 'inside')} is inside the source root ${src}: sync would read its own output\n`)
  }, 30_000)

  it('--watch follows a file edit within 2 s; SIGTERM in the middle of a write exits 0 within 2 s, no temporary folder left', async () => {
    const out = join(root, 'watched')
    const run = start(['--skills-dir', src, '--to', out, '--watch'])
    await within(15_000, async () => run.output.out.includes('2 written, 0 removed, 0 unchanged\n'), 'the first pass')
    await writeFile(join(src, 'brainstorming/visual-companion.md'), 'edited while watched\n')
    expect(await within(2000, async () => (await readFile(join(out, 'brainstorming/visual-companion.md'), 'utf8')) === 'edited while watched\n', 'the edit followed')).toBeLessThan(2000)

    // A change to the large folder, then SIGTERM as soon as its temporary sibling appears.
    const watcher = watch(out)
    const underWay = new Promise<void>((resolve) => watcher.on('change', (_event, name) => {
      if (String(name).startsWith('.iii-skills-sync-tmp-canvas-design')) resolve()
    }))
    await writeFile(join(src, 'canvas-design/SKILL.md'), `${await readFile(join(src, 'canvas-design/SKILL.md'), 'utf8')}\nOne more line.\n`)
    await Promise.race([underWay, new Promise((_, reject) => setTimeout(() => reject(new Error('no write of canvas-design began')), 5000))])
    watcher.close()
    const signalled = Date.now()
    run.child.kill('SIGTERM')
    const { code, at } = await run.exited
    expect(code).toBe(0)
    expect(at - signalled).toBeLessThan(2000)
    expect(await temporaries(out)).toEqual([])
    expect(await invalidFolders(out)).toEqual([])
    expect(run.output.err).toBe('watching: the folder follows the catalogue until SIGTERM or SIGINT\n')
  }, 40_000)
})
