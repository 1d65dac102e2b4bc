/**
 * One file-system watch per folder (or per file, for a symlinked one), as the fs index needs it:
 * Node's own `fs.watch` on Linux, where its callback runs straight from libuv's inotify poll, so an
 * event the kernel queued before a call's bytes arrived has been seen by the time the call's
 * handler yields once to the check phase (sources.ts). Anywhere that guarantee does not hold (other
 * platforms, network and FUSE file systems whose remote changes raise no local events) the factory
 * refuses with a WatchUnavailable, and the index reads the disk on every call instead.
 *
 * Which file system a folder is on is asked (`statfs`) once per file system, not once per folder
 * (E19.2): a folder the index lists as a plain directory of a folder this factory already watches is on
 * that folder's file system unless a mount point ends in its name (mount-names.ts).
 */
import { type FSWatcher, watch } from 'node:fs'
import { statfs as statfsOnPool } from 'node:fs/promises'
import { messages as msg } from '../core/index.js'
import { currentMountNames, type MountInfoReader } from './mount-names.js'

export interface PathWatch {
  close(): void
}

/** `name` is the entry's file name (the watched path's own name for an event about itself), null when unknown. */
type WatchListener = (event: 'rename' | 'change', name: string | null) => void

/**
 * `within`: a folder this factory watches in which `path` is listed as a plain directory (no symlink),
 * when the caller knows one; `path` is then on `within`'s file system unless something is mounted on it.
 */
export type WatchFactory = (path: string, listener: WatchListener, within?: string) => Promise<PathWatch>

/** Watching cannot work here at all (not a problem of one path): the index must stop trusting events. */
class WatchUnavailable extends Error {}

// statfs magic numbers of file systems whose changes made on another machine raise no event here.
const NO_LOCAL_EVENTS: ReadonlyMap<number, string> = new Map([
  [0x6969, 'nfs'],
  [0x517b, 'smb'],
  [0xff534d42, 'cifs'],
  [0xfe534d42, 'smb2'],
  [0x65735546, 'fuse'],
  [0x01021997, '9p'],
  [0x00c36400, 'ceph'],
  [0x5346414f, 'afs'],
  [0x73757245, 'coda'],
  [0x0bd00bd0, 'lustre'],
  [0x01161970, 'gfs2'],
  [0x7461636f, 'ocfs2'],
])

/** What the factory asks of the system (tests count or fake them). */
interface WatchSystem {
  statfs(path: string): Promise<{ type: number }>
  mountInfo?: MountInfoReader
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** Node's `fs.watch`, refused where its events cannot be trusted to arrive before a call. */
export function nodeWatchFactory(platform: NodeJS.Platform = process.platform, system: WatchSystem = { statfs: statfsOnPool }): WatchFactory {
  return async (path, listener, within) => {
    if (platform !== 'linux') throw new WatchUnavailable(msg.watchUnsupportedPlatform(platform))
    if (within === undefined || mayBeMountPoint(path, system.mountInfo)) {
      // Not a synchronous call: this is what finds a network file system, where a call may hang (a
      // hung mount must not freeze the process, E18.5); what comes after it (the listing) is local.
      const kind = NO_LOCAL_EVENTS.get((await system.statfs(path)).type)
      if (kind !== undefined) throw new WatchUnavailable(msg.watchNoEvents(path, kind))
    }
    // Not persistent: a watch never keeps the process alive.
    const watcher = watch(path, { persistent: false }, listener)
    watcher.on('error', reportAsChange)
    return watcher
  }
}

/**
 * An error ends a watch: reported to its listener as "anything here may have changed". One function for
 * every watch (a closure each was some 100 bytes for each of 20,000 watched folders).
 */
function reportAsChange(this: FSWatcher): void {
  this.emit('change', 'rename', null)
}

/** Whether a mount point may end in `path`'s name (always, when the mount table cannot be read). */
function mayBeMountPoint(path: string, mountInfo: MountInfoReader | undefined): boolean {
  const names = currentMountNames(mountInfo)
  return names === undefined || names.has(baseName(path))
}

// Codes that concern one path (gone, not a folder, not readable): the path's parent or the path's
// own stat tracks it. Any other failure means watching is not available.
const PATH_CODES = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'EPERM', 'ENAMETOOLONG'])

/** The error code when the failure is about the path, undefined when watching itself is unavailable. */
export function pathProblem(error: unknown): string | undefined {
  if (error instanceof WatchUnavailable) return undefined
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return typeof code === 'string' && PATH_CODES.has(code) ? code : undefined
}

export function watchFailureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
