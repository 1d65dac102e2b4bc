/** Steps every engine feature shares: raw calls, success/failure, whole-result checks (inline or golden), timestamps. */
import assert from 'node:assert/strict'
import { Given, Then, When } from '@cucumber/cucumber'
import { assertGolden } from '../support/goldens.js'
import { RFC3339_UTC, show, sleep, textOf } from '../support/results.js'
import type { SkillsWorld } from '../support/world.js'

Given('the iii engine is reachable', async function (this: SkillsWorld) {
  await this.mustCall('skills::list', {})
})

When('I call {string} with:', async function (this: SkillsWorld, functionId: string, payload: string) {
  await this.call(functionId, this.json(payload))
})

When('{int} ms pass', async function (this: SkillsWorld, ms: number) {
  await sleep(ms)
})

Then('the call succeeds', function (this: SkillsWorld) {
  assert.equal(this.lastError, undefined)
})

function assertFailedWith(world: SkillsWorld, message: string): void {
  assert.notEqual(world.lastError, undefined, `the call succeeded with ${show(world.lastResult)}`)
  assert.equal(world.lastError, message)
}

Then('the call fails with {string}', function (this: SkillsWorld, message: string) {
  assertFailedWith(this, this.inline(message))
})

Then('the call fails with:', function (this: SkillsWorld, message: string) {
  assertFailedWith(this, this.expand(message))
})

Then('the call fails with an error containing {string}', function (this: SkillsWorld, fragment: string) {
  assert.ok(this.lastError?.includes(this.inline(fragment)), `error was ${show(this.lastError)}`)
})

Then('the call fails with an error starting with {string}', function (this: SkillsWorld, prefix: string) {
  assert.ok(this.lastError?.startsWith(this.inline(prefix)), `error was ${show(this.lastError)}`)
})

Then('the result equals:', function (this: SkillsWorld, expected: string) {
  assert.equal(this.lastError, undefined)
  assert.deepEqual(this.lastResult, this.json(expected))
})

Then('the result equals the golden {string}', function (this: SkillsWorld, name: string) {
  assert.equal(this.lastError, undefined)
  assertGolden(this, name, this.lastResult)
})

Then('the result is the text:', function (this: SkillsWorld, expected: string) {
  assert.equal(this.lastError, undefined)
  assert.equal(textOf(this.lastResult), this.expand(expected))
})

Then('the result is the text {string}', function (this: SkillsWorld, expected: string) {
  assert.equal(this.lastError, undefined)
  assert.equal(textOf(this.lastResult), this.inline(expected))
})

When('I record the registered_at timestamp as {string}', function (this: SkillsWorld, name: string) {
  const stamp = this.vars.get('registered_at')
  assert.ok(stamp !== undefined, 'no registered_at recorded yet')
  this.vars.set(name, stamp)
})

Then('the registered_at timestamp differs from {string}', function (this: SkillsWorld, name: string) {
  assert.notEqual(this.vars.get('registered_at'), this.vars.get(name))
})

Then('the recorded registered_at is an RFC 3339 UTC timestamp with a +00:00 offset', function (this: SkillsWorld) {
  const stamp = this.vars.get('registered_at') ?? ''
  assert.match(stamp, RFC3339_UTC)
  assert.doesNotMatch(stamp, /\.000\+/)
})
