import { describe, expect, it } from 'vitest'
import { settleJsonBound, settleJsonText } from '../../src/core/limits.js'
import { frameText } from '../../src/mcp/frame-text.js'

const entry = (i: number) => settleJsonText({ uri: `iii://s${i}`, name: `s${i}`, title: 'T "quoted"', description: 'é 😀 \u0000', mimeType: 'text/markdown', size: i, annotations: { lastModified: '2026-11-26T00:00:00.000Z' } })
const page = (resources: unknown[], extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 7, result: { resources, ...extra } })

describe('frameText: a stdio frame written from settled entries (E16.2)', () => {
  it('is exactly what JSON.stringify prints, with the newline, for a page of settled entries', () => {
    const message = page(Array.from({ length: 500 }, (_, i) => entry(i)), { nextCursor: 'cjo1MDA' })
    expect(frameText(message)).toBe(`${JSON.stringify(message)}\n`)
  })

  it.each<[string, unknown[], Record<string, unknown>]>([
    ['unsettled entries after a settled one', [entry(1), { uri: 'skill://a/SKILL.md', name: 'a' }], {}],
    ['members that JSON leaves out or turns to null', [entry(1), undefined, () => 1, Symbol('x'), Number.NaN, -0, Infinity], { gone: undefined, fn: () => 1 }],
    ['a Date, a boxed value and a class instance', [entry(1), new Date(0), Object(5), new (class Point { x = 1 })()], { when: new Date(1) }],
    ['an object with toJSON and a null-prototype object', [entry(1), { toJSON: () => 'custom' }, Object.assign(Object.create(null) as object, { a: 1 })], {}],
    ['a sparse array and integer-like keys', [entry(1), [1, , 3]], { meta: { 2: 'b', 1: 'a', z: 'c', '-1': 'd' } }],
    ['escaping keys and lone surrogates', [entry(1)], { 'k"ey\n': '\ud800 x \udfff' }],
    ['an entry settled without a text next to one with', [entry(1), settleJsonBound({ uri: 'iii://b' })], {}],
  ])('matches JSON.stringify with %s', (_name, resources, extra) => {
    const message = page(resources, extra)
    expect(frameText(message)).toBe(`${JSON.stringify(message)}\n`)
  })

  it('leaves every other message to the SDK', () => {
    expect(frameText({ jsonrpc: '2.0', id: 1, result: { resources: [{ uri: 'iii://a' }] } })).toBeUndefined()
    expect(frameText({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } })).toBeUndefined()
    expect(frameText({ jsonrpc: '2.0', method: 'notifications/resources/list_changed' })).toBeUndefined()
    expect(frameText({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid cursor' } })).toBeUndefined()
  })

  it('gives no text for a message JSON cannot print, so the SDK reports it', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(frameText(page([entry(1), cyclic]))).toBeUndefined()
    expect(frameText(page([entry(1), 10n]))).toBeUndefined()
  })
})
