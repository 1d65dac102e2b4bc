/**
 * What the catalogue wants in every target (E21.1): each skill placed in its folder, the first of two
 * skills mapping to one folder winning, the skills no harness would load left out with the reason,
 * and for each folder the digest of every file it will hold and how to get the bytes.
 */
import { SKILL_FILE, digestOf, errorText, messages as msg } from '../core/index.js'
import type { Catalogue, CatalogueSkill, SkillFilter } from './catalogue.js'
import { placementOf } from './folder-name.js'
import { unloadableReason } from './loadable.js'
import { withExecutable, type WrittenFolder } from './manifest.js'
import { writtenSkillMd } from './skill-md.js'

export interface Wanted extends WrittenFolder {
  /** The bytes of one of `files`, checked against its digest; undefined when they cannot be had as listed. */
  read(path: string): Promise<Buffer | undefined>
}

export interface DesiredFolders {
  folders: Map<string, Wanted>
  /** Folders whose skill could not be read now: left as they are in every target. */
  failed: Map<string, string>
  /** One line per skill left out. */
  skipped: string[]
}

export async function desiredFolders(catalogue: Catalogue, only?: SkillFilter): Promise<DesiredFolders> {
  const result: DesiredFolders = { folders: new Map(), failed: new Map(), skipped: [] }
  const owner = new Map<string, string>()
  for (const skill of await catalogue.skills(only)) {
    const placed = placementOf(skill)
    if ('skipped' in placed) {
      result.skipped.push(placed.skipped)
      continue
    }
    const { folder } = placed
    const unloadable = skill.kind === 'folder' ? unloadableReason(skill.text, folder) : undefined
    if (unloadable !== undefined) {
      result.skipped.push(msg.syncSkipped(skill.id, unloadable))
      continue
    }
    const first = owner.get(folder)
    if (first !== undefined) {
      result.skipped.push(msg.syncSkipped(skill.id, msg.syncFolderTaken(folder, first)))
      continue
    }
    owner.set(folder, skill.id)
    try {
      result.folders.set(folder, skill.kind === 'folder' ? await folderSkill(catalogue, skill) : await otherSkill(catalogue, skill, folder))
    } catch (error) {
      result.failed.set(folder, errorText(error))
    }
  }
  return result
}

async function folderSkill(catalogue: Catalogue, skill: CatalogueSkill): Promise<Wanted> {
  const listed = await catalogue.folderFiles(skill)
  const files = Object.fromEntries(listed.map((f) => [f.path, f.digest]))
  const read = async (path: string) => {
    const bytes = await catalogue.readFile(skill, path)
    return bytes !== undefined && digestOf(bytes) === files[path] ? bytes : undefined
  }
  return withExecutable({ id: skill.id, files, read }, listed.filter((f) => f.executable === true).map((f) => f.path))
}

async function otherSkill(catalogue: Catalogue, skill: CatalogueSkill, folder: string): Promise<Wanted> {
  const bytes = Buffer.from(writtenSkillMd(folder, skill.text, await catalogue.body(skill)), 'utf8')
  const files = { [SKILL_FILE]: digestOf(bytes) }
  return { id: skill.id, files, read: async (path) => (path === SKILL_FILE ? bytes : undefined) }
}
