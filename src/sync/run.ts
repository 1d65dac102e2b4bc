/**
 * One sync pass (E21.1–E21.3): the catalogue's folders, then each target planned against its
 * manifest and disk and brought to the plan. A run with nothing changed writes nothing: no folder,
 * no manifest, no mtime moves. The pass reports what it did in lines and counts; exit 1 when any
 * folder failed.
 */
import { join } from 'node:path'
import { FETCH_CONCURRENCY, errorText, messages as msg } from '../core/index.js'
import { mapInBatches } from '../fs/index.js'
import type { Catalogue, SkillFilter } from './catalogue.js'
import { desiredFolders, type DesiredFolders, type Wanted } from './desired.js'
import type { SyncManifest, WrittenFolder } from './manifest.js'
import { foldersToInspect, planSync } from './plan.js'
import { folderDigests, readTarget, removeFolder, removeLeftovers, Stopped, Temporaries, writeFolder, writeManifest, type FileToWrite } from './target.js'

export interface SyncOptions {
  /** The target folders (absolute). */
  targets: readonly string[]
  dryRun: boolean
  /** Only the skills whose id it accepts (E20's views, later); undefined: every skill. */
  only?: SkillFilter
}

export interface PassReport {
  /** What changed (stdout). */
  out: string[]
  /** Skills left out, folders left alone, failures (stderr). */
  err: string[]
  written: number
  removed: number
  unchanged: number
  failed: number
}

export interface PassControl {
  temps: Temporaries
  /** True once a stop was asked for (E21.4): the pass ends at the next file. */
  stopped: () => boolean
}

export async function syncPass(catalogue: Catalogue, options: SyncOptions, control: PassControl): Promise<PassReport> {
  const report: PassReport = { out: [], err: [], written: 0, removed: 0, unchanged: 0, failed: 0 }
  const desired = await desiredFolders(catalogue, options.only)
  report.err.push(...desired.skipped)
  for (const [folder, reason] of desired.failed) report.err.push(msg.syncFailed(folder, reason))
  report.failed += desired.failed.size
  for (const dir of options.targets) {
    if (control.stopped()) throw new Stopped()
    try {
      await syncTarget(dir, desired, options.dryRun, control, report)
    } catch (error) {
      if (error instanceof Stopped) throw error
      // A target that cannot be read or written at all (not a folder, no permission) fails; the others go on.
      report.err.push(msg.syncFailed(dir, errorText(error)))
      report.failed++
    }
  }
  return report
}

async function syncTarget(dir: string, desired: DesiredFolders, dryRun: boolean, control: PassControl, report: PassReport): Promise<void> {
  if (!dryRun) await removeLeftovers(dir)
  const target = await readTarget(dir)
  if (target.problem !== undefined) {
    // Without its manifest sync cannot tell its folders from others': DIR is left as it is (E21.2).
    report.err.push(msg.syncFailed(dir, target.problem))
    report.failed++
    return
  }
  const { manifest } = target
  // A skill that could not be read now keeps its folder as it is: it has not left the catalogue.
  const wanted = new Map<string, WrittenFolder>([...desired.folders].map(([folder, w]) => [folder, written(w)]))
  for (const folder of desired.failed.keys()) {
    const written = manifest.folders[folder]
    if (written !== undefined) wanted.set(folder, written)
  }
  const inspect = foldersToInspect(wanted, manifest, target.present)
  const digests = new Map(await Promise.all(inspect.map(async (folder) => [folder, await folderDigests(join(dir, folder))] as const)))
  const plan = planSync(wanted, manifest, { present: target.present, digests })
  const next: SyncManifest = { folders: { ...manifest.folders } }
  for (const folder of plan.forgotten) delete next.folders[folder]
  for (const folder of plan.foreign) report.err.push(msg.syncNotWritten(folder))
  for (const folder of plan.kept) report.err.push(msg.syncKeptEdited(folder))
  report.unchanged += plan.unchanged.filter((folder) => !desired.failed.has(folder)).length
  // The manifest follows each change at once, so a stop between two folders never leaves one unlisted.
  let manifestText = target.manifestText
  const commit = async () => {
    if (!dryRun) manifestText = await writeManifest(dir, next, manifestText, control.temps)
  }
  const each = (folders: readonly string[], counted: Counted, change: (folder: string) => Promise<void>) =>
    changeEach(folders, counted, { dir, dryRun, control, report }, change)
  // A folder whose skill could not be read now (reported once) is not written in any target.
  await each(plan.write.filter((folder) => desired.folders.has(folder)), 'written', async (folder) => {
    const wanted = desired.folders.get(folder) as Wanted
    await writeFolder(dir, folder, await bytesOf(wanted), control.temps, control.stopped)
    next.folders[folder] = written(wanted)
    await commit()
  })
  await each(plan.remove, 'removed', async (folder) => {
    await removeFolder(dir, folder, control.temps)
    delete next.folders[folder]
    await commit()
  })
  await commit()
}

type Counted = 'written' | 'removed'

const SAID: Readonly<Record<Counted, { would: (path: string) => string; did: (path: string) => string }>> = {
  written: { would: msg.syncWouldWrite, did: msg.syncWrote },
  removed: { would: msg.syncWouldRemove, did: msg.syncRemoved },
}

/**
 * Each folder changed in turn by `change` (with --dry-run only said), counted and reported as
 * `counted`; a folder that fails is reported and the pass goes on; a stop ends it between folders.
 */
async function changeEach(folders: readonly string[], counted: Counted, at: { dir: string; dryRun: boolean; control: PassControl; report: PassReport }, change: (folder: string) => Promise<void>): Promise<void> {
  const { dir, dryRun, control, report } = at
  for (const folder of folders) {
    if (control.stopped()) throw new Stopped()
    if (!dryRun) {
      try {
        await change(folder)
      } catch (error) {
        if (error instanceof Stopped) throw error
        report.err.push(msg.syncFailed(folder, errorText(error)))
        report.failed++
        continue
      }
    }
    report.out.push((dryRun ? SAID[counted].would : SAID[counted].did)(join(dir, folder)))
    report[counted]++
  }
}

/** What the manifest records of a folder written (its skill, files' digests, executable files). */
function written({ id, files, executable }: Wanted): WrittenFolder {
  return executable === undefined ? { id, files } : { id, files, executable }
}

/** A folder's files read a few at a time (over `--url`, each is a call). */
async function bytesOf(wanted: Wanted): Promise<Map<string, FileToWrite>> {
  const paths = Object.keys(wanted.files)
  const read = await mapInBatches(paths, (path) => wanted.read(path), FETCH_CONCURRENCY)
  const files = new Map<string, FileToWrite>()
  for (const [i, path] of paths.entries()) {
    const bytes = read[i]
    if (bytes === undefined) throw new Error(msg.syncFileChanged(path))
    files.set(path, { bytes, executable: wanted.executable?.includes(path) === true })
  }
  return files
}

/** The pass's closing line: `{w} written, {r} removed, {n} unchanged` (E21.3). */
export function summaryLine(report: PassReport, dryRun: boolean): string {
  return msg.syncSummary(report.written, report.removed, report.unchanged) + (dryRun ? msg.SYNC_DRY_RUN : '')
}
