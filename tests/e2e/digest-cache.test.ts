/**
 * E13.1's cache never changes an answer: with the fs index on, describe_skill and skills/list take
 * file lists, sizes and digests from what the watcher keeps current, and every write completed
 * before a call is in its answer, while other writers keep changing the folder.
 */
import { createHash } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { E2E_TIMEOUT_MS, spawnEmbeddedSkills, stopAllChildren, type EmbeddedSkills } from '../support/processes.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

vi.setConfig({ testTimeout: 2 * E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

let dir: string
let env: EmbeddedSkills
const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`

beforeAll(async () => {
  dir = await makeTempDir()
  await writeTree(dir, {
    'skills/pdf/SKILL.md': '---\nname: pdf\ndescription: Fill PDF forms.\n---\n# PDF\n',
    'skills/pdf/references/forms.md': 'v0\n',
  })
  env = await spawnEmbeddedSkills(['--skills-dir', join(dir, 'skills'), '--no-ui'])
})

afterAll(async () => {
  await env?.sdk.close()
  await stopAllChildren()
  await removeTempDir(dir)
})

type Described = { skill: { files: Array<{ path: string; size: number; digest: string }> } }
const filesNow = async () => (await env.sdk.call<Described>('skill::describe_skill', { name: 'pdf', detail: 'full' }, 10_000)).skill.files

describe('the digest cache under concurrent writers (E13.1)', () => {
  it('answers every call with what was written before it, file list, size and digest', async () => {
    const folder = join(dir, 'skills/pdf')
    let writing = true
    // Another writer churns a second file and adds and removes a third, all the while.
    const churn = (async () => {
      for (let n = 0; writing; n++) {
        await writeFile(join(folder, 'references/notes.md'), `note ${n}\n`)
        if (n % 2 === 0) await writeFile(join(folder, 'scratch.md'), `scratch ${n}\n`)
        else await rm(join(folder, 'scratch.md'), { force: true })
      }
    })()
    try {
      for (let round = 1; round <= 40; round++) {
        const text = `version ${round}\n${'x'.repeat(round)}\n`
        await writeFile(join(folder, 'references/forms.md'), text)
        const forms = (await filesNow()).find((f) => f.path === 'references/forms.md')
        expect(forms, `round ${round}`).toEqual({ path: 'references/forms.md', size: Buffer.byteLength(text), digest: digest(text) })
      }
    } finally {
      writing = false
      await churn
    }
    await rm(join(folder, 'scratch.md'), { force: true })
    await writeFile(join(folder, 'references/added.md'), 'new\n')
    expect((await filesNow()).map((f) => f.path)).toEqual(['SKILL.md', 'references/added.md', 'references/forms.md', 'references/notes.md'])
    await rm(join(folder, 'references/added.md'))
    expect((await filesNow()).map((f) => f.path)).toEqual(['SKILL.md', 'references/forms.md', 'references/notes.md'])
  })
})
