/** skill::search: queries, result checks (scores are numbers, best first), freshness within a bound. */
import assert from 'node:assert/strict'
import { Given, Then, When } from '@cucumber/cucumber'
import { pollUntil } from '../../tests/support/poll.js'
import { show } from '../support/results.js'
import type { Json, SkillsWorld } from '../support/world.js'

type Result = Record<string, Json>

function resultsOf(world: SkillsWorld): Result[] {
  assert.equal(world.lastError, undefined, `the search failed: ${world.lastError}`)
  const results = (world.lastResult as { results?: unknown } | undefined)?.results
  assert.ok(Array.isArray(results), `expected a results array in ${show(world.lastResult)}`)
  return results as Result[]
}

const idsOf = (world: SkillsWorld) => resultsOf(world).map((r) => r.id as string)
const expectedIds = (world: SkillsWorld, list: string) => (list === '' ? [] : list.split(',').map((id) => world.inline(id.trim())))

When('I search for {string}', async function (this: SkillsWorld, query: string) {
  await this.call('skill::search', { query: this.inline(query) })
})

When('I search for {string} under {string}', async function (this: SkillsWorld, query: string, under: string) {
  await this.call('skill::search', { query: this.inline(query), under: this.inline(under) })
})

When('I search for {string} with limit {int}', async function (this: SkillsWorld, query: string, limit: number) {
  await this.call('skill::search', { query: this.inline(query), limit })
})

Given('{int} scoped skills {string} whose body is {string}', async function (this: SkillsWorld, count: number, base: string, body: string) {
  for (let n = 1; n <= count; n++) await this.mustCall('skills::register', { id: this.scopedId(`${base}/n${n}`), skill: this.inline(body) })
})

Then('the search returns {int} results, starting with {string}', function (this: SkillsWorld, count: number, list: string) {
  const ids = idsOf(this)
  const first = expectedIds(this, list)
  assert.equal(ids.length, count, `got ${show(ids)}`)
  assert.deepEqual(ids.slice(0, first.length), first)
})

Then('the search result ids are {string}', function (this: SkillsWorld, list: string) {
  assert.deepEqual(idsOf(this), expectedIds(this, list))
})

Then('the search result ids, in any order, are {string}', function (this: SkillsWorld, list: string) {
  assert.deepEqual([...idsOf(this)].sort(), expectedIds(this, list).sort())
})

Then('the search finds nothing', function (this: SkillsWorld) {
  assert.deepEqual(resultsOf(this), [])
})

// Every field but the score, exactly; the score must be a number, and the results best first.
Then('the search results, scores aside, are:', function (this: SkillsWorld, expected: string) {
  const results = resultsOf(this)
  for (const result of results) assert.equal(typeof result.score, 'number', `score of ${show(result)}`)
  const scores = results.map((r) => r.score as number)
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a))
  assert.deepEqual(results.map(({ score: _score, ...rest }) => rest), this.json(expected))
})

Then('the search result {string} has no description field', function (this: SkillsWorld, id: string) {
  const result = resultsOf(this).find((r) => r.id === this.inline(id))
  assert.ok(result !== undefined, `no result ${id} in ${show(this.lastResult)}`)
  assert.equal('description' in result, false)
})

Then('within {int} ms a search for {string} finds {string}', async function (this: SkillsWorld, ms: number, query: string, list: string) {
  await pollUntil(async () => {
    await this.call('skill::search', { query: this.inline(query) })
    assert.deepEqual(idsOf(this), expectedIds(this, list))
  }, { timeoutMs: ms, intervalMs: 20, what: `a search for ${query} to find ${list}` })
})
