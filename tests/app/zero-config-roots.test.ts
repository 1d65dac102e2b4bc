import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { skillRoots, standardRoots } from '../../src/app/zero-config-roots.js'
import { captureLogger, makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'

const base = { skillsDirs: [] as string[], configSet: false, stdio: true, embedded: false }

describe('zero-config roots (E5.5)', () => {
  it('serves the standard roots that exist, in order, logging each', async () => {
    const cwd = await makeTempDir()
    const home = await makeTempDir()
    try {
      await writeTree(cwd, { '.claude/skills/a/SKILL.md': 'x' })
      await writeTree(home, { '.codex/skills/b/SKILL.md': 'x', '.agents/skills/c/SKILL.md': 'x' })
      const { log, lines } = captureLogger()
      expect(skillRoots(base, log, cwd, home)).toEqual([join(cwd, '.claude/skills'), join(home, '.agents/skills'), join(home, '.codex/skills')])
      expect(lines().map((l) => [l.msg, l.root])).toEqual([
        ['serving the Agent Skills folders of a standard root (no config given)', join(cwd, '.claude/skills')],
        ['serving the Agent Skills folders of a standard root (no config given)', join(home, '.agents/skills')],
        ['serving the Agent Skills folders of a standard root (no config given)', join(home, '.codex/skills')],
      ])
    } finally {
      await removeTempDir(cwd)
      await removeTempDir(home)
    }
  })

  it('says where it looked when no root exists', async () => {
    const cwd = await makeTempDir()
    try {
      const { log, lines } = captureLogger()
      expect(skillRoots(base, log, cwd, cwd)).toEqual([])
      expect(lines()).toEqual([{ level: 30, msg: 'no config given and no standard skills root exists: no fs skills served', looked_in: standardRoots(cwd, cwd) }])
    } finally {
      await removeTempDir(cwd)
    }
  })

  it('adds no root in worker mode, with --config, or with ./config.yaml; --skills-dir always wins', async () => {
    const cwd = await makeTempDir()
    try {
      await writeTree(cwd, { '.agents/skills/a/SKILL.md': 'x' })
      const { log } = captureLogger()
      expect(skillRoots({ ...base, stdio: false }, log, cwd, cwd)).toEqual([])
      expect(skillRoots({ ...base, configSet: true }, log, cwd, cwd)).toEqual([])
      expect(skillRoots({ ...base, skillsDirs: ['x'] }, log, cwd, cwd)).toEqual([join(cwd, 'x')])
      await writeTree(cwd, { 'config.yaml': '' })
      expect(skillRoots(base, log, cwd, cwd)).toEqual([])
    } finally {
      await removeTempDir(cwd)
    }
  })
})
