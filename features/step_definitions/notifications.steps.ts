/**
 * skills::on-change / prompts::on-change subscribers: an observer function bound with
 * `registerTrigger({type, function_id, config: {}})` that records every event it receives.
 * "exactly" waits until the expected number arrived, then a little longer to catch extras.
 */
import assert from 'node:assert/strict'
import { Given, Then, When } from '@cucumber/cucumber'
import { sleep } from '../support/results.js'
import type { Json, SkillsWorld, Subscriber } from '../support/world.js'

const DEFAULT_SUBSCRIBER = 'default'
const ON_CHANGE_TYPES = ['skills::on-change', 'prompts::on-change']
/** Time for a binding or an unbinding to travel client → engine → skills worker. */
const BINDING_SETTLE_MS = 150
const EXACT_WAIT_MS = 3000
const EXTRA_EVENT_GRACE_MS = 200

function subscriber(world: SkillsWorld, name: string): Subscriber {
  const found = world.subscribers.get(name)
  assert.ok(found, `no subscriber ${name}`)
  return found
}

async function waitForEvents(events: Json[], count: number, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs
  while (events.length < count && Date.now() < deadline) await sleep(25)
}

async function assertExactly(world: SkillsWorld, name: string, expectedDoc: string): Promise<void> {
  const expected = world.json(expectedDoc) as Json[]
  const { events } = subscriber(world, name)
  await waitForEvents(events, expected.length, EXACT_WAIT_MS)
  await sleep(EXTRA_EVENT_GRACE_MS)
  assert.deepEqual(events, expected)
}

/** Events as key-sorted JSON texts, sorted: equal lists compare equal whatever their order. */
function canonicalSorted(events: Json[]): string[] {
  return events.map((e) => JSON.stringify(Object.fromEntries(Object.entries(e as object).sort()))).sort()
}

async function subscribe(world: SkillsWorld, name: string, triggerType: string): Promise<void> {
  assert.ok(ON_CHANGE_TYPES.includes(triggerType), `${triggerType} is not an on-change trigger type`)
  world.subscribe(name, triggerType)
  await sleep(BINDING_SETTLE_MS)
}

Given('a subscriber to {word} is registered', async function (this: SkillsWorld, triggerType: string) {
  await subscribe(this, DEFAULT_SUBSCRIBER, triggerType)
})

Given('a subscriber {string} to {word} is registered', async function (this: SkillsWorld, name: string, triggerType: string) {
  await subscribe(this, name, triggerType)
})

When('subscriber {string} is unbound', async function (this: SkillsWorld, name: string) {
  subscriber(this, name).unbind()
  await sleep(BINDING_SETTLE_MS)
})

Then(
  'the subscriber observed at least {int} event(s) within {int} ms',
  async function (this: SkillsWorld, count: number, withinMs: number) {
    const { events } = subscriber(this, DEFAULT_SUBSCRIBER)
    await waitForEvents(events, count, withinMs)
    assert.ok(events.length >= count, `only ${events.length} events: ${JSON.stringify(events)}`)
  },
)

Then('the subscriber observed exactly:', async function (this: SkillsWorld, expected: string) {
  await assertExactly(this, DEFAULT_SUBSCRIBER, expected)
})

Then('subscriber {string} observed exactly:', async function (this: SkillsWorld, name: string, expected: string) {
  await assertExactly(this, name, expected)
})

Then('the subscriber observed, in any order:', async function (this: SkillsWorld, expectedDoc: string) {
  const expected = this.json(expectedDoc) as Json[]
  const { events } = subscriber(this, DEFAULT_SUBSCRIBER)
  await waitForEvents(events, expected.length, EXACT_WAIT_MS)
  await sleep(EXTRA_EVENT_GRACE_MS)
  assert.deepEqual(canonicalSorted(events), canonicalSorted(expected))
})
