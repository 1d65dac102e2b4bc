/**
 * docs/sync.md (E21.5): every `sh` block of the guide run as written, with the built command as
 * `iii-skills` on PATH, HOME a temp dir holding `~/src/skills` (real folders of shared/corpora) and a
 * project with a `config.yaml`; the `--url` block against an engine in this process (its URL put in
 * place of the default one). Each run exits 0 and fills every `--to` folder with folders skills-ref
 * accepts; the `--watch` block runs until SIGTERM and exits 0.
 */
import { spawn } from 'node:child_process'
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPOSITORY } from '../support/corpora.js'
import { SKILLS_DIR, startTestEnvironment, type TestEnvironment } from '../support/engine.js'
import { REAL, copyReal, invalidFolders, removeTree, tempDir, within } from './support.js'

const GUIDE = join(REPOSITORY, 'docs/sync.md')
const DEFAULT_URL = 'ws://127.0.0.1:49134'

let home: string
let project: string
let bin: string
let env: TestEnvironment

beforeAll(async () => {
  home = await tempDir()
  project = join(home, 'project')
  bin = join(home, 'bin')
  await copyReal(REAL.brainstorming, join(home, 'src/skills/brainstorming'))
  await copyReal(REAL.deploy, join(home, 'src/skills/deploy-to-vercel'))
  await copyReal(REAL.themes, join(project, 'skills/theme-factory'))
  await writeFile(join(project, 'config.yaml'), 'skills:\n  - "skills/**/SKILL.md"\n')
  await mkdir(bin, { recursive: true })
  await writeFile(join(bin, 'iii-skills'), `#!/bin/sh\nexec "${process.execPath}" "${join(REPOSITORY, 'dist/src/main.js')}" "$@"\n`)
  await chmod(join(bin, 'iii-skills'), 0o755)
  env = await startTestEnvironment({ skillsGlobs: [`${SKILLS_DIR}/**/SKILL.md`] })
  await copyReal(REAL.deploy, join(env.tempRoot, SKILLS_DIR, 'deploy-to-vercel'))
  await env.fsSettled()
  await env.call('skills::register', { id: 'team/standup', skill: '# Daily standup\n\nYesterday, today, blockers.\n' })
}, 60_000)

afterAll(async () => {
  await env?.close()
  await removeTree(home)
})

async function shellBlocks(): Promise<string[]> {
  const text = await readFile(GUIDE, 'utf8')
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => (m[1] as string).trim())
}

/** The `--to` folders a command names, as the shell in `project` with HOME `home` resolves them. */
function targetsOf(command: string): string[] {
  return [...command.matchAll(/--to (\S+)/g)].map((m) => resolve(project, (m[1] as string).replace(/^~\//, `${home}/`)))
}

function sh(command: string) {
  const child = spawn('/bin/sh', ['-c', `exec ${command}`], { cwd: project, env: { ...process.env, HOME: home, PATH: `${bin}:${process.env.PATH ?? ''}` }, stdio: ['ignore', 'pipe', 'pipe'] })
  const output = { out: '', err: '' }
  child.stdout.on('data', (chunk: Buffer) => { output.out += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output.err += chunk.toString() })
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
  return { child, output, exited }
}

describe('docs/sync.md (E21.5)', () => {
  it('has the one-line setups: Claude Code, Codex, Gemini CLI, a project\'s .agents/skills', async () => {
    const blocks = await shellBlocks()
    const targets = blocks.flatMap(targetsOf)
    for (const folder of ['.claude/skills', '.agents/skills', '.gemini/skills']) expect(targets).toContain(join(home, folder))
    expect(targets).toContain(join(project, '.agents/skills'))
    expect(blocks.every((block) => block.split('\n').length === 1 && block.startsWith('iii-skills sync '))).toBe(true)
  })

  it('runs every shell block as written', async () => {
    const blocks = await shellBlocks()
    expect(blocks.length).toBeGreaterThanOrEqual(6)
    for (const block of blocks) {
      const command = block.replace(DEFAULT_URL, env.url)
      const run = sh(command)
      if (command.includes('--watch')) {
        await within(15_000, async () => / written, \d+ removed, \d+ unchanged\n/.test(run.output.out), `${block}: a first pass`)
        run.child.kill('SIGTERM')
      }
      expect([block, await run.exited, run.output.err.split('\n').filter((line) => !line.startsWith('watching: '))]).toEqual([block, 0, ['']])
      for (const target of targetsOf(command)) {
        const folders = (await readdir(target)).filter((name) => !name.startsWith('.'))
        expect([block, target, folders.length > 0]).toEqual([block, target, true])
        expect([block, await invalidFolders(target)]).toEqual([block, []])
      }
    }
    // The engine's catalogue replaced the config's in the project's folder: one folder follows one catalogue.
    expect((await readdir(join(project, '.agents/skills'))).sort()).toEqual(['.iii-skills-sync.json', 'deploy-to-vercel', 'team-standup'])
  }, 60_000)
})
