/**
 * E11.6 on the file system: a skill root never follows a symlink out of itself (a skill holding a
 * link to `/` made every fetch walk the disk), links inside it still work, and a skill folder that
 * cannot be listed is tried once more and then an error, never an empty list.
 */
import { mkdir, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { scanFs } from '../../src/fs/boot-diagnostics.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { silentLogger } from '../support/silent-logger.js'

const skill = (name: string) => `---\nname: ${name}\ndescription: d\n---\n`
const scan = (roots: string[]) => scanFs({ skills: [], prompts: [], skill_roots: roots }, '/', silentLogger())

afterEach(() => {
  vi.doUnmock('node:fs/promises')
  vi.resetModules()
})

describe('skill roots stay inside (E11.6)', () => {
  it('never follows a link that leaves the root, and follows one that stays in it', async () => {
    const dir = await makeTempDir()
    const outside = await makeTempDir()
    try {
      await writeTree(dir, { 'root/pdf/SKILL.md': skill('pdf'), 'root/shared/docs/SKILL.md': skill('docs') })
      await writeTree(outside, { 'planted/SKILL.md': skill('planted'), 'deep/a/SKILL.md': skill('a') })
      await symlink(outside, join(dir, 'root/pdf/escape'))
      await symlink('/', join(dir, 'root/pdf/slash'))
      await symlink(join(dir, 'root/shared/docs'), join(dir, 'root/docs-link'))
      const { skills } = await scan([join(dir, 'root')])
      expect(skills.skills.map((s) => s.id)).toEqual(['docs-link', 'pdf', 'shared/docs'])
    } finally {
      await removeTempDir(dir)
      await removeTempDir(outside)
    }
  })
})

describe('config globs inside a skill folder (E11.6)', () => {
  it('never walk a symlinked folder inside a skill folder, and still follow one outside any skill', async () => {
    const dir = await makeTempDir()
    const outside = await makeTempDir()
    try {
      await writeTree(dir, { 'skills/pdf/SKILL.md': skill('pdf'), 'skills/pdf/references/a.md': 'a' })
      await writeTree(outside, { 'planted/SKILL.md': skill('planted'), 'team/docs/SKILL.md': skill('docs') })
      await symlink(outside, join(dir, 'skills/pdf/escape'))
      await symlink(outside, join(dir, 'skills/pdf/references/deeper'))
      await symlink(join(outside, 'team'), join(dir, 'skills/team'))
      const { skills } = await scanFs({ skills: ['skills/**/SKILL.md'], prompts: [] }, dir, silentLogger())
      expect(skills.skills.map((s) => s.id)).toEqual(['pdf', 'team/docs'])
    } finally {
      await removeTempDir(dir)
      await removeTempDir(outside)
    }
  })
})

describe('a skill folder that cannot be listed (E11.6)', () => {
  const fail = (code: string) => Object.assign(new Error(`${code}: listing failed`), { code })

  it('is listed on the second try after one failure', async () => {
    const dir = await makeTempDir()
    try {
      await writeTree(dir, { 'SKILL.md': skill('x'), 'references/a.md': 'a' })
      let failures = 1
      vi.doMock('node:fs/promises', async (original) => {
        const real = await original<typeof import('node:fs/promises')>()
        return { ...real, readdir: (async (...args: Parameters<typeof real.readdir>) => {
          if (failures-- > 0) throw fail('EMFILE')
          return real.readdir(...args)
        }) as typeof real.readdir }
      })
      const { skillFolderFiles } = await import('../../src/fs/skill-tree.js')
      expect(await skillFolderFiles(dir)).toEqual(['SKILL.md', 'references/a.md'])
    } finally {
      await removeTempDir(dir)
    }
  })

  it('fails naming the folder and the error when the second try fails too', async () => {
    const dir = await makeTempDir()
    try {
      await mkdir(join(dir, 'references'), { recursive: true })
      await writeTree(dir, { 'SKILL.md': skill('x') })
      vi.doMock('node:fs/promises', async (original) => {
        const real = await original<typeof import('node:fs/promises')>()
        return { ...real, readdir: (async (path: string, ...rest: unknown[]) => {
          if (String(path).endsWith('references')) throw fail('EACCES')
          return (real.readdir as (...a: unknown[]) => unknown)(path, ...rest)
        }) as typeof real.readdir }
      })
      const { skillFolderFiles, ListingError } = await import('../../src/fs/skill-tree.js')
      const error = await skillFolderFiles(dir).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ListingError)
      expect((error as Error).message).toBe(`cannot list the files of ${join(dir, 'references')}: Permission denied (os error 13)`)
    } finally {
      await removeTempDir(dir)
    }
  })
})

describe('listedFiles: the call and skills::diagnostics hear of it (E11.6)', () => {
  it('throws a SkillsError and leaves a warning until a listing succeeds again', async () => {
    const dir = await makeTempDir()
    try {
      await writeTree(dir, { 'SKILL.md': skill('x') })
      let broken = true
      vi.doMock('node:fs/promises', async (original) => {
        const real = await original<typeof import('node:fs/promises')>()
        return { ...real, readdir: (async (...args: Parameters<typeof real.readdir>) => {
          if (broken) throw Object.assign(new Error('EMFILE'), { code: 'EMFILE' })
          return real.readdir(...args)
        }) as typeof real.readdir }
      })
      const { listedFiles } = await import('../../src/functions/listed-files.js')
      const { SkillsError } = await import('../../src/core/errors.js')
      const { diagnosticsOf } = await import('../../src/fs/diagnostics.js')
      const { skillFolderFiles } = await import('../../src/fs/skill-tree.js')
      const problems = new Map<string, { id: string; path: string; message: string }>()
      const deps = {
        fs: {
          noteListing: (id: string, path: string, message: string | undefined) => (message === undefined ? problems.delete(path) : problems.set(path, { id, path, message })),
          snapshot: async () => ({ folderFiles: (folder: string) => skillFolderFiles(folder) }),
        },
        log: silentLogger(),
      } as unknown as Parameters<typeof listedFiles>[2]
      const error = await listedFiles('x', dir, deps).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SkillsError)
      const message = `cannot list the files of ${dir}: Too many open files (os error 24)`
      expect((error as Error).message).toBe(message)
      expect(diagnosticsOf([], [], [...problems.values()]).warnings).toEqual([{ kind: 'skill', path: dir, id: 'x', message }])
      broken = false
      expect(await listedFiles('x', dir, deps)).toEqual(['SKILL.md'])
      expect(problems.size).toBe(0)
    } finally {
      await removeTempDir(dir)
    }
  })
})
