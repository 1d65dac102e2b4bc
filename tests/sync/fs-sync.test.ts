/**
 * E21 over the fs sources (`--skills-dir`, `--config` globs): real folders of shared/corpora copied
 * byte for byte with their supporting files (binaries included), a plain `.md` skill written as a
 * SKILL.md, what is left out and why, the ownership manifest (foreign and edited folders untouched),
 * idempotence (no mtime moves), a `--to` inside a source root, `--dry-run`, and the exit codes.
 */
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { splitFrontmatter } from '../../src/core/index.js'
import { MANIFEST_FILE } from '../../src/sync/index.js'
import { REAL, copyReal, filesOf, invalidFolders, mtimesOf, removeTree, runSync, tempDir } from './support.js'

let root: string
let src: string
let out: string

const NOTES_MD = '---\ntitle: Notes\ndescription: Keep meeting notes. Use when the user takes notes.\n---\n# Notes\n\nWrite notes as bullets.\n'

beforeEach(async () => {
  root = await tempDir()
  src = join(root, 'src')
  out = join(root, 'out')
  await copyReal(REAL.deploy, join(src, 'skills/deploy-to-vercel'))
  await copyReal(REAL.themes, join(src, 'skills/theme-factory'))
  await copyReal(REAL.brainstorming, join(src, 'skills/brainstorming'))
  await copyReal(REAL.requires, join(src, 'skills/pdfless-automation'))
  await mkdir(join(src, 'skills/bad'), { recursive: true })
  await writeFile(join(src, 'skills/bad/SKILL.md'), '---\nname: Bad "Name"\ndescription: Has a name no harness loads.\n---\nBody.\n')
  await mkdir(join(src, 'docs'), { recursive: true })
  await writeFile(join(src, 'docs/notes.md'), NOTES_MD)
  await writeFile(join(src, 'config.yaml'), 'skills:\n  - "skills/**/SKILL.md"\n  - "docs/*.md"\n')
})

afterEach(async () => {
  await removeTree(root)
})

const sync = (...extra: string[]) => runSync(['--config', join(src, 'config.yaml'), '--to', out, ...extra], root)
const written = ['brainstorming', 'deploy-to-vercel', 'notes', 'theme-factory']

describe('iii-skills sync over the fs sources (E21.1, E21.5)', () => {
  it('copies each folder skill byte for byte with its files, writes the plain .md skill as a SKILL.md, and says what it left out', async () => {
    const run = await sync()
    expect(run.code).toBe(0)
    expect(run.out).toBe([...written.map((f) => `wrote ${join(out, f)}`), '4 written, 0 removed, 0 unchanged', ''].join('\n'))
    expect(run.err.split('\n').sort()).toEqual([
      '',
      'skipped bad: name "Bad \\"Name\\"" is not a valid skill name',
      'skipped pdfless-automation: frontmatter key "requires" is not an Agent Skills field (name, description, license, compatibility, metadata, allowed-tools)',
    ])
    expect((await readdir(out)).sort()).toEqual([MANIFEST_FILE, ...written])
    for (const folder of ['deploy-to-vercel', 'theme-factory', 'brainstorming']) {
      expect(await filesOf(join(out, folder))).toEqual(await filesOf(join(src, 'skills', folder)))
    }
    expect((await filesOf(join(out, 'deploy-to-vercel'))).has('Archive.zip')).toBe(true)
    expect((await filesOf(join(out, 'theme-factory'))).has('theme-showcase.pdf')).toBe(true)

    const notes = await readFile(join(out, 'notes/SKILL.md'), 'utf8')
    expect(notes).toBe('---\nname: notes\ndescription: "Keep meeting notes. Use when the user takes notes."\n---\n# Notes\n\nWrite notes as bullets.\n')
    expect(splitFrontmatter(notes).body).toBe(splitFrontmatter(NOTES_MD).body)
    expect(await readdir(join(out, 'notes'))).toEqual(['SKILL.md'])

    expect(await invalidFolders(out)).toEqual([])
  })

  it('gives a folder to the first of two skills that map to it, and reports the other', async () => {
    await mkdir(join(src, 'more/team/notes'), { recursive: true })
    await writeFile(join(src, 'more/team/notes/SKILL.md'), '---\nname: notes\ndescription: Other notes. Use when asked.\n---\nOther.\n')
    await writeFile(join(src, 'config.yaml'), 'skills:\n  - "docs/*.md"\n  - "more/**/SKILL.md"\n')
    const run = await sync()
    expect([run.code, run.out, run.err]).toEqual([0, `wrote ${join(out, 'notes')}\n1 written, 0 removed, 0 unchanged\n`, 'skipped team/notes: folder notes already holds notes\n'])
    expect(await readFile(join(out, 'notes/SKILL.md'), 'utf8')).toContain('Write notes as bullets.')
  })

  it('names a folder after the id, "/" as "-", when the skill has no valid frontmatter name', async () => {
    await mkdir(join(src, 'docs/team'), { recursive: true })
    await writeFile(join(src, 'docs/team/rota.md'), '# On-call rota\n\nWho is on call this week.\n')
    await writeFile(join(src, 'config.yaml'), 'skills:\n  - "docs/**/*.md"\n')
    const run = await sync()
    expect(run.code).toBe(0)
    expect(await readFile(join(out, 'team-rota/SKILL.md'), 'utf8')).toBe('---\nname: team-rota\ndescription: "On-call rota"\n---\n# On-call rota\n\nWho is on call this week.\n')
    expect(await invalidFolders(out)).toEqual([])
  })
})

describe('idempotent and atomic (E21.3)', () => {
  it('a second run with nothing changed writes nothing: no mtime moves, and it says so', async () => {
    await sync()
    const before = await mtimesOf(out)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const again = await sync()
    expect([again.code, again.out]).toEqual([0, '0 written, 0 removed, 4 unchanged\n'])
    expect(await mtimesOf(out)).toEqual(before)
  })

  it('rewrites a folder whose skill changed, and only that one, leaving no temporary sibling', async () => {
    await sync()
    const before = await mtimesOf(out)
    await writeFile(join(src, 'skills/brainstorming/visual-companion.md'), 'changed\n')
    const run = await sync()
    expect([run.code, run.out]).toEqual([0, `wrote ${join(out, 'brainstorming')}\n1 written, 0 removed, 3 unchanged\n`])
    expect(await filesOf(join(out, 'brainstorming'))).toEqual(await filesOf(join(src, 'skills/brainstorming')))
    const after = await mtimesOf(out)
    for (const [path, time] of before) if (!path.startsWith('brainstorming') && path !== '.' && path !== MANIFEST_FILE) expect([path, after.get(path)]).toEqual([path, time])
    expect((await readdir(out)).filter((n) => n.startsWith('.iii-skills-sync-tmp-'))).toEqual([])
  })

  it('keeps a script executable, and rewrites a folder whose only change is a file\'s execute bit', async () => {
    const script = 'skills/brainstorming/scripts/start-server.sh'
    await chmod(join(src, script), 0o755)
    await sync()
    expect((await stat(join(out, 'brainstorming/scripts/start-server.sh'))).mode & 0o111).not.toBe(0)
    expect((await stat(join(out, 'brainstorming/SKILL.md'))).mode & 0o111).toBe(0)
    await chmod(join(src, script), 0o644)
    const run = await sync()
    expect(run.out).toBe(`wrote ${join(out, 'brainstorming')}\n1 written, 0 removed, 3 unchanged\n`)
    expect((await stat(join(out, 'brainstorming/scripts/start-server.sh'))).mode & 0o111).toBe(0)
    expect((await sync()).out).toBe('0 written, 0 removed, 4 unchanged\n')
  })

  it('--dry-run says what it would do and changes nothing', async () => {
    const run = await sync('--dry-run')
    expect([run.code, run.out]).toEqual([0, [...written.map((f) => `would write ${join(out, f)}`), '4 written, 0 removed, 0 unchanged (dry run: nothing changed)', ''].join('\n')])
    await expect(readdir(out)).rejects.toThrow(/ENOENT/)
  })
})

describe('ownership (E21.2)', () => {
  it('never writes into a folder it did not write', async () => {
    await mkdir(join(out, 'brainstorming'), { recursive: true })
    await writeFile(join(out, 'brainstorming/SKILL.md'), 'mine\n')
    const before = await mtimesOf(join(out, 'brainstorming'))
    const run = await sync()
    expect(run.code).toBe(0)
    expect(run.err).toContain('skipped brainstorming: not written by iii-skills sync\n')
    expect(run.out).toBe([...written.filter((f) => f !== 'brainstorming').map((f) => `wrote ${join(out, f)}`), '3 written, 0 removed, 0 unchanged', ''].join('\n'))
    expect(await readFile(join(out, 'brainstorming/SKILL.md'), 'utf8')).toBe('mine\n')
    expect(await mtimesOf(join(out, 'brainstorming'))).toEqual(before)
    expect(Object.keys(JSON.parse(await readFile(join(out, MANIFEST_FILE), 'utf8')).folders).sort()).toEqual(written.filter((f) => f !== 'brainstorming'))
  })

  it('removes the folder of a skill that left the catalogue when it is as written, keeps an edited one with a warning', async () => {
    await sync()
    await writeFile(join(out, 'theme-factory/themes/arctic-frost.md'), 'my own colours\n')
    await rm(join(src, 'skills/theme-factory'), { recursive: true })
    await rm(join(src, 'skills/deploy-to-vercel'), { recursive: true })
    const run = await sync()
    expect(run.code).toBe(0)
    expect(run.out).toBe(`removed ${join(out, 'deploy-to-vercel')}\n0 written, 1 removed, 2 unchanged\n`)
    expect(run.err).toContain('kept theme-factory: edited since iii-skills sync wrote it\n')
    expect((await readdir(out)).sort()).toEqual([MANIFEST_FILE, 'brainstorming', 'notes', 'theme-factory'])
    expect(await readFile(join(out, 'theme-factory/themes/arctic-frost.md'), 'utf8')).toBe('my own colours\n')
  })

  it('keeps an edited folder whose skill changed instead of replacing it', async () => {
    await sync()
    await writeFile(join(out, 'notes/SKILL.md'), 'edited by hand\n')
    await writeFile(join(src, 'docs/notes.md'), `${NOTES_MD}\nMore.\n`)
    const run = await sync()
    expect(run.err).toContain('kept notes: edited since iii-skills sync wrote it\n')
    expect(await readFile(join(out, 'notes/SKILL.md'), 'utf8')).toBe('edited by hand\n')
  })
})

describe('exit codes (E21.1, E21.3)', () => {
  it('exits 2 when a --to is inside a source root (sync would read its own output)', async () => {
    const inside = join(src, 'skills/out')
    const run = await runSync(['--skills-dir', join(src, 'skills'), '--to', out, '--to', inside], root)
    expect([run.code, run.out, run.err]).toEqual([2, '', `error: --to ${inside} is inside the source root ${join(src, 'skills')}: sync would read its own output\n`])
    await expect(readdir(out)).rejects.toThrow(/ENOENT/)
    const glob = await runSync(['--config', join(src, 'config.yaml'), '--to', join(src, 'docs/out')], root)
    expect(glob.code).toBe(2)
  })

  it('exits 1 when a folder could not be written', async () => {
    await writeFile(join(root, 'a-file'), '')
    const run = await runSync(['--config', join(src, 'config.yaml'), '--to', join(root, 'a-file/skills')], root)
    expect([run.code, run.out]).toEqual([1, '0 written, 0 removed, 0 unchanged\n'])
    expect(run.err).toMatch(new RegExp(`^failed ${join(root, 'a-file/skills')}: ENOTDIR`, 'm'))
  })

  it('exits 1 and leaves DIR as it is when its manifest cannot be read', async () => {
    await sync()
    await writeFile(join(out, MANIFEST_FILE), '{"version": 1, "folders": [')
    await rm(join(src, 'skills/brainstorming'), { recursive: true })
    const before = await mtimesOf(out)
    const run = await sync()
    expect([run.code, run.out]).toEqual([1, '0 written, 0 removed, 0 unchanged\n'])
    expect(run.err).toMatch(new RegExp(`^failed ${out}: ${join(out, MANIFEST_FILE)} cannot be read \\(.*\\); fix or delete it: nothing is written without it$`, 'm'))
    expect(await mtimesOf(out)).toEqual(before)
  })

  it('exits 2 on a usage error: no --to, --url with --skills-dir, an unknown flag', async () => {
    for (const args of [['--skills-dir', src], ['--url', 'ws://127.0.0.1:1', '--skills-dir', src, '--to', out], ['--to', out, '--bogus']]) {
      await expect(runSync(args, root)).rejects.toMatchObject({ exitCode: 2 })
    }
  })
})
