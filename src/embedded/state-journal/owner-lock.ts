/**
 * One owner per state file: `<file>.lock`, created exclusively, holds the owner's pid and its
 * start time. A lock whose process is gone (a SIGKILLed owner) is taken over; the start time tells
 * a reused pid from the owner itself where /proc is there to read it.
 */
import { readFileSync } from 'node:fs'
import { open, readFile, rm } from 'node:fs/promises'
import { stateFileInUse } from '../messages.js'

interface LockOwner {
  pid: number
  started?: string
}

const held = new Set<string>()

export interface OwnerLock {
  release(): Promise<void>
}

export async function acquireOwnerLock(stateFile: string): Promise<OwnerLock> {
  const lockPath = `${stateFile}.lock`
  if (held.has(lockPath)) throw new Error(stateFileInUse(stateFile, process.pid))
  const me: LockOwner = { pid: process.pid, started: processStart(process.pid) }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockPath, 'wx')
      try {
        await handle.writeFile(JSON.stringify(me))
        await handle.sync()
      } finally {
        await handle.close()
      }
      held.add(lockPath)
      return {
        release: async () => {
          held.delete(lockPath)
          await rm(lockPath, { force: true })
        },
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const owner = await readOwner(lockPath)
    if (owner !== undefined && isAlive(owner)) throw new Error(stateFileInUse(stateFile, owner.pid))
    await rm(lockPath, { force: true })
  }
  throw new Error(stateFileInUse(stateFile, undefined))
}

async function readOwner(lockPath: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockOwner>
    return typeof owner.pid === 'number' ? { pid: owner.pid, started: owner.started } : undefined
  } catch {
    return undefined // unreadable or half-written by an owner that died creating it
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
    return undefined
  }
}
