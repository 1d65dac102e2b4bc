import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorText } from '../../src/core/errors.js'
import { searchSkills } from '../../src/functions/search.js'
import { parseInput } from '../../src/schemas/parse.js'
import { SearchSkillsInput, SearchSkillsOutput } from '../../src/schemas/search.js'
import { makeTempDir, removeTempDir, writeTree } from '../support/temp-tree.js'
import { fakeDeps, seedSkills, type FakeWorld } from './fake-deps.js'

let root: string
beforeEach(async () => {
  root = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(root)
})

/** What the engine does: decode the payload with the function's schema, then call the handler. */
async function search(world: FakeWorld, payload: Record<string, unknown>) {
  return searchSkills(parseInput(SearchSkillsInput, payload), world.deps)
}

const ids = (result: { results: Array<{ id: string }> }) => result.results.map((r) => r.id)

/** The world's `state::list` reachable through `deps.invoke`, as the engine serves it. */
function serveStateList(world: FakeWorld): void {
  world.functions.set('state::list', async (payload) => world.state.list((payload as { scope: string }).scope))
}

const indexGets = (world: FakeWorld) => world.state.calls.filter((c) => c.op === 'get').map((c) => c.key)

describe('skill::search results', () => {
  it('answers uri, id, title, description, score and snippet, description absent when there is none', async () => {
    const world = fakeDeps()
    seedSkills(world, {
      billing: '# Billing\n\nIssue refunds for paid invoices.\n\n## Refunds\n\nRefunds above 500 EUR need approval.\n',
      bare: 'refund',
    })
    const result = await search(world, { query: 'refunds' })
    expect(SearchSkillsOutput.parse(result)).toEqual(result)
    expect(ids(result)).toEqual(['billing', 'bare'])
    const [billing, bare] = result.results
    expect(billing).toEqual({
      uri: 'iii://billing',
      id: 'billing',
      title: 'Billing',
      description: 'Issue refunds for paid invoices.',
      score: expect.any(Number),
      snippet: 'Billing Issue refunds for paid invoices. Refunds Refunds above 500 EUR need approval.',
      tokens: 22,
    })
    expect(Object.keys(billing as object)).toEqual(['uri', 'id', 'title', 'description', 'score', 'snippet', 'tokens'])
    expect(bare).toEqual({ uri: 'iii://bare', id: 'bare', title: 'bare', description: 'refund', score: expect.any(Number), snippet: 'refund', tokens: 1 })
    expect((billing?.score ?? 0) > (bare?.score ?? 0)).toBe(true)
  })

  it('leaves description out (not null) for a body with no paragraph', async () => {
    const world = fakeDeps()
    seedSkills(world, { heads: '# Heads\n\n## Only headings\n' })
    const [result] = (await search(world, { query: 'headings' })).results
    expect(result).toEqual({ uri: 'iii://heads', id: 'heads', title: 'Heads', score: expect.any(Number), snippet: 'Heads Only headings', tokens: 7 })
    expect('description' in (result as object)).toBe(false)
  })

  it('ranks a match in the title above one in a heading, a heading above the body', async () => {
    const world = fakeDeps()
    const rest = `Closed monthly. ${'Filler words here. '.repeat(5)}\n`
    seedSkills(world, {
      'a-body': `# Alpha\n\nSome text.\n\n## Notes\n\nThe ledger. ${rest}`,
      'b-heading': `# Beta\n\nSome text.\n\n## Ledger\n\nThe entry. ${rest}`,
      'c-title': `# Ledger\n\nSome text.\n\n## Notes\n\nThe entry. ${rest}`,
      unrelated: '# Other\n\nNothing to see.\n',
    })
    expect(ids(await search(world, { query: 'ledger' }))).toEqual(['c-title', 'b-heading', 'a-body'])
  })

  // E14.3: what a skill is for (its description) ranks above a word found only in its id, and both above the body.
  it('ranks a match in the description above one in the id, and the id above the body', async () => {
    const world = fakeDeps()
    seedSkills(world, {
      'in-body': '# One\n\nFirst paragraph.\n\nThe payroll runs monthly.\n',
      payroll: '# Two\n\nFirst paragraph.\n\nIt runs monthly.\n',
      'in-description': '# Three\n\nThe payroll paragraph.\n\nIt runs monthly.\n',
    })
    expect(ids(await search(world, { query: 'payroll' }))).toEqual(['in-description', 'payroll', 'in-body'])
  })

  it('ranks a skill matching every query word above ones matching one', async () => {
    const world = fakeDeps()
    seedSkills(world, {
      both: '# Payments\n\nRefund the invoice when the customer asks.\n',
      invoice: '# Billing\n\nSend an invoice each month.\n',
      refund: '# Returns\n\nA refund takes five days.\n',
    })
    const result = await search(world, { query: 'refund invoice' })
    expect(ids(result)[0]).toBe('both')
    expect(ids(result).sort()).toEqual(['both', 'invoice', 'refund'])
  })

  it('sorts equal scores by id, in byte order', async () => {
    const world = fakeDeps()
    seedSkills(world, { 'b-2': 'same words here', 'a-1': 'same words here', 'b-10': 'same words here' })
    const result = await search(world, { query: 'words' })
    expect(ids(result)).toEqual(['a-1', 'b-10', 'b-2'])
    expect(new Set(result.results.map((r) => r.score)).size).toBe(1)
  })

  it('finds words by prefix and with one typo, and ignores stop words in bodies but not in ids', async () => {
    const world = fakeDeps()
    seedSkills(world, { k8s: '# Kubernetes\n\nRoll back a deployment.\n', other: '# Other\n\nThe the the the.\n', 'it-desk': '# Desk\n\nLaptops.\n' })
    expect(ids(await search(world, { query: 'deploy' }))).toEqual(['k8s'])
    expect(ids(await search(world, { query: 'kubernets' }))).toEqual(['k8s'])
    expect(ids(await search(world, { query: 'deplyment' }))).toEqual(['k8s'])
    expect(ids(await search(world, { query: 'the' }))).toEqual([])
    // Stop words still count in ids and titles.
    expect(ids(await search(world, { query: 'it' }))).toEqual(['it-desk'])
  })

  it('leaves a stored body\'s frontmatter out of the snippet', async () => {
    const world = fakeDeps()
    seedSkills(world, { fm: '---\nname: fm\n---\n# Fm\n\nBody about plums.\n' })
    const [result] = (await search(world, { query: 'plums' })).results
    expect([result?.title, result?.snippet]).toEqual(['Fm', 'Fm Body about plums.'])
  })

  it('answers no results for a query with no words', async () => {
    const world = fakeDeps()
    seedSkills(world, { a: '# A\n\n?! text\n' })
    expect(await search(world, { query: '?!' })).toEqual({ results: [] })
  })

  it('takes the snippet from the body around the best match', async () => {
    const world = fakeDeps()
    const filler = 'Nothing relevant is written in this sentence at all. '.repeat(5)
    seedSkills(world, { long: `# Long\n\n${filler}\n\nTo issue a **refund**, call \`billing::refund\` with the invoice id. ${filler}\n` })
    const [result] = (await search(world, { query: 'refund' })).results
    expect(result?.snippet).toBe(
      '\u2026in this sentence at all. To issue a refund, call billing::refund with the invoice id. Nothing relevant is written in this ' +
      'sentence at all. Nothing relevant is\u2026',
    )
    expect(Array.from(result?.snippet ?? '').length).toBeLessThanOrEqual(160)
  })
})

describe('skill::search filters and limits', () => {
  function registry(world: FakeWorld): void {
    seedSkills(world, {
      acme: '# Acme\n\nThe acme refund desk.\n',
      'acme/billing': '# Billing\n\nAcme refund rules.\n',
      'acme/billing/eu': '# EU\n\nRefund in euros.\n',
      acmex: '# Acmex\n\nAnother refund team.\n',
      other: '# Other\n\nRefund elsewhere.\n',
    })
  }

  it.each([['acme'], ['acme/']])('under %j keeps acme and acme/…, not acmex', async (under) => {
    const world = fakeDeps()
    registry(world)
    expect(ids(await search(world, { query: 'refund', under })).sort()).toEqual(['acme', 'acme/billing', 'acme/billing/eu'])
  })

  it('under a nested root keeps only that subtree; under null keeps everything', async () => {
    const world = fakeDeps()
    registry(world)
    expect(ids(await search(world, { query: 'refund', under: 'acme/billing' })).sort()).toEqual(['acme/billing', 'acme/billing/eu'])
    expect(ids(await search(world, { query: 'refund', under: null }))).toHaveLength(5)
  })

  it('returns 10 results by default, `limit` of them when given, the best ones', async () => {
    const world = fakeDeps()
    const rows: Record<string, string> = {}
    for (let i = 0; i < 30; i++) rows[`s${String(i).padStart(2, '0')}`] = `# S${i}\n\n${'refund '.repeat(i + 1)}and other words ${'x '.repeat(30 - i)}\n`
    seedSkills(world, rows)
    const all = await search(world, { query: 'refund', limit: 100 })
    expect(all.results).toHaveLength(30)
    expect(ids(await search(world, { query: 'refund' }))).toEqual(ids(all).slice(0, 10))
    expect(ids(await search(world, { query: 'refund', limit: 3 }))).toEqual(ids(all).slice(0, 3))
    expect(ids(await search(world, { query: 'refund', limit: null }))).toHaveLength(10)
    const scores = all.results.map((r) => r.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('ignores unknown fields such as _caller_worker_id', async () => {
    const world = fakeDeps()
    registry(world)
    expect(ids(await search(world, { query: 'euros', _caller_worker_id: 'w', extra: [1] }))).toEqual(['acme/billing/eu'])
  })
})

describe('skill::search input errors', () => {
  it.each<[string, unknown, string]>([
    ['a missing query', {}, 'missing field `query`'],
    ['a null query', { query: null }, 'invalid type for field `query`: expected string, got null'],
    ['a number as query', { query: 5 }, 'invalid type for field `query`: expected string, got integer'],
    ['an empty query', { query: '' }, 'invalid value for field `query`: must not be blank'],
    ['a blank query', { query: ' \t\n' }, 'invalid value for field `query`: must not be blank'],
    ['a query over 1000 characters', { query: 'a'.repeat(1001) }, 'invalid value for field `query`: must be at most 1000 characters'],
    ['limit 0', { query: 'x', limit: 0 }, 'invalid value for field `limit`: must be an integer from 1 to 100'],
    ['limit 101', { query: 'x', limit: 101 }, 'invalid value for field `limit`: must be an integer from 1 to 100'],
    ['a fractional limit', { query: 'x', limit: 2.5 }, 'invalid type for field `limit`: expected integer or null, got float'],
    ['a string limit', { query: 'x', limit: '5' }, 'invalid type for field `limit`: expected integer or null, got string'],
    ['an empty under', { query: 'x', under: '' }, 'invalid value for field `under`: id must be non-empty'],
    ['an under that is no id', { query: 'x', under: 'Acme' }, 'invalid value for field `under`: invalid id (segment 1 of "Acme"): segment may only contain lowercase ASCII letters, digits, \'-\' and \'_\': "Acme"'],
    ['a numeric under', { query: 'x', under: 3 }, 'invalid type for field `under`: expected string or null, got integer'],
    ['a payload that is not an object', 'refund', 'invalid payload: expected object, got string'],
  ])('refuses %s', (_case, payload, message) => {
    let thrown: unknown
    try {
      parseInput(SearchSkillsInput, payload)
    } catch (error) {
      thrown = error
    }
    expect(errorText(thrown)).toBe(message)
  })

  it('accepts a query of exactly 1000 characters and limits 1 and 100', () => {
    expect(parseInput(SearchSkillsInput, { query: 'a'.repeat(1000), limit: 1 }).limit).toBe(1)
    expect(parseInput(SearchSkillsInput, { query: 'a', limit: 100 }).limit).toBe(100)
  })
})

describe('skill::search sources', () => {
  it('searches fs skills too, and a state row shadows the fs skill with its id', async () => {
    await writeTree(root, {
      'fs/guide.md': '---\nname: guide\n---\n# Guide\n\nHow to file an expense report.\n',
      'fs/shadowed.md': '# Shadowed file\n\nThe file version mentions expense.\n',
    })
    const world = fakeDeps({ baseDir: root, config: { skills: ['fs/*.md'] } })
    seedSkills(world, { shadowed: '# Shadowed row\n\nThe state version has nothing of the kind.\n' })
    const result = await search(world, { query: 'expense' })
    expect(result).toEqual({
      results: [{ uri: 'iii://guide', id: 'guide', title: 'Guide', description: 'How to file an expense report.', score: expect.any(Number), snippet: 'Guide How to file an expense report.', tokens: 10 }],
    })
    expect(ids(await search(world, { query: 'version' }))).toEqual(['shadowed'])
    expect((await search(world, { query: 'version' })).results[0]?.title).toBe('Shadowed row')
  })

  it('follows file edits, additions and deletions on the next call', async () => {
    await writeTree(root, { 'fs/a.md': '# A\n\nAbout apples.\n' })
    const world = fakeDeps({ baseDir: root, config: { skills: ['fs/*.md'] } })
    expect(ids(await search(world, { query: 'apples' }))).toEqual(['a'])
    await writeFile(join(root, 'fs/a.md'), '# A\n\nAbout pears.\n')
    await writeFile(join(root, 'fs/b.md'), '# B\n\nAbout apples.\n')
    expect(ids(await search(world, { query: 'apples' }))).toEqual(['b'])
    expect(ids(await search(world, { query: 'pears' }))).toEqual(['a'])
    await rm(join(root, 'fs/b.md'))
    expect(ids(await search(world, { query: 'apples' }))).toEqual([])
  })

  it('shows the fs skill again once the state row shadowing it is gone', async () => {
    await writeTree(root, { 'fs/dup.md': '# Dup file\n\nFile words: walnut.\n' })
    const world = fakeDeps({ baseDir: root, config: { skills: ['fs/*.md'] } })
    seedSkills(world, { dup: '# Dup row\n\nRow words: hazelnut.\n' })
    expect(ids(await search(world, { query: 'walnut' }))).toEqual([])
    expect(ids(await search(world, { query: 'hazelnut' }))).toEqual(['dup'])
    world.state.rows('skills').delete('dup')
    expect(ids(await search(world, { query: 'walnut' }))).toEqual(['dup'])
    expect(ids(await search(world, { query: 'hazelnut' }))).toEqual([])
  })

  it('re-reads only the rows whose body changed, one state::get each', async () => {
    const world = fakeDeps()
    seedSkills(world, { a: '# A\n\nalpha\n', b: '# B\n\nbravo\n', c: '# C\n\ncharlie\n' })
    await search(world, { query: 'zulu' })
    expect(indexGets(world).sort()).toEqual(['a', 'b', 'c'])
    world.state.calls.length = 0
    await search(world, { query: 'zulu' })
    expect(indexGets(world)).toEqual([])
    seedSkills(world, { b: '# B\n\nbravo zulu\n' })
    world.state.rows('skills').set('a', { id: 'a', skill: '# A\n\nalpha\n', registered_at: 'a newer date, same body' })
    world.state.calls.length = 0
    const result = await search(world, { query: 'zulu' })
    // b re-indexed, then read once more for its snippet; a's body did not change.
    expect(indexGets(world)).toEqual(['b', 'b'])
    expect(ids(result)).toEqual(['b'])
  })

  it('builds from one state::list when more than 64 rows changed', async () => {
    const world = fakeDeps()
    serveStateList(world)
    const rows: Record<string, string> = {}
    for (let i = 0; i < 65; i++) rows[`s${i}`] = `# S${i}\n\nword${i}\n`
    seedSkills(world, rows)
    expect(ids(await search(world, { query: 'word7' }))).toEqual(['s7'])
    expect(world.invocations.map((c) => c.functionId)).toEqual(['state::list'])
    expect(indexGets(world)).toEqual(['s7'])
  })

  it('lets other work run while it indexes many skills', async () => {
    const world = fakeDeps()
    serveStateList(world)
    const rows: Record<string, string> = {}
    for (let i = 0; i < 1000; i++) rows[`s${i}`] = `# S${i}\n\nword${i}\n`
    seedSkills(world, rows)
    const order: string[] = []
    const searched = search(world, { query: 'word999' }).then((result) => order.push(`search ${ids(result).join()}`))
    setImmediate(() => order.push('other work'))
    await searched
    expect(order).toEqual(['other work', 'search s999'])
  })

  it('forgets removed rows and indexes new ones', async () => {
    const world = fakeDeps()
    seedSkills(world, { a: '# A\n\nmango\n', b: '# B\n\nmango\n' })
    expect(ids(await search(world, { query: 'mango' }))).toEqual(['a', 'b'])
    world.state.rows('skills').delete('a')
    seedSkills(world, { c: '# C\n\nmango\n' })
    expect(ids(await search(world, { query: 'mango' }))).toEqual(['b', 'c'])
  })

  it('leaves out a result whose row is gone when it is served, and the next one takes its place', async () => {
    const world = fakeDeps()
    seedSkills(world, { a: 'kiwi kiwi kiwi', b: 'kiwi kiwi', c: 'kiwi' })
    // Indexed, but no result served yet, so no body is kept for serving.
    expect(ids(await search(world, { query: 'mango' }))).toEqual([])
    const get = world.state.get.bind(world.state)
    world.state.get = async (scope, key) => (key === 'a' ? undefined : get(scope, key))
    expect(ids(await search(world, { query: 'kiwi', limit: 2 }))).toEqual(['b', 'c'])
  })

  it('serves a result again from the body it read, until the row changes', async () => {
    const world = fakeDeps()
    seedSkills(world, { a: '# A\n\nguava once\n' })
    const first = await search(world, { query: 'guava' })
    world.state.calls.length = 0
    expect(await search(world, { query: 'guava' })).toEqual(first)
    expect(indexGets(world)).toEqual([])
    seedSkills(world, { a: '# A\n\nguava twice\n' })
    world.state.calls.length = 0
    const changed = await search(world, { query: 'guava' })
    expect(changed.results.map((r) => r.snippet)).toEqual(['A guava twice'])
    // Re-indexed, then read once more for the result: the kept body was another version.
    expect(indexGets(world)).toEqual(['a', 'a'])
  })

  it('fails with the state error when the rows cannot be listed', async () => {
    const world = fakeDeps()
    world.state.failures.set('list', new Error('state unavailable'))
    await expect(search(world, { query: 'x' })).rejects.toThrow('state unavailable')
  })

  it('fails with state::get: … when a result cannot be read', async () => {
    const world = fakeDeps()
    seedSkills(world, { a: 'papaya' })
    await search(world, { query: 'mango' })
    world.state.failures.set('get', new Error('timeout'))
    await expect(search(world, { query: 'papaya' })).rejects.toThrow('state::get: timeout')
  })

  it('shares one refresh between calls that arrive while one runs', async () => {
    const world = fakeDeps()
    seedSkills(world, { a: 'lime' })
    const lists = () => world.state.calls.filter((c) => c.op === 'list').length
    const results = await Promise.all([1, 2, 3, 4].map(() => search(world, { query: 'lime' })))
    expect(results.map(ids)).toEqual([['a'], ['a'], ['a'], ['a']])
    // The first call's refresh, then one more for the three that arrived while it ran.
    expect(lists()).toBe(2)
  })
})
