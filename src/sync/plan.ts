/**
 * One target's plan (E21.2, E21.3), pure: what the catalogue wants in DIR, against the manifest and
 * what is on disk. A folder the manifest does not list is foreign and left alone; a listed folder is
 * replaced or removed only when it is still as sync wrote it (an edited one is kept, with a
 * warning); a folder whose files are what the manifest says is unchanged and not touched at all.
 */
import { compareUtf8 } from '../core/index.js'
import { sameContent, type FolderContent, type SyncManifest, type WrittenFolder } from './manifest.js'

/** What DIR should hold, by folder: the skill and its files' digests. */
export type Desired = ReadonlyMap<string, WrittenFolder>

/** What is in DIR: the folders present, and what those the plan asked about hold. */
export interface OnDisk {
  present: ReadonlySet<string>
  digests: ReadonlyMap<string, FolderContent>
}

export interface Plan {
  write: string[]
  remove: string[]
  unchanged: string[]
  /** In DIR, not written by sync, wanted by the catalogue: left alone (`skipped {folder}: not written …`). */
  foreign: string[]
  /** Written by sync, edited since, and wanted changed or gone: left alone with a warning. */
  kept: string[]
  /** Listed in the manifest but gone from DIR and from the catalogue: dropped from the manifest. */
  forgotten: string[]
}

/** The folders whose files' digests on disk the plan needs: listed ones that would be replaced or removed. */
export function foldersToInspect(desired: Desired, manifest: SyncManifest, present: ReadonlySet<string>): string[] {
  return Object.keys(manifest.folders).filter((folder) => {
    if (!present.has(folder)) return false
    const wanted = desired.get(folder)
    return wanted === undefined || !sameContent(wanted, manifest.folders[folder] as WrittenFolder)
  }).sort(compareUtf8)
}

export function planSync(desired: Desired, manifest: SyncManifest, disk: OnDisk): Plan {
  const plan: Plan = { write: [], remove: [], unchanged: [], foreign: [], kept: [], forgotten: [] }
  const asWritten = (folder: string) => {
    const found = disk.digests.get(folder)
    return found !== undefined && sameContent(found, manifest.folders[folder] as WrittenFolder)
  }
  for (const [folder, wanted] of desired) {
    const written = manifest.folders[folder]
    if (!disk.present.has(folder)) plan.write.push(folder)
    else if (written === undefined) plan.foreign.push(folder)
    else if (sameContent(wanted, written)) plan.unchanged.push(folder)
    else if (asWritten(folder)) plan.write.push(folder)
    else plan.kept.push(folder)
  }
  for (const folder of Object.keys(manifest.folders)) {
    if (desired.has(folder)) continue
    if (!disk.present.has(folder)) plan.forgotten.push(folder)
    else if (asWritten(folder)) plan.remove.push(folder)
    else plan.kept.push(folder)
  }
  for (const list of Object.values(plan)) list.sort(compareUtf8)
  return plan
}
