/**
 * The catalogue of the fs sources on this machine (E21.1: `--config`, `--skills-dir`, the zero-config
 * roots), read with the worker's own loader and index: the skills it would serve, a folder's files
 * as the Skills Extension lists them (nested skill folders' files left to those skills, E1.5), bytes
 * read confined to the folder. Listings and digests come from the fs index the file watcher keeps
 * current (E13.1): a pass reads each SKILL.md, but digests only files that changed since the last,
 * and a watch runs a pass only when the index has a new snapshot.
 */
import { stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Logger } from 'pino'
import { FS_LIMITS, SKILL_FILE, messages as msg, type SkillsConfig } from '../core/index.js'
import { FsSources, underNestedSkill, type FsSkill, type FsSnapshot } from '../fs/index.js'
import type { Catalogue, CatalogueFile, CatalogueSkill, SkillFilter } from './catalogue.js'

/** The largest file a folder copy takes (read whole into memory); a folder with a larger one fails. */
const MAX_COPIED_FILE_BYTES = 256 * 1024 * 1024

interface FsCatalogueSkill extends CatalogueSkill {
  file: FsSkill
  snapshot: FsSnapshot
}

/** `watch`: keep the fs index current with file watches (a watch's passes); a single pass reads the disk directly. */
export function fsCatalogue(config: Pick<SkillsConfig, 'skills' | 'prompts' | 'skill_roots'>, baseDir: string, log: Logger, watch: boolean): Catalogue {
  // A copy takes every file, not only what the Skills Extension serves (8 MiB each).
  const limits = { ...FS_LIMITS, skillResourceBytes: MAX_COPIED_FILE_BYTES }
  const sources = new FsSources({ ...config, prompts: [] }, baseDir, log, { limits, index: watch })
  const of = (skill: CatalogueSkill) => skill as FsCatalogueSkill
  const snapshots = new WeakMap<FsSnapshot, number>()
  let count = 0
  return {
    async skills(only?: SkillFilter) {
      const snapshot = await sources.snapshot()
      const listed: FsCatalogueSkill[] = []
      for (const file of snapshot.skills) {
        if (only !== undefined && !only(file.id)) continue
        const read = await sources.reads.text(file.path)
        // A file gone or unreadable since the scan is not served now either.
        if (!read.ok) continue
        listed.push({ id: file.id, kind: file.kind === 'folder' ? 'folder' : 'other', text: read.text, file, snapshot })
      }
      return listed
    },
    async folderFiles(skill) {
      const { file, snapshot } = of(skill)
      const folder = dirname(file.path)
      const nested = new Set(snapshot.skills.filter((s) => s.kind === 'folder' && s.path !== file.path && s.path.startsWith(`${folder}/`))
        .map((s) => s.path.slice(folder.length + 1, -(SKILL_FILE.length + 1))))
      const paths = (await snapshot.folderFiles(folder)).filter((path) => !underNestedSkill(path, (dir) => nested.has(dir)))
      const facts = await Promise.all(paths.map((path) => snapshot.fileFacts(folder, path)))
      const files: CatalogueFile[] = []
      for (const [i, path] of paths.entries()) {
        const found = facts[i]
        if (found !== undefined) files.push({ path, digest: found.digest, ...(await isExecutable(join(folder, path)) ? { executable: true } : {}) })
        // Gone since the listing: left out, as a listing now would. Still there: too large to copy.
        else if ((await stat(join(folder, path)).catch(() => undefined))?.isFile() === true) throw new Error(msg.syncFileTooLarge(path, MAX_COPIED_FILE_BYTES))
      }
      return files
    },
    readFile(skill, path) {
      return sources.reads.folderBytes(dirname(of(skill).file.path), path)
    },
    body(skill) {
      return sources.reads.body(of(skill).file.path)
    },
    // The index hands out the same snapshot until a file it read (a SKILL.md, a folder's listing, a
    // file's digest) changes (E3): the same snapshot, nothing to sync.
    async fingerprint() {
      const snapshot = await sources.snapshot()
      let seen = snapshots.get(snapshot)
      if (seen === undefined) snapshots.set(snapshot, (seen = ++count))
      return String(seen)
    },
    onChange(listener) {
      let on = true
      sources.onChange(() => {
        if (on) listener()
      })
      return () => {
        on = false
      }
    },
    async close() {
      sources.close()
    },
  }
}

/** Whether a file has any execute bit (a script a harness may run as it is). */
async function isExecutable(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined)
  return info !== undefined && (info.mode & 0o111) !== 0
}
