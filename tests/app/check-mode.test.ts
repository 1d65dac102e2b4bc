import { Writable } from 'node:stream'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCheckCli, runCheck } from '../../src/app/modes/check.js'
import { REPO_ROOT } from '../support/processes.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { silentLogger } from '../support/silent-logger.js'

const FIXTURE = join(REPO_ROOT, 'tests/fixtures/real-world')
// E15.2's info rule SK109, which these fixtures' short descriptions break.
const NO_WHEN = 'description does not say when to use the skill (e.g. "Use when …")'

async function check(args: string[]): Promise<{ code: number; lines: string[] }> {
  let text = ''
  const out = new Writable({ write(chunk, _enc, done) { text += String(chunk); done() } })
  const code = await runCheck(parseCheckCli(args), out, silentLogger())
  return { code, lines: text.split('\n').filter((l) => l !== '') }
}

describe('iii-skills check (E5.2)', () => {
  it('prints each skip and each warning with its exact text, then a summary, and exits 1 on a skip', async () => {
    const skills = join(FIXTURE, 'skills')
    expect(await check(['--config', join(FIXTURE, 'config.yaml')])).toEqual({
      code: 1,
      lines: [
        `skipped skill ${skills}/no-description/SKILL.md: frontmatter missing non-empty \`description\``,
        `warning skill ${skills}/brand-guidelines/SKILL.md (brand-guidelines): frontmatter name "anthropic-brand" does not match folder "brand-guidelines"`,
        `warning skill ${skills}/brand-guidelines/SKILL.md (brand-guidelines): not published as an MCP skill: frontmatter name "anthropic-brand" differs from "brand-guidelines"`,
        `info skill ${skills}/brand-guidelines/SKILL.md (brand-guidelines): ${NO_WHEN}`,
        `info skill ${skills}/pdf/SKILL.md (pdf): ${NO_WHEN}`,
        `warning skill ${skills}/pptx/SKILL.md (pptx): frontmatter YAML repaired (1 values quoted)`,
        `warning skill ${skills}/webapp-testing/SKILL.md (webapp-testing): frontmatter key "title" is not an Agent Skills field (name, description, license, compatibility, metadata, allowed-tools)`,
        `info skill ${skills}/webapp-testing/SKILL.md (webapp-testing): ${NO_WHEN}`,
        `warning skill ${skills}/xlsx/SKILL.md (xlsx): description longer than 1024 characters`,
        'checked 6 skills: 1 error, 5 warnings, 3 info (SK004 no-description 1, SK101 name-mismatch 1, SK103 description-too-long 1, SK104 yaml-repaired 1, SK105 unknown-key 1, SK109 description-no-when 3, SK502 not-published 1)',
        '5 skills and 0 prompts served, 1 skipped, 4 warnings',
      ],
    })
  })

  it('exits 0 with warnings only, and takes --skills-dir (repeatable) beside the config', async () => {
    const dir = await makeTempDir()
    try {
      await writeTree(dir, {
        'a/team/lint/SKILL.md': '---\nname: lint\ndescription: Lint the code.\n---\n# Lint\n',
        'b/docs/SKILL.md': '---\nname: Docs\ndescription: Write docs.\n---\n',
      })
      expect(await check(['--config', join(dir, 'none.yaml'), '--skills-dir', join(dir, 'a'), '--skills-dir', join(dir, 'b')])).toEqual({
        code: 0,
        lines: [
          `info skill ${dir}/a/team/lint/SKILL.md (team/lint): ${NO_WHEN}`,
          `warning skill ${dir}/b/docs/SKILL.md (docs): frontmatter name "Docs" does not match folder "docs"`,
          `warning skill ${dir}/b/docs/SKILL.md (docs): frontmatter name "Docs" is not a valid skill name`,
          `warning skill ${dir}/b/docs/SKILL.md (docs): not published as an MCP skill: frontmatter name "Docs" differs from "docs"`,
          `info skill ${dir}/b/docs/SKILL.md (docs): ${NO_WHEN}`,
          'checked 2 skills: 0 errors, 3 warnings, 2 info (SK101 name-mismatch 1, SK102 invalid-name 1, SK109 description-no-when 2, SK502 not-published 1)',
          '2 skills and 0 prompts served, 0 skipped, 3 warnings',
        ],
      })
    } finally {
      await removeTempDir(dir)
    }
  })
})
