/**
 * A folder of `count` generated skill folders for `--skills-dir` (E17.4's 10,000-skill catalogue):
 * `skill-00042/SKILL.md`, each with a name, a description of about 200 characters and a section.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export const generatedName = (i: number) => `skill-${String(i).padStart(5, '0')}`

export async function writeGeneratedSkills(root: string, count: number): Promise<void> {
  const BATCH = 500
  for (let start = 0; start < count; start += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, count - start) }, async (_, k) => {
      const i = start + k
      const name = generatedName(i)
      await mkdir(join(root, name), { recursive: true })
      await writeFile(join(root, name, 'SKILL.md'), [
        '---',
        `name: ${name}`,
        `description: Reconcile the records of workflow ${i % 97} with the ledger, correct what differs and report it. ` +
          `Use when an operator asks why workflow ${i % 97} and the ledger disagree.`,
        '---',
        `# Skill ${i}`,
        '',
        '## When to use',
        '',
        `When the records of workflow ${i % 97} drift.`,
        '',
      ].join('\n'))
    }))
  }
}
