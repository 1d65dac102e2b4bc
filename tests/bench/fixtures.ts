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

/** Folders a filesystem tree spreads its skills over (E3: 10,000 skills in 100 folders). */
export const FS_FOLDERS = 100

// (42, 1000) => "team-04/skill-00042": `count / FS_FOLDERS` consecutive skills per folder.
export function fsSkillId(i: number, count: number): string {
  const perFolder = Math.max(1, Math.ceil(count / FS_FOLDERS))
  return `team-${String(Math.floor(i / perFolder)).padStart(2, '0')}/${skillId(i)}`
}

/** Writes `count` skill files of `bytes` bytes as `root/<fsSkillId>.md`, in FS_FOLDERS folders. */
export async function writeFsSkills(root: string, count: number, bytes: number): Promise<void> {
  const byFolder = new Map<string, number[]>()
  for (let i = 0; i < count; i++) {
    const folder = fsSkillId(i, count).split('/')[0] as string
    const members = byFolder.get(folder) ?? []
    members.push(i)
    byFolder.set(folder, members)
  }
  for (const [folder, members] of byFolder) {
    await mkdir(join(root, folder), { recursive: true })
    await Promise.all(members.map((i) => writeFile(join(root, `${fsSkillId(i, count)}.md`), skillBody(i, bytes))))
  }
}
