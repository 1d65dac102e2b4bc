/**
 * The fs sources' caps are one object (core/limits.ts FsLimits) the sources own: every read of them,
 * the index's and the handlers' alike, applies the caps they were made with.
 */
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FS_LIMITS, MAX_SKILL_BODY_BYTES } from '../../src/core/limits.js'
import { fileTooLarge, fsReadFailed, ioFileTooLarge } from '../../src/core/messages.js'
import { FsSources } from '../../src/fs/sources.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

const config = { skills: ['skills/**/*.md'], prompts: [] }

describe('FsSources limits', () => {
  it('serves with the default caps when none are given', async () => {
    await writeTree(root, { 'skills/a.md': `# A\n${'x'.repeat(100)}\n` })
    const sources = new FsSources(config, root, captureLogger().log, { limits: FS_LIMITS })
    expect(sources.limits).toEqual(FS_LIMITS)
    expect(sources.limits.skillBodyBytes).toBe(MAX_SKILL_BODY_BYTES)
    expect(await sources.reads.body(join(root, 'skills/a.md'))).toBe(`# A\n${'x'.repeat(100)}\n`)
  })

  it('refuses a body over a smaller body cap, naming that cap', async () => {
    await writeTree(root, { 'skills/a.md': `# A\n${'x'.repeat(100)}\n` })
    const sources = new FsSources(config, root, captureLogger().log, { limits: { ...FS_LIMITS, skillBodyBytes: 50 } })
    const path = join(root, 'skills/a.md')
    await expect(sources.reads.body(path)).rejects.toThrow(fileTooLarge(path, 105, 50))
  })

  it('skips a file over a smaller text-file cap in the index, with the cap in the reason', async () => {
    await writeTree(root, { 'skills/a.md': '---\ndescription: d\n---\n# A\n', 'skills/big/SKILL.md': `---\ndescription: d\n---\n${'y'.repeat(300)}\n` })
    const sources = new FsSources({ skills: ['skills/**/*.md'], prompts: [] }, root, captureLogger().log, { limits: { ...FS_LIMITS, textFileBytes: 200 } })
    const snapshot = await sources.snapshot()
    expect(snapshot.skills.map((s) => s.id)).toEqual(['a'])
    expect(snapshot.skipped.skills).toEqual([{ kind: 'skill', path: join(root, 'skills/big/SKILL.md'), reason: fsReadFailed(ioFileTooLarge(324, 200)) }])
    sources.close()
  })

  it('reads a skill folder file as bytes only up to the resource cap', async () => {
    await writeTree(root, { 'skills/s/SKILL.md': '---\ndescription: d\n---\n', 'skills/s/data.bin': 'z'.repeat(64) })
    const folder = join(root, 'skills/s')
    expect((await new FsSources(config, root, captureLogger().log, { limits: FS_LIMITS }).reads.folderBytes(folder, 'data.bin'))?.length).toBe(64)
    const capped = new FsSources(config, root, captureLogger().log, { limits: { ...FS_LIMITS, skillResourceBytes: 32 } })
    expect(await capped.reads.folderBytes(folder, 'data.bin')).toBeUndefined()
  })
})
