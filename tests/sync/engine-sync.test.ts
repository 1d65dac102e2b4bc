/**
 * E21 over `--url`: a running engine's catalogue (an embedded engine in process, the skills worker on
 * it), read only through the worker's functions: a real folder copied byte for byte, its binary
 * included (skills::sep-read), a folder the Skills Extension leaves out (its text files through
 * skill::read_skill_file), a skill registered with skills::register written as a SKILL.md whose body
 * is what iii://{id} serves; and --watch following registers, unregisters and file edits within 2 s.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { iiiUri, splitFrontmatter } from '../../src/core/index.js'
import { startTestEnvironment, SKILLS_DIR, type TestEnvironment } from '../support/engine.js'
import { REAL, copyReal, filesOf, invalidFolders, mtimesOf, removeTree, runSync, startSyncIn, tempDir, within } from './support.js'

let env: TestEnvironment
let outRoot: string

const STANDUP = '# Daily standup\n\nRun the team\'s daily standup: yesterday, today, blockers.\n'
const BILLING = '---\nname: billing-tools\ndescription: Refunds and invoices. Use when a customer asks about billing.\n---\n# Billing\n\nSee [the policy](references/policy.md).\n'

beforeAll(async () => {
  env = await startTestEnvironment({ skillsGlobs: [`${SKILLS_DIR}/**/SKILL.md`] })
  outRoot = await tempDir()
  await copyReal(REAL.deploy, join(env.tempRoot, SKILLS_DIR, 'deploy-to-vercel'))
  await mkdir(join(env.tempRoot, SKILLS_DIR, 'acme/billing/references'), { recursive: true })
  await writeFile(join(env.tempRoot, SKILLS_DIR, 'acme/billing/SKILL.md'), BILLING)
  await writeFile(join(env.tempRoot, SKILLS_DIR, 'acme/billing/references/policy.md'), 'Refund within 30 days.\n')
  await env.fsSettled()
  await env.call('skills::register', { id: 'team/standup', skill: STANDUP })
}, 60_000)

afterAll(async () => {
  await env?.close()
  await removeTree(outRoot)
})

const served = async (id: string) => ((await env.call<{ contents: Array<{ text: string }> }>('skills::resources-read', { uri: iiiUri(id) })).contents[0] as { text: string }).text

describe('iii-skills sync --url (E21.1)', () => {
  it('writes the engine\'s catalogue: folders byte for byte through the functions, a registered skill as a SKILL.md', async () => {
    const out = join(outRoot, 'once')
    const run = await runSync(['--url', env.url, '--to', out], outRoot)
    expect([run.code, run.err]).toEqual([0, ''])
    expect(run.out).toBe([`wrote ${join(out, 'billing-tools')}`, `wrote ${join(out, 'deploy-to-vercel')}`, `wrote ${join(out, 'team-standup')}`, '3 written, 0 removed, 0 unchanged', ''].join('\n'))
    expect(await filesOf(join(out, 'deploy-to-vercel'))).toEqual(await filesOf(join(env.tempRoot, SKILLS_DIR, 'deploy-to-vercel')))
    expect(await filesOf(join(out, 'billing-tools'))).toEqual(await filesOf(join(env.tempRoot, SKILLS_DIR, 'acme/billing')))
    const standup = await readFile(join(out, 'team-standup/SKILL.md'), 'utf8')
    expect(standup).toBe(`---\nname: team-standup\ndescription: "Daily standup"\n---\n${STANDUP}`)
    expect(splitFrontmatter(standup).body).toBe(await served('team/standup'))
    expect(await invalidFolders(out)).toEqual([])

    const before = await mtimesOf(out)
    const again = await runSync(['--url', env.url, '--to', out], outRoot)
    expect([again.code, again.out]).toEqual([0, '0 written, 0 removed, 3 unchanged\n'])
    expect(await mtimesOf(out)).toEqual(before)
  })

  it('--watch follows the engine within 2 s: a skill registered, a file edited, a skill unregistered; a stop leaves no temporary folder', async () => {
    const out = join(outRoot, 'watch')
    const { running, out: stdout } = await startSyncIn(['--url', env.url, '--to', out, '--watch'], outRoot)
    try {
      await within(10_000, async () => stdout.text.includes('3 written'), 'the first pass')
      // What it binds to hear of changes is internal and under the hard floor (D2): the engine's listing,
      // which MCP fronts make their tools from, does not show it.
      const listed = await env.call<{ functions?: Array<{ function_id: string }> } | Array<{ function_id: string }>>('engine::functions::list', {})
      const ids = (Array.isArray(listed) ? listed : listed.functions ?? []).map((fn) => fn.function_id)
      expect(ids).toContain('skills::register')
      expect(ids.filter((id) => id.includes('sync'))).toEqual([])
      await env.call('skills::register', { id: 'oncall', skill: '# On call\n\nWho answers the pager.\n' })
      expect(await within(2000, async () => (await readFile(join(out, 'oncall/SKILL.md'), 'utf8')).includes('Who answers the pager.'), 'oncall written')).toBeLessThan(2000)

      await writeFile(join(env.tempRoot, SKILLS_DIR, 'acme/billing/references/policy.md'), 'Refund within 14 days.\n')
      expect(await within(2000, async () => (await readFile(join(out, 'billing-tools/references/policy.md'), 'utf8')) === 'Refund within 14 days.\n', 'policy edit followed')).toBeLessThan(2000)

      await env.call('skills::unregister', { id: 'oncall' })
      expect(await within(2000, async () => !(await readdir(out)).includes('oncall'), 'oncall removed')).toBeLessThan(2000)
    } finally {
      await running.stop()
    }
    expect(await running.ended).toBe(0)
    expect((await readdir(out)).filter((name) => name.startsWith('.iii-skills-sync-tmp-'))).toEqual([])
    expect(await invalidFolders(out)).toEqual([])
  }, 30_000)
})
