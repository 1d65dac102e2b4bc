/**
 * E21.1's `--view` (E20): sync writes only the skills of one view, from the fs sources (the config's
 * `views:`) or over `--url` (the engine worker's views, through skills::in-view), registered skills
 * included; an unknown view is a usage error naming the views that exist.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestEnvironment, SKILLS_DIR, type TestEnvironment } from '../support/engine.js'
import { writeTree } from '../support/temp-tree.js'
import { REAL, copyReal, filesOf, invalidFolders, removeTree, runSync, tempDir } from './support.js'

const VIEWS = { deploy: { include: ['deploy-*', 'team/*'] }, themes: { include: ['theme-*'] } }
const STANDUP = '# Daily standup\n\nRun the team\'s daily standup: yesterday, today, blockers.\n'

let root: string
let env: TestEnvironment

beforeAll(async () => {
  root = await tempDir()
  await copyReal(REAL.deploy, join(root, 'src/skills/deploy-to-vercel'))
  await copyReal(REAL.themes, join(root, 'src/skills/theme-factory'))
  await copyReal(REAL.brainstorming, join(root, 'src/skills/brainstorming'))
  await writeTree(root, { 'src/config.yaml': `skills: ["skills/*/SKILL.md"]\nviews: ${JSON.stringify(VIEWS)}\n` })
  env = await startTestEnvironment({ skillsGlobs: [`${SKILLS_DIR}/*/SKILL.md`], views: VIEWS })
  await copyReal(REAL.deploy, join(env.tempRoot, SKILLS_DIR, 'deploy-to-vercel'))
  await copyReal(REAL.themes, join(env.tempRoot, SKILLS_DIR, 'theme-factory'))
  await env.fsSettled()
  await env.call('skills::register', { id: 'team/standup', skill: STANDUP })
  await env.call('skills::register', { id: 'other/standup', skill: STANDUP })
}, 60_000)

afterAll(async () => {
  await env?.close()
  await removeTree(root)
})

const folders = async (dir: string) => (await readdir(dir)).filter((name) => !name.startsWith('.')).sort()

describe('iii-skills sync --view (E20, E21.1)', () => {
  it('from the fs sources writes only the view\'s skills, byte for byte', async () => {
    const out = join(root, 'fs-out')
    const run = await runSync(['--config', join(root, 'src/config.yaml'), '--view', 'themes', '--to', out], root)
    expect([run.code, run.err]).toEqual([0, ''])
    expect(run.out).toBe([`wrote ${join(out, 'theme-factory')}`, '1 written, 0 removed, 0 unchanged', ''].join('\n'))
    expect(await folders(out)).toEqual(['theme-factory'])
    expect(await filesOf(join(out, 'theme-factory'))).toEqual(await filesOf(join(root, 'src/skills/theme-factory')))
    expect(await invalidFolders(out)).toEqual([])
  })

  it('over --url writes only the engine view\'s skills, a registered one included', async () => {
    const out = join(root, 'url-out')
    const run = await runSync(['--url', env.url, '--view', 'deploy', '--to', out], root)
    expect([run.code, run.err]).toEqual([0, ''])
    expect(await folders(out)).toEqual(['deploy-to-vercel', 'team-standup'])
    expect(await filesOf(join(out, 'deploy-to-vercel'))).toEqual(await filesOf(join(env.tempRoot, SKILLS_DIR, 'deploy-to-vercel')))
    expect(await invalidFolders(out)).toEqual([])
  })

  it('an unknown view is a usage error naming the views (fs), or the engine worker\'s refusal (--url)', async () => {
    const run = await runSync(['--config', join(root, 'src/config.yaml'), '--view', 'nope', '--to', join(root, 'x')], root)
    expect([run.code, run.out, run.err]).toEqual([2, '', 'error: unknown view "nope"; the views are "deploy", "themes"\n'])
    await expect(runSync(['--url', env.url, '--view', 'nope', '--to', join(root, 'y')], root)).rejects.toThrow('unknown view "nope"')
  })
})
