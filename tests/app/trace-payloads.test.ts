import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/core/config-types.js'
import { otelEnabled, skipUnrecordedTracePayloads, TRACE_PAYLOADS_SWITCH } from '../../src/app/skills-worker.js'
import { startSkillsWorker, type RunningWorker } from '../../src/app/skills-worker.js'
import { SDK_OPTIONS } from '../support/sdk-client.js'
import { silentLogger } from '../support/silent-logger.js'

describe('otelEnabled', () => {
  it.each([
    [undefined, {}, true],
    [undefined, { OTEL_ENABLED: 'false' }, false],
    [undefined, { OTEL_ENABLED: 'OFF' }, false],
    [undefined, { OTEL_ENABLED: '0' }, false],
    [undefined, { OTEL_ENABLED: 'no' }, false],
    [undefined, { OTEL_ENABLED: 'true' }, true],
    [undefined, { OTEL_ENABLED: 'yes' }, true],
    [false, { OTEL_ENABLED: 'true' }, false],
    [true, { OTEL_ENABLED: 'false' }, true],
  ])('explicit %s with env %j reads as %s, as the SDK reads it', (explicit, env, expected) => {
    expect(otelEnabled(explicit, env)).toBe(expected)
  })
})

describe('skipUnrecordedTracePayloads', () => {
  it('turns payload capture off when OTel is off', () => {
    const env: NodeJS.ProcessEnv = {}
    expect(skipUnrecordedTracePayloads(false, env)).toBe(true)
    expect(env[TRACE_PAYLOADS_SWITCH]).toBe('1')
  })

  it('leaves it on when OTel records spans', () => {
    const env: NodeJS.ProcessEnv = {}
    expect(skipUnrecordedTracePayloads(true, env)).toBe(false)
    expect(env).toEqual({})
  })

  it('never overrides what the operator set', () => {
    const env: NodeJS.ProcessEnv = { [TRACE_PAYLOADS_SWITCH]: 'false' }
    expect(skipUnrecordedTracePayloads(false, env)).toBe(false)
    expect(env[TRACE_PAYLOADS_SWITCH]).toBe('false')
  })
})

describe('the worker', () => {
  const before = process.env[TRACE_PAYLOADS_SWITCH]
  let worker: RunningWorker | undefined
  afterEach(async () => {
    await worker?.shutdown()
    if (before === undefined) delete process.env[TRACE_PAYLOADS_SWITCH]
    else process.env[TRACE_PAYLOADS_SWITCH] = before
  })

  it('started with OTel off, turns the SDK\'s trace payload capture off (no engine needed: it connects in the background)', async () => {
    delete process.env[TRACE_PAYLOADS_SWITCH]
    expect(SDK_OPTIONS.otel.enabled).toBe(false)
    worker = await startSkillsWorker({ url: 'ws://127.0.0.1:9', loaded: { config: DEFAULT_CONFIG, baseDir: process.cwd() }, log: silentLogger(), sdk: SDK_OPTIONS })
    expect(process.env[TRACE_PAYLOADS_SWITCH]).toBe('1')
  })
})
