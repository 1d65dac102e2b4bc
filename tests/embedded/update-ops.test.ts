import { describe, expect, it } from 'vitest'
import { applyUpdateOps, decodeUpdateOp, type UpdateOp } from '../../src/embedded/update-ops.js'

const DOC = 'https://iii.dev/docs/workers/iii-state#error-codes'

describe('applyUpdateOps: ops that apply', () => {
  it.each<[string, unknown, UpdateOp[], unknown]>([
    ['set a first-level key', { a: 1 }, [{ type: 'set', path: 'b', value: 2 }], { a: 1, b: 2 }],
    ['set "" replaces the root, even with null', { keep: true }, [{ type: 'set', path: '', value: null }], null],
    ['merge at the root', { a: 1, b: 1 }, [{ type: 'merge', value: { b: 2, c: 3 } }], { a: 1, b: 2, c: 3 }],
    ['merge at a nested path creating intermediates', { s: 5 }, [{ type: 'merge', path: ['s', 'x'], value: { t: 1 } }], { s: { x: { t: 1 } } }],
    ['merge keeps dots literal', {}, [{ type: 'merge', path: ['a.b'], value: { v: 1 } }], { 'a.b': { v: 1 } }],
    ['increment and decrement existing and missing keys', { count: 2 },
      [{ type: 'increment', path: 'count', by: 3 }, { type: 'decrement', path: 'missing', by: 3 }], { count: 5, missing: -3 }],
    ['numeric ops on floats', { count: 1.5 }, [{ type: 'increment', path: 'count', by: 2 }, { type: 'decrement', path: 'count', by: 1 }], { count: 2.5 }],
    ['increment of a missing root starts from 0', undefined, [{ type: 'increment', path: '', by: 4 }], 4],
    ['decrement of a missing root starts from 0', undefined, [{ type: 'decrement', path: '', by: 4 }], -4],
    ['a missing key starts as {}', undefined, [{ type: 'set', path: 'a', value: 1 }], { a: 1 }],
    ['append pushes onto an array', { events: [1] }, [{ type: 'append', path: 'events', value: 2 }], { events: [1, 2] }],
    ['append concatenates strings', { t: 'hello' }, [{ type: 'append', path: 't', value: ' world' }], { t: 'hello world' }],
    ['append to a missing single key: string stays a string, others wrap', {},
      [{ type: 'append', path: 't', value: 'hi' }, { type: 'append', path: 'e', value: { k: 1 } }], { t: 'hi', e: [{ k: 1 }] }],
    ['append to a missing root: string tier', undefined, [{ type: 'append', value: 'hello' }], 'hello'],
    ['append to a missing root: array', undefined, [{ type: 'append', value: { k: 1 } }], [{ k: 1 }]],
    ['append to a missing nested leaf always makes an array', {}, [{ type: 'append', path: ['a', 'b'], value: 'x' }], { a: { b: ['x'] } }],
    ['remove a key', { a: 1, b: 2 }, [{ type: 'remove', path: 'a' }], { b: 2 }],
    ['remove the root', { a: 1 }, [{ type: 'remove', path: '' }], null],
    ['a key named like an Object.prototype member is an ordinary missing key', {}, [{ type: 'increment', path: 'toString', by: 1 }], { toString: 1 }],
  ])('%s', (_name, old, ops, expected) => {
    expect(applyUpdateOps(old, ops)).toEqual({ value: expected, errors: [] })
  })

  it('does not mutate the old value', () => {
    const old = { a: { b: 1 } }
    applyUpdateOps(old, [{ type: 'merge', path: ['a'], value: { c: 2 } }])
    expect(old).toEqual({ a: { b: 1 } })
  })
})

describe('applyUpdateOps: per-op errors', () => {
  it.each<[string, unknown, UpdateOp[], unknown, string, string]>([
    ['merge of a non-object', { a: 1 }, [{ type: 'merge', value: 5 }], { a: 1 },
      'merge.value.not_an_object', 'Merge value must be a JSON object'],
    ['merge with a prototype key', {}, [{ type: 'merge', value: JSON.parse('{"__proto__":{"x":1}}') }], {},
      'merge.value.proto_polluted', 'Merge value top-level key "__proto__" is a prototype-pollution sink'],
    ['merge with an empty path segment', {}, [{ type: 'merge', path: ['a', ''], value: {} }], {},
      'merge.path.empty_segment', 'Path contains an empty segment'],
    ['set below a non-object root', 5, [{ type: 'set', path: 'a', value: 1 }], 5,
      'set.target_not_object', "Cannot set at path 'a': target is number, expected object."],
    ['increment of a string', { bad: 'v' }, [{ type: 'increment', path: 'bad', by: 1 }], { bad: 'v' },
      'increment.not_number', "Expected number at path 'bad', got string."],
    ['decrement of null', { n: null }, [{ type: 'decrement', path: 'n', by: 1 }], { n: null },
      'decrement.not_number', "Expected number at path 'n', got null."],
    ['append a non-string to a string', { t: 'a' }, [{ type: 'append', path: 't', value: 1 }], { t: 'a' },
      'append.type_mismatch', "Expected string append value at path 't', got number."],
    ['append to an object', { e: {} }, [{ type: 'append', path: 'e', value: 1 }], { e: {} },
      'append.type_mismatch', "Cannot append at path 'e': target is object, expected array, string, null, or missing field."],
    ['append at a path below an array root', [1], [{ type: 'append', path: ['a', 'b'], value: 1 }], [1],
      'append.target_not_object', "Cannot append at path '[a, b]': target is array, expected object."],
    ['remove with a prototype path', { a: 1 }, [{ type: 'remove', path: 'constructor' }], { a: 1 },
      'remove.path.proto_polluted', "Path segment 'constructor' is not allowed (prototype pollution)."],
  ])('%s records an error and applies nothing', (_name, old, ops, expected, code, message) => {
    expect(applyUpdateOps(old, ops)).toEqual({ value: expected, errors: [{ op_index: 0, code, message, doc_url: DOC }] })
  })

  it('keeps applying the ops after a failing one and reports its index', () => {
    const result = applyUpdateOps({ count: 2, bad: 'v' }, [
      { type: 'increment', path: 'count', by: 3 },
      { type: 'increment', path: 'bad', by: 3 },
      { type: 'increment', path: 'missing', by: 3 },
    ])
    expect(result.value).toEqual({ count: 5, bad: 'v', missing: 3 })
    expect(result.errors.map((e) => [e.op_index, e.code])).toEqual([[1, 'increment.not_number']])
  })
})

describe('decodeUpdateOp', () => {
  it.each([
    [{ type: 'set', path: 'a' }, { type: 'set', path: 'a', value: null }],
    [{ type: 'merge', path: 'a', value: {} }, { type: 'merge', path: 'a', value: {} }],
    [{ type: 'append', value: 1 }, { type: 'append', path: undefined, value: 1 }],
  ])('decodes %j', (raw, op) => {
    expect(decodeUpdateOp(raw)).toEqual(op)
  })

  it.each([
    [{ path: 'a' }, 'missing field `type`'],
    [{ type: 'rename', path: 'a' }, 'unknown variant `rename`, expected one of `set`, `increment`, `decrement`, `append`, `remove`, `merge`'],
    [{ type: 'increment', path: 'a', by: 1.5 }, 'invalid type: floating point `1.5`, expected i64'],
    [{ type: 'merge', path: 3, value: {} }, 'data did not match any variant of untagged enum MergePath'],
    [{ type: 'remove' }, 'missing field `path`'],
  ])('rejects %j with serde text', (raw, message) => {
    expect(() => decodeUpdateOp(raw)).toThrow(message)
  })
})
