/**
 * E11.2 against real processes: with a token every door wants `Authorization: Bearer <token>` (the
 * engine answers a socket without it as the iii engine's RBAC does: an AUTH_ERROR frame, then a
 * close), the skills worker and the MCP front join their engine with it, and `--allow-remote`
 * without a token refuses to start.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ALLOW_REMOTE_NEEDS_TOKEN } from '../../src/core/messages.js'
import { BEARER_REQUIRED } from '../../src/http/door.js'
import { embeddedUrls, DEMO_CONFIG, E2E_TIMEOUT_MS, runSkills, spawnSkills, stopAllChildren, type ChildHandle } from '../support/processes.js'
import { pollUntil } from '../support/poll.js'
import { connectSdkClient, waitForSkillsWorker, type SdkClient } from '../support/sdk-client.js'
import { probe, tryUpgrade } from './http-probe.js'

vi.setConfig({ testTimeout: E2E_TIMEOUT_MS, hookTimeout: E2E_TIMEOUT_MS })

const TOKEN = 'e11-test-token-0123456789abcdef'
const BEARER = { authorization: `Bearer ${TOKEN}` }

let skills: ChildHandle
let engineUrl: string
let mcpUrl: string
let sdk: SdkClient

beforeAll(async () => {
  skills = await spawnSkills(['--embedded', '--engine-port', '0', '--mcp-port', '0', '--config', DEMO_CONFIG], { III_SKILLS_TOKEN: TOKEN })
  ;({ engineUrl, mcpUrl } = await embeddedUrls(skills))
  sdk = connectSdkClient(engineUrl, BEARER)
  // The skills worker answering through the engine proves it joined with the token.
  await waitForSkillsWorker(sdk)
})

afterAll(async () => {
  await sdk?.close()
  await stopAllChildren()
})

describe('a token on the engine (E11.2)', () => {
  it('answers a socket without the token with AUTH_ERROR and a close, registering nothing', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }] as Array<Record<string, string>>) {
      const outcome = await tryUpgrade(engineUrl, headers, JSON.stringify({ type: 'registerfunction', id: 'planted::fn' }))
      expect(outcome.refusedWith).toBeUndefined()
      expect(outcome.frames.map((f) => JSON.parse(f))).toEqual([
        { type: 'error', error: { code: 'AUTH_ERROR', message: 'authentication failed: send Authorization: Bearer <token>' } },
      ])
      expect(outcome.closeCode).toBe(1008)
    }
    const functions = await sdk.call<{ functions: Array<{ function_id: string }> }>('engine::functions::list', {})
    expect(functions.functions.map((f) => f.function_id)).not.toContain('planted::fn')
    expect(functions.functions.map((f) => f.function_id)).toContain('skills::register')
  })

  it('lets a socket with the token in', async () => {
    const outcome = await tryUpgrade(engineUrl, BEARER, '{"type":"ping"}', 500)
    expect(outcome.frames.map((f) => JSON.parse(f).type)).toContain('pong')
  })
})

describe('a token on HTTP (E11.2)', () => {
  it.each([['GET', '/'], ['GET', '/_ui/api/catalogue'], ['POST', '/mcp'], ['POST', '/skills/rpc']])('%s %s without it gets 401 with WWW-Authenticate: Bearer', async (method, path) => {
    const answer = await probe(new URL(path, mcpUrl).href, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined })
    expect(answer.status).toBe(401)
    expect(answer.headers['www-authenticate']).toBe('Bearer')
    expect(answer.body).toBe(BEARER_REQUIRED)
  })

  it('serves a request that carries it', async () => {
    const answer = await probe(new URL('/_ui/api/catalogue', mcpUrl).href, { headers: BEARER })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body).skills.length).toBeGreaterThan(0)
  })
})

describe('off loopback (E11.2)', () => {
  it('refuses to start with --allow-remote and no token', async () => {
    const run = await runSkills(['--embedded', '--allow-remote', '--engine-host', '0.0.0.0', '--config', DEMO_CONFIG])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(`${ALLOW_REMOTE_NEEDS_TOKEN}\n`)
  })

  it('refuses to start on a token file that cannot be read', async () => {
    const run = await runSkills(['--embedded', '--allow-remote', '--auth-token-file', '/nonexistent/token', '--config', DEMO_CONFIG])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('iii-skills: cannot read --auth-token-file /nonexistent/token: ENOENT\n')
  })

  it('joins a token-guarded engine as a plain worker with the token, and cannot without it', async () => {
    const skillsWorkers = async () => {
      const listed = await sdk.call<{ workers: Array<{ name?: string }> }>('engine::workers::list', {})
      return listed.workers.filter((w) => w.name === 'skills').length
    }
    const before = await skillsWorkers()
    const worker = await spawnSkills(['--url', engineUrl, '--config', DEMO_CONFIG], { III_SKILLS_TOKEN: TOKEN })
    await pollUntil(async () => {
      if ((await skillsWorkers()) !== before + 1) throw new Error('not listed yet')
    }, { timeoutMs: 10_000, what: 'the worker to join' })
    await worker.stop()
    await pollUntil(async () => {
      if ((await skillsWorkers()) !== before) throw new Error('still listed')
    }, { timeoutMs: 10_000, what: 'the worker to leave' })
    const without = await spawnSkills(['--url', engineUrl, '--config', DEMO_CONFIG], {})
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await skillsWorkers()).toEqual(before)
    await without.stop()
  })
})
