/**
 * E3 over the wire: files are added, edited (same size, same mtime, right after a read), deleted
 * and renamed (files and whole folders) in a tight loop, and every call right after a change —
 * `skills::list`, the `iii://skills` index, `skills::resources-read`, `prompts::list`,
 * `prompts::mcp-list`, `prompts::mcp-get` — must show it. A model of the tree says what each answer
 * must be; the suite counts stale answers and expects none.
 */
import { mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../support/no-unhandled.js'
import { formatTimestamp } from '../../src/core/time.js'
import { PROMPTS_DIR, SKILLS_DIR, startTestEnvironment, type TestEnvironment } from '../support/engine.js'
import { handlerErrorText } from '../support/invocation-error.js'

const CHANGES = 240

let env: TestEnvironment
beforeAll(async () => {
  env = await startTestEnvironment()
  await env.wipeScopes()
  await env.wipeFsDirs()
})
afterAll(async () => {
  await env?.close()
})

/** Deterministic choices (a linear congruential generator), so a failure can be replayed. */
function choices(seed: number) {
  let state = seed
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state % n
  }
}

// Same length for every token, so an edit never changes a file's size.
const token = (n: number) => n.toString(36).padStart(4, '0').slice(-4)
interface Skill {
  text: string
  title: string
  description: string
}
const skillFile = (id: string, t: string): Skill => ({ text: `# ${id} ${t}\n\nAbout ${t}.\n`, title: `${id} ${t}`, description: `About ${t}.` })

interface Prompt {
  text: string
  description: string
  body: string
}
const promptFile = (t: string): Prompt => ({ text: `---\ndescription: Prompt ${t}.\n---\nSay ${t}.\n`, description: `Prompt ${t}.`, body: `Say ${t}.\n` })

interface Stale {
  change: number
  what: string
  expected: unknown
  actual: unknown
}

describe('fs index under churn (E3)', () => {
  it(`shows each of ${CHANGES} file changes in the very next read and listing`, async () => {
    const skills = new Map<string, Skill>() // id (path below fs-skills/ without .md) => file
    const prompts = new Map<string, Prompt>() // name => file
    const next = choices(12345)
    const stale: Stale[] = []
    let counter = 0
    const skillPath = (id: string) => join(env.tempRoot, SKILLS_DIR, `${id}.md`)
    const promptPath = (name: string) => join(env.tempRoot, PROMPTS_DIR, `${name}.md`)
    const pick = <T>(items: T[]) => items[next(items.length)] as T

    const check = (change: number, what: string, expected: unknown, actual: unknown) => {
      if (JSON.stringify(expected) !== JSON.stringify(actual)) stale.push({ change, what, expected, actual })
    }

    async function verifySkills(change: number, touched: string[]): Promise<void> {
      const ids = [...skills.keys()].sort()
      const expected = await Promise.all(ids.map(async (id) => {
        const info = await stat(skillPath(id))
        return { id, bytes: info.size, registered_at: formatTimestamp(info.mtime), origin: 'fs' }
      }))
      const list = await env.call<{ skills: unknown[] }>('skills::list', {})
      check(change, 'skills::list', expected, list.skills)
      const index = await env.call<{ contents: Array<{ text: string }> }>('skills::resources-read', { uri: 'iii://skills' })
      const bullets = index.contents[0]?.text.split('\n').filter((line) => line.trimStart().startsWith('- [`')).map((l) => l.trim())
      const bullet = (id: string, { title, description }: Skill) => `- [\`${id}\`](iii://${id}) \u2014 ${title} \u2014 ${description}`
      check(change, 'index', ids.map((id) => bullet(id, skills.get(id) as Skill)), bullets)
      for (const id of touched) {
        const read = await env.call<{ contents: Array<{ text: string }> }>('skills::resources-read', { uri: `iii://${id}` })
          .then((r) => r.contents[0]?.text, (error: unknown) => handlerErrorText(error))
        check(change, `read ${id}`, skills.get(id)?.text ?? `Skill not found: ${id}`, read)
      }
    }

    async function verifyPrompts(change: number, touched: string): Promise<void> {
      const names = [...prompts.keys()].sort()
      const expected = await Promise.all(names.map(async (name) => ({
        name, function_id: '', arguments: 0, registered_at: formatTimestamp((await stat(promptPath(name))).mtime), origin: 'fs',
      })))
      check(change, 'prompts::list', expected, (await env.call<{ prompts: unknown[] }>('prompts::list', {})).prompts)
      const descriptions = names.map((name) => ({ arguments: [], description: (prompts.get(name) as Prompt).description, name }))
      check(change, 'prompts::mcp-list', descriptions, (await env.call<{ prompts: unknown[] }>('prompts::mcp-list', {})).prompts)
      const got = await env.call<{ messages: Array<{ content: { text: string } }> }>('prompts::mcp-get', { name: touched, arguments: {} })
        .then((r) => r.messages[0]?.content.text, (error: unknown) => handlerErrorText(error))
      check(change, `mcp-get ${touched}`, prompts.get(touched)?.body ?? `Prompt not found: ${touched}`, got)
    }

    for (let change = 0; change < CHANGES; change++) {
      const t = token(++counter)
      const kind = skills.size < 4 ? 0 : next(10)
      if (kind <= 1) {
        // add a skill file, sometimes in a folder that does not exist yet
        const id = `f${next(6)}/s${token(counter)}`
        await mkdir(dirname(skillPath(id)), { recursive: true })
        skills.set(id, skillFile(id, t))
        await writeFile(skillPath(id), skills.get(id)?.text as string)
        await verifySkills(change, [id])
      } else if (kind <= 4) {
        // same-size edit, mtime put back: only the watch event can tell
        const id = pick([...skills.keys()])
        const { mtime } = await stat(skillPath(id))
        skills.set(id, skillFile(id, t))
        await writeFile(skillPath(id), skills.get(id)?.text as string)
        await utimes(skillPath(id), mtime, mtime)
        await verifySkills(change, [id])
      } else if (kind === 5) {
        const id = pick([...skills.keys()])
        await rm(skillPath(id))
        skills.delete(id)
        await verifySkills(change, [id])
      } else if (kind === 6) {
        // rename a file; its text keeps its old heading, as a real rename would
        const from = pick([...skills.keys()])
        const to = `f${next(6)}/r${token(counter)}`
        await mkdir(dirname(skillPath(to)), { recursive: true })
        await rename(skillPath(from), skillPath(to))
        skills.set(to, skills.get(from) as Skill)
        skills.delete(from)
        await verifySkills(change, [from, to])
      } else if (kind === 7) {
        // rename a whole folder
        const folder = pick([...new Set([...skills.keys()].map((id) => id.split('/')[0] as string))])
        const target = `g${token(counter)}`
        await rename(join(env.tempRoot, SKILLS_DIR, folder), join(env.tempRoot, SKILLS_DIR, target))
        const moved = [...skills.keys()].filter((id) => id.startsWith(`${folder}/`))
        for (const id of moved) {
          skills.set(`${target}${id.slice(folder.length)}`, skills.get(id) as Skill)
          skills.delete(id)
        }
        await verifySkills(change, [moved[0] as string, `${target}${(moved[0] as string).slice(folder.length)}`])
      } else {
        // prompts: add, same-size edit or delete
        const names = [...prompts.keys()]
        const op = names.length === 0 ? 0 : next(3)
        const name = op === 0 ? `p${token(counter)}` : pick(names)
        if (op === 2) {
          await rm(promptPath(name))
          prompts.delete(name)
        } else {
          const before = op === 1 ? (await stat(promptPath(name))).mtime : undefined
          prompts.set(name, promptFile(t))
          await writeFile(promptPath(name), prompts.get(name)?.text as string)
          if (before !== undefined) await utimes(promptPath(name), before, before)
        }
        await verifyPrompts(change, name)
      }
    }
    expect(stale).toEqual([])
    expect(skills.size).toBeGreaterThan(10)
  }, 120_000)
})
