/**
 * E15.2: every rule of `check` on a small tree that breaks it (the finding, its file and line) and on
 * one that does not (no finding of that rule). Run through the whole command (`--format json`).
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkTree, GOOD_SKILL, GOOD_TREE } from './support.js'

const skill = (fm: string, body = '# Body\n') => `---\n${fm}\n---\n${body}`
const WHEN = 'Lints the code. Use when the user asks to lint.'
// Secret-shaped values are put together at run time, so this file holds none.
const AWS_KEY = ['AKIA', 'Q3EGZJ7N5RV2WXYB'].join('')
const GITHUB_TOKEN = ['ghp', '_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'].join('')
const PRIVATE_KEY = ['-----BEGIN RSA ', 'PRIVATE KEY-----\n', 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw\n', '-----END RSA PRIVATE KEY-----\n'].join('')

interface Case {
  rule: string
  breaks: Record<string, string | Buffer>
  /** [file relative to the tree, line] of each finding of the rule. */
  at: Array<[string, number]>
  keeps?: Record<string, string | Buffer>
  args?: (dir: string) => string[]
}

const CASES: Case[] = [
  { rule: 'SK001', breaks: { 'root/bin/SKILL.md': Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a]) }, at: [['root/bin/SKILL.md', 1]] },
  { rule: 'SK002', breaks: { 'root/bare/SKILL.md': '# Bare\n\nNo frontmatter.\n' }, at: [['root/bare/SKILL.md', 1]] },
  { rule: 'SK003', breaks: { 'root/yaml/SKILL.md': skill('name: yaml\ndescription: [never closed') }, at: [['root/yaml/SKILL.md', 1]] },
  { rule: 'SK004', breaks: { 'root/nodesc/SKILL.md': skill('name: nodesc') }, at: [['root/nodesc/SKILL.md', 1]] },
  // A folder name with no character an id may hold (E13.3, where it applies, maps other names to an id).
  { rule: 'SK005', breaks: { 'root/+++/SKILL.md': skill(`name: plus\ndescription: ${WHEN}`) }, at: [['root/+++/SKILL.md', 1]] },
  {
    rule: 'SK006',
    breaks: { 'r1/lint/SKILL.md': GOOD_SKILL, 'r2/lint/SKILL.md': GOOD_SKILL },
    keeps: { 'r1/lint/SKILL.md': GOOD_SKILL, 'r2/other/SKILL.md': GOOD_SKILL.replace('name: lint', 'name: other') },
    args: (dir) => ['--config', join(dir, 'none.yaml'), '--skills-dir', join(dir, 'r1'), '--skills-dir', join(dir, 'r2')],
    at: [['r1/lint/SKILL.md', 1]],
  },
  {
    rule: 'SK007',
    breaks: { 'config.yaml': 'prompts:\n  - prompts/*.md\n', 'prompts/p.md': skill('name: Bad Name\ndescription: Says hello.', 'Hello\n') },
    keeps: { 'config.yaml': 'prompts:\n  - prompts/*.md\n', 'prompts/p.md': skill('name: hello\ndescription: Says hello.', 'Hello\n') },
    args: (dir) => ['--config', join(dir, 'config.yaml')],
    at: [['prompts/p.md', 1]],
  },
  {
    rule: 'SK008',
    breaks: { 'config.yaml': '# skills\nskills:\n  - skills/a**/SKILL.md\n' },
    keeps: { 'config.yaml': 'skills:\n  - skills/*/SKILL.md\n', 'skills/lint/SKILL.md': GOOD_SKILL },
    args: (dir) => ['--config', join(dir, 'config.yaml')],
    at: [['config.yaml', 3]],
  },
  {
    rule: 'SK009',
    breaks: { 'root/Lint Tools/SKILL.md': skill(`name: lint-tools\ndescription: ${WHEN}`) },
    keeps: { 'root/lint-tools/SKILL.md': skill(`name: lint-tools\ndescription: ${WHEN}`) },
    args: (dir) => ['--config', join(dir, 'none.yaml'), '--skills-dir', join(dir, 'root')],
    at: [['root/Lint Tools/SKILL.md', 1]],
  },
  { rule: 'SK101', breaks: { 'root/lint/SKILL.md': skill(`description: ${WHEN}\nname: linter`) }, at: [['root/lint/SKILL.md', 3]] },
  { rule: 'SK102', breaks: { 'root/lint--x/SKILL.md': skill(`name: lint--x\ndescription: ${WHEN}`) }, at: [['root/lint--x/SKILL.md', 2]] },
  { rule: 'SK103', breaks: { 'root/lint/SKILL.md': skill(`name: lint\ndescription: ${WHEN} ${'x'.repeat(1100)}`) }, at: [['root/lint/SKILL.md', 3]] },
  { rule: 'SK104', breaks: { 'root/lint/SKILL.md': skill('name: lint\ndescription: Lints. Use when: the user asks') }, at: [['root/lint/SKILL.md', 1]] },
  { rule: 'SK105', breaks: { 'root/lint/SKILL.md': skill(`name: lint\ndescription: ${WHEN}\nversion: 1.0.0\nlicense: MIT`) }, at: [['root/lint/SKILL.md', 4]] },
  { rule: 'SK106', breaks: { 'root/lint/SKILL.md': skill(`name: lint\ndescription: ${WHEN}\ncompatibility: ${'y'.repeat(501)}`) }, at: [['root/lint/SKILL.md', 4]] },
  { rule: 'SK107', breaks: { 'root/lint/SKILL.md': skill(`description: ${WHEN}`) }, at: [['root/lint/SKILL.md', 1]] },
  { rule: 'SK108', breaks: { 'root/lint/SKILL.md': skill('name: lint\ndescription: Lints. Use when asked. <example>lint it</example>') }, at: [['root/lint/SKILL.md', 3]] },
  { rule: 'SK109', breaks: { 'root/lint/SKILL.md': skill('name: lint\ndescription: A linter for the code.') }, at: [['root/lint/SKILL.md', 3]] },
  { rule: 'SK201', breaks: { 'root/lint/SKILL.md': skill(`name: lint\ndescription: ${WHEN}`, 'line\n'.repeat(501)) }, at: [['root/lint/SKILL.md', 505]] },
  { rule: 'SK202', breaks: { 'root/lint/SKILL.md': skill(`name: lint\ndescription: ${WHEN}`, `${'alpha beta gamma delta '.repeat(1300)}\n`) }, at: [['root/lint/SKILL.md', 5]] },
  {
    rule: 'SK203',
    breaks: { ...GOOD_TREE, 'root/lint/references/guide.md': '# Guide\n\nMore in [details](details.md).\n', 'root/lint/references/details.md': '# Details\n' },
    keeps: {
      ...GOOD_TREE,
      'root/lint/SKILL.md': `${GOOD_SKILL}And [details](references/details.md).\n`,
      'root/lint/references/guide.md': '# Guide\n\nMore in [details](details.md).\n',
      'root/lint/references/details.md': '# Details\n',
    },
    at: [['root/lint/references/guide.md', 3]],
  },
  { rule: 'SK204', breaks: { ...GOOD_TREE, 'root/lint/SKILL.md': GOOD_SKILL.replace('references/guide.md', 'references\\guide.md') }, at: [['root/lint/SKILL.md', 7]] },
  { rule: 'SK205', breaks: { ...GOOD_TREE, 'root/lint/assets/big.bin': Buffer.alloc(8 * 1024 * 1024 + 1) }, at: [['root/lint/assets/big.bin', 1]], keeps: { ...GOOD_TREE, 'root/lint/assets/big.bin': Buffer.alloc(8 * 1024 * 1024) } },
  { rule: 'SK301', breaks: { ...GOOD_TREE, 'root/lint/SKILL.md': `${GOOD_SKILL}\nAlso [gone](references/gone.md) and [out](../x.md).\n` }, at: [['root/lint/SKILL.md', 9], ['root/lint/SKILL.md', 9]] },
  {
    rule: 'SK302',
    breaks: { ...GOOD_TREE, 'root/lint/SKILL.md': `${GOOD_SKILL}\nSee [fmt](iii://fmt).\n` },
    keeps: { ...GOOD_TREE, 'root/lint/SKILL.md': `${GOOD_SKILL}\nSee [fmt](iii://fmt).\n`, 'root/fmt/SKILL.md': GOOD_SKILL.replace('name: lint', 'name: fmt').replace('See [the guide](references/guide.md).', '') },
    at: [['root/lint/SKILL.md', 9]],
  },
  {
    rule: 'SK401',
    breaks: { ...GOOD_TREE, 'root/lint/scripts/deploy.sh': `#!/bin/sh\nexport AWS_ACCESS_KEY_ID=${AWS_KEY}\n\ncurl -H "Authorization: token ${GITHUB_TOKEN}"\n`, 'root/lint/key.pem': PRIVATE_KEY },
    keeps: { ...GOOD_TREE, 'root/lint/scripts/deploy.sh': '#!/bin/sh\nexport AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nexport GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n# -----BEGIN RSA PRIVATE KEY----- marks a key\n' },
    at: [['root/lint/key.pem', 1], ['root/lint/scripts/deploy.sh', 2], ['root/lint/scripts/deploy.sh', 4]],
  },
  {
    rule: 'SK501',
    breaks: { 'root/a/lint/SKILL.md': GOOD_SKILL.replace('See [the guide](references/guide.md).', ''), 'root/b/lint/SKILL.md': GOOD_SKILL.replace('See [the guide](references/guide.md).', '') },
    keeps: { 'root/a/lint/SKILL.md': GOOD_SKILL.replace('See [the guide](references/guide.md).', '') },
    at: [['root/b/lint/SKILL.md', 2]],
  },
  { rule: 'SK502', breaks: { 'root/lint/SKILL.md': skill(`description: ${WHEN}\nname: linter`) }, at: [['root/lint/SKILL.md', 3]] },
]

describe('check rules (E15.2): each on a tree that breaks it and one that does not', () => {
  it.each(CASES.map((c) => [c.rule, c] as const))('%s', async (_rule, c) => {
    const broken = await checkTree(c.breaks, c.args)
    expect(broken.at(c.rule)).toEqual(c.at)
    const kept = await checkTree(c.keeps ?? GOOD_TREE, c.args)
    expect(kept.at(c.rule)).toEqual([])
  })

  it('finds nothing at all in a skill that breaks no rule, and exits 0', async () => {
    const run = await checkTree(GOOD_TREE)
    expect([run.code, run.findings]).toEqual([0, []])
  })

  it('has a case for every rule but the two catch-alls (tested in loader-findings.test.ts)', async () => {
    const { RULES } = await import('../../src/check/rules.js')
    expect(RULES.map((r) => r.id).filter((id) => id !== 'SK000' && id !== 'SK100')).toEqual(CASES.map((c) => c.rule))
  })
})
