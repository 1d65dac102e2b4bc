/**
 * One owner per state file: `<real path>.lock`, created exclusively, holds the owner's pid, its
 * start time and the state file's device and inode. The lock is taken on the state file's real path
 * (state-path.ts), so every path to one file meets the same lock (E11.5). A lock whose process is
 * gone (a SIGKILLed owner) is taken over atomically: it is renamed aside, and only when the renamed
 * file is the very one found dead (same inode) is a new lock created; a live lock renamed aside by
 * a racing start is put back. The start time tells a reused pid from the owner itself where /proc
 * is there to read it.
 */
import { readFileSync } from 'node:fs'
import { link, open, rename, rm, stat } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { stateFileInUse } from '../messages.js'

interface LockOwner {
  pid: number
  started?: string
}

const held = new Set<string>()
/** Tries at taking the lock before giving up (each try either takes it, finds a live owner, or lost a race). */
const ATTEMPTS = 5

export interface OwnerLock {
  release(): Promise<void>
}

/** `realPath` is the resolved state file; `shownPath` the path as the user gave it (for messages). */
export async function acquireOwnerLock(realPath: string, shownPath: string = realPath): Promise<OwnerLock> {
  const lockPath = `${realPath}.lock`
  if (held.has(lockPath)) throw new Error(stateFileInUse(shownPath, process.pid))
  const me: LockOwner = { pid: process.pid, started: processStart(process.pid) }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await createLock(lockPath, me)) {
      held.add(lockPath)
      return {
        release: async () => {
          held.delete(lockPath)
          await rm(lockPath, { force: true })
        },
      }
    }
    const found = await readOwner(lockPath)
    if (found === 'gone') continue
    if (found.owner !== undefined && isAlive(found.owner)) throw new Error(stateFileInUse(shownPath, found.owner.pid))
    await setAside(lockPath, found.ino)
  }
  throw new Error(stateFileInUse(shownPath, undefined))
}

/**
 * Creates the lock exclusively, whole: the content is written to a file of our own first and then
 * hard-linked to the lock's name, so no other start ever reads a lock half written (which would
 * look dead and be taken over). False when a lock is there already.
 */
async function createLock(lockPath: string, me: LockOwner): Promise<boolean> {
  const draft = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}.new`
  const handle = await open(draft, 'wx', 0o600)
  try {
    try {
      await handle.writeFile(JSON.stringify(me))
      await handle.sync()
    } finally {
      await handle.close()
    }
    await link(draft, lockPath)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  } finally {
    await rm(draft, { force: true })
  }
}

/** Moves a dead owner's lock (inode `deadIno`) out of the way; a lock that is not that one is put back. */
async function setAside(lockPath: string, deadIno: number): Promise<void> {
  const aside = `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}.dead`
  try {
    await rename(lockPath, aside)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return // another start moved it first
    throw err
  }
  try {
    // A racing start took the dead lock over between our read and our rename: give its lock back.
    if ((await stat(aside)).ino !== deadIno) await link(aside, lockPath).catch(() => undefined)
  } finally {
    await rm(aside, { force: true })
  }
}

async function readOwner(lockPath: string): Promise<{ owner: LockOwner | undefined; ino: number } | 'gone'> {
  let handle
  try {
    handle = await open(lockPath, 'r')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone'
    throw err
  }
  try {
    const { ino } = await handle.stat()
    try {
      const owner = JSON.parse(await handle.readFile('utf8')) as Partial<LockOwner>
      return { owner: typeof owner.pid === 'number' ? { pid: owner.pid, started: owner.started } : undefined, ino }
    } catch {
      return { owner: undefined, ino } // unreadable or half-written by an owner that died creating it
    }
  } finally {
    await handle.close()
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const started = processStart(owner.pid)
  return owner.started === undefined || started === undefined || started === owner.started
}

/** Field 22 of /proc/<pid>/stat: the process's start time in clock ticks since boot (Linux only). */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    // No such process (or no /proc): the owner's start time is unknown, which the caller treats as not alive.
    return undefined
  }
}
