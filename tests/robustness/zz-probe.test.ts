import { it, expect } from 'vitest'
import { startRobustEnv, sleep } from './harness.js'
import { handlerErrorText } from '../support/invocation-error.js'

it('probe', async () => {
  const env = await startRobustEnv({ stateTimeoutMs: 1500 })
  let calls = 0
  env.client.registerFunction('selfref::loop', async () => {
    calls++
    return env.client.trigger({ function_id: 'skill::fetch', payload: { uri: 'iii://fn/selfref/loop' }, timeoutMs: 30000 })
  })
  await sleep(200)
  const t0 = Date.now()
  try { await env.call('skill::fetch', { uri: 'iii://fn/selfref/loop' }, 10000) } catch (e) { console.log('selfref:', handlerErrorText(e).slice(0, 300), Date.now() - t0) }
  console.log('calls after outer', calls)
  await sleep(2000)
  console.log('calls 2s later', calls)
  // big error
  const id = '/' + '"'.repeat(5_000_000)
  const wid = env.workerId()
  try { await env.call('skills::register', { id, skill: 'x' }, 10000) } catch (e) { console.log('bigerr:', handlerErrorText(e).slice(0, 200)) }
  console.log('worker same?', env.engine.workers().map(w => [w.name, w.id === wid]))
  await env.close().catch(() => {})
}, 60000)
