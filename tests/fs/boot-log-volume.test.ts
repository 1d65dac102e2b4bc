import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FS_LOADED_LINES_AT_INFO } from '../../src/core/limits.js'
import { logFsHealth } from '../../src/fs/boot-diagnostics.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

// E16.2: no line per skill at info for a large folder; the summary line still counts them.
let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

const skills = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`s/skill-${String(i).padStart(4, '0')}.md`, `# skill ${i}`]))

describe('boot diagnostics at scale (E16.2)', () => {
  it('logs no per-skill info line for 1,000 skills, one summary line', async () => {
    await writeTree(root, skills(1000))
    const { log, lines } = captureLogger()
    expect(await logFsHealth({ skills: ['s/*.md'], prompts: [] }, root, log)).toEqual({ skills: 1000, prompts: 0, skipped: 0 })
    const info = lines().filter((line) => line.level === 30)
    expect(info).toEqual([{ level: 30, msg: 'fs source scan complete', skills: 1000, prompts: 0, skipped: 0, base_dir: root }])
  })

  it(`keeps one info line per skill up to ${FS_LOADED_LINES_AT_INFO} skills (§6.9)`, async () => {
    await writeTree(root, skills(FS_LOADED_LINES_AT_INFO))
    const { log, lines } = captureLogger()
    await logFsHealth({ skills: ['s/*.md'], prompts: [] }, root, log)
    expect(lines().filter((line) => line.msg === 'loaded fs-backed skill' && line.level === 30)).toHaveLength(FS_LOADED_LINES_AT_INFO)
  })
})
