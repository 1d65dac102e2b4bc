import { describe, expect, it } from 'vitest'
import { isSettled, jsonBytes, jsonBytesOver, jsonBytesUpperBound, settleJsonBound, settleJsonText, settledJsonText } from '../../src/core/limits.js'

const SAMPLES: Array<[string, unknown]> = [
  ['a plain string', 'hello'],
  ['a string that escapes', 'quote " backslash \\ newline \n nul \u0000 bell \u0007'],
  ['astral and accented text', '😀 é ü 日本'],
  ['numbers and literals', [0, -1.5, 1e308, -1.7976931348623157e308, 5e-324, true, false, null]],
  ['undefined inside an array', [undefined, 1]],
  ['undefined members are omitted', { a: undefined, b: 1 }],
  ['an envelope', { contents: [{ mimeType: 'text/markdown', text: '# x\n'.repeat(1000), uri: 'iii://x' }] }],
  ['keys that escape', { 'k"ey\n': { 'ü': ['x'] } }],
  ['empty containers', { a: [], b: {}, c: '' }],
]

describe('jsonBytesUpperBound', () => {
  it.each(SAMPLES)('is never below the exact JSON size: %s', (_name, value) => {
    expect(jsonBytesUpperBound(value, Number.MAX_SAFE_INTEGER)).toBeGreaterThanOrEqual(jsonBytes(value))
  })

  it('stops counting once past the limit', () => {
    const many = Array.from({ length: 100_000 }, () => 'x'.repeat(100))
    // The array's own brackets and commas already pass the limit: no element is visited.
    expect(jsonBytesUpperBound(many, 1000)).toBe(2 + 100_000)
  })

  it('walks 100,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = 'leaf'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(jsonBytesUpperBound(deep, Number.MAX_SAFE_INTEGER)).toBe(100_000 * 3 + 2 + 6 * 4)
  })

  it('defers values with toJSON to the exact measure', () => {
    expect(jsonBytesUpperBound({ at: new Date(0) }, 1000)).toBe(Number.POSITIVE_INFINITY)
  })
})

describe('jsonBytesOver', () => {
  it('is undefined for a value that fits, even when the cheap bound does not', () => {
    const text = 'a'.repeat(1000) // 1,002 bytes exactly; the bound says 6,002
    expect(jsonBytesUpperBound(text, 5000)).toBeGreaterThan(5000)
    expect(jsonBytesOver(text, 5000)).toBeUndefined()
  })

  it('is the exact size of a value over the limit', () => {
    const text = 'é'.repeat(3000) // 6,002 bytes as UTF-8 JSON
    expect(jsonBytesOver(text, 5000)).toBe(6002)
    expect(jsonBytesOver(text, 6002)).toBeUndefined()
  })

  it('measures values with toJSON exactly', () => {
    expect(jsonBytesOver({ at: new Date(0) }, 10)).toBe(JSON.stringify({ at: new Date(0) }).length)
  })
})

describe('settleJsonBound', () => {
  it('freezes the value deeply, so its recorded bound cannot go stale', () => {
    const entry = settleJsonBound({ uri: 'iii://a', annotations: { lastModified: '2026-01-01T00:00:00.000Z' }, tags: ['x'] })
    expect(Object.isFrozen(entry) && Object.isFrozen(entry.annotations) && Object.isFrozen(entry.tags)).toBe(true)
    expect(() => {
      ;(entry.annotations as { lastModified: string }).lastModified = 'x'.repeat(10)
    }).toThrow(TypeError)
  })

  it.each(SAMPLES.filter(([, value]) => typeof value === 'object'))('bounds a value holding it as walking it would: %s', (_name, value) => {
    const page = { resources: [structuredClone(value), structuredClone(value)] }
    const walked = jsonBytesUpperBound(page, Number.MAX_SAFE_INTEGER)
    const settled = { resources: page.resources.map((entry) => settleJsonBound(entry)) }
    expect(jsonBytesUpperBound(settled, Number.MAX_SAFE_INTEGER)).toBe(walked)
    expect(jsonBytesUpperBound(settled, Number.MAX_SAFE_INTEGER)).toBeGreaterThanOrEqual(jsonBytes(settled))
  })

  it('settles a cyclic value (a YAML alias) without looping, and leaves it to the exact measure', () => {
    const cyclic: { self?: unknown; name: string } = { name: 'a' }
    cyclic.self = cyclic
    settleJsonBound(cyclic)
    expect(jsonBytesUpperBound({ frontmatter: cyclic }, 1000)).toBeGreaterThan(1000)
    expect(() => jsonBytesOver({ frontmatter: cyclic }, 1000)).toThrow(TypeError)
  })
})

describe('settleJsonText', () => {
  it.each(SAMPLES.filter(([, value]) => typeof value === 'object'))('keeps the JSON text, and its exact size is the bound: %s', (_name, value) => {
    const entry = settleJsonText(structuredClone(value)) as object
    expect(settledJsonText(entry)).toBe(JSON.stringify(value))
    expect(jsonBytesUpperBound(entry, Number.MAX_SAFE_INTEGER)).toBe(jsonBytes(value))
    expect([Object.isFrozen(entry), isSettled(entry)]).toEqual([true, true])
  })

  it('settles a value that was only bounded, adding its text', () => {
    const entry = settleJsonBound({ uri: 'iii://a' })
    expect(settledJsonText(entry)).toBeUndefined()
    expect(settledJsonText(settleJsonText(entry))).toBe('{"uri":"iii://a"}')
  })

  it('settles a cyclic value without a text, as settleJsonBound does', () => {
    const cyclic: { self?: unknown; name: string } = { name: 'a' }
    cyclic.self = cyclic
    settleJsonText(cyclic)
    expect([settledJsonText(cyclic), isSettled(cyclic), Object.isFrozen(cyclic)]).toEqual([undefined, true, true])
  })

  it('leaves values it was not given unsettled', () => {
    expect([isSettled({ uri: 'iii://a' }), settledJsonText({ uri: 'iii://a' })]).toEqual([false, undefined])
  })
})
