/**
 * The last component of every mount point this process sees (/proc/self/mountinfo), for the watch
 * factory (watch-factory.ts): a folder listed as a plain directory (no symlink) in a folder on a local
 * file system is on that same file system unless something is mounted on it, and then the mount
 * point's real path ends in the folder's own name. So a name no mount point ends in needs no `statfs`
 * of its own (E19.2: one per folder was a thread-pool round trip for each of the 20,000 folders a start
 * at 10,000 skills watches). Read afresh once `MAX_AGE_MS` have passed: a mount made since is seen by the
 * next watch after that, as the `statfs` of each watch only ever saw mounts made before it.
 */
import { readFileSync } from 'node:fs'

const MOUNT_INFO = '/proc/self/mountinfo'
const MAX_AGE_MS = 100

/** Where the mount table is read (tests give another). */
export type MountInfoReader = () => string

const readMountInfo: MountInfoReader = () => readFileSync(MOUNT_INFO, 'utf8')
let cached: { names: ReadonlySet<string> | undefined; at: number; read: MountInfoReader } | undefined

// "/mnt/my\040disk" => "my disk": mountinfo escapes space, tab, newline and backslash as octal.
const unescaped = (field: string) => field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)))

/** The mount points' last components in mountinfo's text (field 5 of each line). */
export function mountPointNames(text: string): Set<string> {
  const names = new Set<string>()
  for (const line of text.split('\n')) {
    const point = line.split(' ')[4]
    if (point !== undefined) names.add(unescaped(point.slice(point.lastIndexOf('/') + 1)))
  }
  return names
}

/** The current names, or undefined when the table cannot be read (no /proc): then every folder is asked. */
export function currentMountNames(read: MountInfoReader = readMountInfo, now = Date.now()): ReadonlySet<string> | undefined {
  if (cached === undefined || cached.read !== read || now - cached.at >= MAX_AGE_MS || now < cached.at) {
    let names: ReadonlySet<string> | undefined
    try {
      names = mountPointNames(read())
    } catch {
      names = undefined
    }
    cached = { names, at: now, read }
  }
  return cached.names
}
