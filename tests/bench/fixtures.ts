/**
 * Deterministic bench content: skill bodies of an exact UTF-8 size that look like real skills (an
 * H1 title, a first paragraph longer than the index's 140-character cut, then a section of prose
 * about the skill's topics, so searches rank something), their ids, and a folder of filesystem
 * skills.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { proseFor } from './prose.js'

// 42 => "skill-00042"
export function skillId(i: number): string {
  return `skill-${String(i).padStart(5, '0')}`
}

/** A markdown body of exactly `bytes` UTF-8 bytes (ASCII only). */
export function skillBody(i: number, bytes: number): string {
  const head =
    `# Skill ${i}\n\n` +
    `Skill ${i} tells an agent how to look up, reconcile and correct the records of workflow ${i % 97}; ` +
    `read it before calling any of its functions, because the order of the calls matters.\n\n` +
    '## When to use\n\n'
  const body = head + proseFor(i, bytes - head.length)
  return `${body.slice(0, bytes - 1)}\n`
}

/** Writes `count` skill files of `bytes` bytes as `root/team-XX/skill-NNNNN.md`, 100 per folder. */
export async function writeFsSkills(root: string, count: number, bytes: number): Promise<void> {
  for (let start = 0; start < count; start += 100) {
    const dir = join(root, `team-${String(start / 100).padStart(2, '0')}`)
    await mkdir(dir, { recursive: true })
    const end = Math.min(count, start + 100)
    const writes: Promise<void>[] = []
    for (let i = start; i < end; i++) writes.push(writeFile(join(dir, `${skillId(i)}.md`), skillBody(i, bytes)))
    await Promise.all(writes)
  }
}
