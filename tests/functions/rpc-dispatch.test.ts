import { createHash } from 'node:crypto'
/**
 * `skills::rpc` over the real discovery functions (DISCOVERY_DISPATCH): each method runs the
 * function's own schema and handler, the caller's faults (bad params, unknown skill, a file the skill
 * does not have or may not serve) are -32602 with the function's message, and the worker's own
 * failures (a broken skill.toml, state down) are -32603.
 */
import { symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { describeProtocolSkill } from '../../src/functions/discovery.js'
import { answerRpc } from '../../src/functions/rpc.js'
import { DISCOVERY_DISPATCH } from '../../src/functions/rpc-endpoint.js'
import { parseInput } from '../../src/schemas/parse.js'
import { DescribeSkillRequest } from '../../src/schemas/discovery.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { fakeDeps, type FakeWorld } from './fake-deps.js'

let root: string
let world: FakeWorld
const PDF_SKILL = '---\nname: pdf\ndescription: Fill PDF forms.\nmetadata:\n  version: "1.2.0"\n---\n# PDF\n\nBody.\n'

beforeEach(async () => {
  root = await makeTempDir()
  await writeTree(root, {
    'skills/pdf/SKILL.md': PDF_SKILL,
    'skills/pdf/scripts/fill.py': "print('fill')\n",
    'skills/pdf/big.txt': 'x'.repeat(1024 * 1024 + 1),
    'skills/pdf/binary.bin': Buffer.from([0xff, 0xfe, 0x00]),
    'skills/broken/SKILL.md': '---\ndescription: Broken manifest.\n---\n# Broken\n',
    'skills/broken/skill.toml': 'name = \n',
    'outside.txt': 'secret\n',
  })
  await symlink(join(root, 'outside.txt'), join(root, 'skills/pdf/escape.txt'))
  world = fakeDeps({ baseDir: root, config: { skills: ['skills/**/SKILL.md'] } })
  world.state.rows('skills').set('notes', { id: 'notes', skill: '# Notes\n\nState notes.\n', registered_at: 't' })
})

afterEach(async () => {
  await removeTempDir(root)
})

const rpc = (method: string, params?: unknown) => answerRpc({ jsonrpc: '2.0', id: 1, method, params }, world.deps, DISCOVERY_DISPATCH)

describe('methods', () => {
  it('list_skills answers what skill::list_skills answers', async () => {
    expect(await rpc('list_skills', { detail: 'summary' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        skills: [
          { name: 'broken', version: '0.0.0', description: 'Broken manifest.', namespace: 'broken', kind: 'instruction', tokens: 3 },
          { name: 'notes', version: '0.0.0', description: 'State notes.', namespace: 'notes', kind: 'instruction', tokens: 6 },
          { name: 'pdf', version: '1.2.0', description: 'Fill PDF forms.', namespace: 'pdf', kind: 'instruction', tokens: 5 },
        ],
        next_cursor: null,
      },
    })
  })

  it('describe_skill answers what skill::describe_skill answers', async () => {
    const direct = await describeProtocolSkill(parseInput(DescribeSkillRequest, { name: 'pdf', detail: 'manifest' }), world.deps)
    expect(direct.skill.digest).toBe(`sha256:${createHash('sha256').update(PDF_SKILL).digest('hex')}`)
    expect(await rpc('describe_skill', { name: 'pdf', detail: 'manifest' })).toEqual({ jsonrpc: '2.0', id: 1, result: direct })
  })

  it('read_skill_file answers what skill::read_skill_file answers', async () => {
    expect(await rpc('read_skill_file', { name: 'pdf', path: 'scripts/fill.py' })).toEqual({
      jsonrpc: '2.0', id: 1, result: { content: "print('fill')\n" },
    })
  })
})

describe('the caller\'s faults are -32602 with the function\'s message', () => {
  it.each<[string, string, unknown, string]>([
    ['a limit out of range', 'list_skills', { limit: 0 }, 'invalid value for field `limit`: must be an integer from 1 to 500'],
    ['a foreign cursor', 'list_skills', { cursor: 'nope' }, 'invalid value for field `cursor`: not a cursor returned by list_skills'],
    ['a missing name', 'describe_skill', {}, 'missing field `name`'],
    ['an unknown skill', 'describe_skill', { name: 'nope' }, 'Skill not found: nope'],
    ['another version', 'describe_skill', { name: 'pdf', version: '9.9.9' }, 'Skill version not found: pdf@9.9.9'],
    ['a missing file', 'read_skill_file', { name: 'pdf', path: 'scripts/nope.py' }, 'File not found: scripts/nope.py'],
    ['a file of a state row other than SKILL.md', 'read_skill_file', { name: 'notes', path: 'x.md' }, 'File not found: x.md'],
    ['a parent segment', 'read_skill_file', { name: 'pdf', path: '../outside.txt' }, 'Invalid path "../outside.txt": must not contain a \'..\' segment'],
    ['a symlink out of the folder', 'read_skill_file', { name: 'pdf', path: 'escape.txt' }, 'Path resolves outside the skill folder: escape.txt'],
    ['a directory', 'read_skill_file', { name: 'pdf', path: 'scripts' }, 'Not a file: scripts'],
    ['a file over 1 MiB', 'read_skill_file', { name: 'pdf', path: 'big.txt' }, 'File too large: big.txt (1048577 bytes; max 1048576)'],
    ['a file that is not UTF-8', 'read_skill_file', { name: 'pdf', path: 'binary.bin' }, 'File is not valid UTF-8 text: binary.bin'],
  ])('%s', async (_label, method, params, message) => {
    expect(await rpc(method, params)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message } })
  })
})

it('keeps a caller fault -32602 when its text is too long to send whole', async () => {
  const name = 'n'.repeat(1024 * 1024 + 10)
  const reply = (await rpc('describe_skill', { name })) as { error: { code: number; message: string } }
  expect(reply.error.code).toBe(-32602)
  const bytes = 'Skill not found: '.length + name.length
  expect(reply.error.message).toMatch(new RegExp(`^Skill not found: n+\\.\\.\\. \\(error text truncated; ${bytes} bytes in all\\)$`))
})

describe('the worker\'s own failures are -32603', () => {
  it('a skill.toml that does not parse', async () => {
    const reply = await rpc('describe_skill', { name: 'broken' })
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32603 } })
    expect((reply as { error: { message: string } }).error.message).toMatch(/^Invalid skill\.toml of broken: /)
  })

  it('a skill.toml that escapes its folder', async () => {
    await symlink(join(root, 'outside.txt'), join(root, 'skills/pdf/skill.toml'))
    expect(await rpc('describe_skill', { name: 'pdf' })).toEqual({
      jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Path resolves outside the skill folder: skill.toml' },
    })
  })

  it('state that cannot be listed', async () => {
    world.state.failures.set('list', new Error('state::list: TIMEOUT: invocation timed out after 10ms'))
    expect(await rpc('list_skills')).toEqual({
      jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'state::list: TIMEOUT: invocation timed out after 10ms' },
    })
  })
})
