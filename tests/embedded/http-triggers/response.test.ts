import { describe, expect, it } from 'vitest'
import { errorReply, toHttpReply } from '../../../src/embedded/http-triggers/response.js'

function reply(value: unknown) {
  const r = toHttpReply(value)
  return { status: r.status, headers: r.headers, body: r.body.toString() }
}

describe('toHttpReply', () => {
  it('serialises an object body as JSON with content-type application/json', () => {
    expect(reply({ status_code: 201, body: { ok: true } })).toEqual({
      status: 201, headers: [['content-type', 'application/json']], body: '{"ok":true}',
    })
  })

  it('sends a string body as it is, text/plain when no content type was set', () => {
    expect(reply({ body: 'a "b"' })).toEqual({ status: 200, headers: [['content-type', 'text/plain; charset=utf-8']], body: 'a "b"' })
  })

  it('keeps a set content type: a string as it is, null as nothing, a value as JSON text', () => {
    expect(reply({ headers: { 'Content-Type': 'text/xml' }, body: '<a/>' })).toEqual({ status: 200, headers: [['Content-Type', 'text/xml']], body: '<a/>' })
    expect(reply({ headers: { 'content-type': 'application/json' }, body: null })).toEqual({ status: 200, headers: [['content-type', 'application/json']], body: '' })
    expect(reply({ headers: { 'content-type': 'text/csv' }, body: [1, 2] })).toEqual({ status: 200, headers: [['content-type', 'text/csv']], body: '[1,2]' })
    expect(reply({ headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' }, body: { a: 1 } }).body).toBe('{"a":1}')
  })

  it('serialises a null body without a content type as JSON null', () => {
    expect(reply({ body: null })).toEqual({ status: 200, headers: [['content-type', 'application/json']], body: 'null' })
  })

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'hi'],
    ['an array', [1]],
    ['an object without body', { status_code: 202 }],
  ])('answers {} for %s (status kept when given)', (_label, value) => {
    const r = reply(value)
    expect([r.body, r.headers]).toEqual(['{}', [['content-type', 'application/json']]])
  })

  it.each([
    [204, 204],
    [599, 599],
    [999, 999],
    [99, 200],
    [101, 200],
    [199, 200],
    [1000, 200],
    [-1, 200],
    [2.5, 200],
    ['201', 200],
    [65536 + 201, 201],
  ])('reads status_code %j as %i', (status_code, status) => {
    expect(toHttpReply({ status_code, body: {} }).status).toBe(status)
  })

  it('reads headers from "Name: value" lines and from an object of strings, skipping the rest', () => {
    expect(reply({ headers: ['X-A: 1', 'X-B:two: parts', 'nocolon', ': empty', 7], body: 's' }).headers).toEqual([
      ['X-A', '1'], ['X-B', 'two: parts'], ['content-type', 'text/plain; charset=utf-8'],
    ])
    expect(reply({ headers: { 'X-A': '1', 'X-N': 2, 'X-O': {} }, body: 's' }).headers).toEqual([
      ['X-A', '1'], ['content-type', 'text/plain; charset=utf-8'],
    ])
  })
})

describe('errorReply', () => {
  it('builds the {"error":{…}} envelope as JSON', () => {
    const r = errorReply(404, { code: 'NOT_FOUND', message: 'Not Found' })
    expect([r.status, r.headers, r.body.toString()]).toEqual([404, [['content-type', 'application/json']], '{"error":{"code":"NOT_FOUND","message":"Not Found"}}'])
  })
})
