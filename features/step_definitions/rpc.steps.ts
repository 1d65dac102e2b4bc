/**
 * HTTP requests to the engine's HTTP port (the embedded engine's trigger listener, or the real
 * engine's iii-http at III_ENGINE_HTTP_URL, else port 3111 of the III_ENGINE_WS_URL host): POSTs to
 * `/skills/rpc`, where the worker binds `skills::rpc`, and checks of the raw reply.
 */
import assert from 'node:assert/strict'
import { Then, When } from '@cucumber/cucumber'
import { pollUntil } from '../../tests/support/poll.js'
import { assertGolden } from '../support/goldens.js'
import { show } from '../support/results.js'
import type { SkillsWorld } from '../support/world.js'

interface HttpReply {
  status: number
  contentType: string | null
  text: string
}

const RPC_PATH = '/skills/rpc'
const replies = new WeakMap<SkillsWorld, HttpReply>()

async function send(url: string, init: RequestInit): Promise<HttpReply> {
  const response = await fetch(url, init)
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() }
}

/** The worker binds the route as it connects: a 404 right after boot means "not bound yet". */
async function postRpc(world: SkillsWorld, body: string): Promise<void> {
  const url = `${world.engine.httpUrl}${RPC_PATH}`
  const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body }
  const reply = await pollUntil(async () => {
    const r = await send(url, init)
    if (r.status === 404) throw new Error(`404 ${r.text}`)
    return r
  }, { timeoutMs: 5000, intervalMs: 50, what: `POST ${url}` })
  replies.set(world, reply)
}

function lastReply(world: SkillsWorld): HttpReply {
  const reply = replies.get(world)
  assert.ok(reply !== undefined, 'no HTTP request was made in this scenario')
  return reply
}

When('I POST to the skills RPC endpoint:', async function (this: SkillsWorld, body: string) {
  await postRpc(this, this.expand(body))
})

When('I send {word} {string} to the engine\'s HTTP port', async function (this: SkillsWorld, method: string, path: string) {
  replies.set(this, await send(`${this.engine.httpUrl}${path}`, { method }))
})

Then('the HTTP reply is {int} with content type {string}', function (this: SkillsWorld, status: number, contentType: string) {
  const reply = lastReply(this)
  assert.deepEqual([reply.status, reply.contentType], [status, contentType], `reply was ${show(reply)}`)
})

Then('the HTTP reply is {int} with no body', function (this: SkillsWorld, status: number) {
  const reply = lastReply(this)
  assert.deepEqual([reply.status, reply.text], [status, ''], `reply was ${show(reply)}`)
})

Then('the HTTP body is exactly:', function (this: SkillsWorld, expected: string) {
  assert.equal(lastReply(this).text, this.expand(expected))
})

Then('the HTTP body is the JSON:', function (this: SkillsWorld, expected: string) {
  assert.deepEqual(JSON.parse(lastReply(this).text), this.json(expected))
})

Then('the HTTP body is the JSON of the golden {string}', function (this: SkillsWorld, name: string) {
  assertGolden(this, name, JSON.parse(lastReply(this).text))
})
