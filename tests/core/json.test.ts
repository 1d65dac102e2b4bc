import { describe, expect, it } from 'vitest'
import { formatNumber, sortedPrettyJson } from '../../src/core/json.js'
import { MAX_PAYLOAD_BYTES } from '../../src/core/limits.js'

describe('sortedPrettyJson (serde_json to_string_pretty, sorted keys)', () => {
  it.each<[string, unknown, string]>([
    ['the spec example', { label: 'json', count: 42 }, '{\n  "count": 42,\n  "label": "json"\n}'],
    ['null', null, 'null'],
    ['undefined as null', undefined, 'null'],
    ['true', true, 'true'],
    ['false', false, 'false'],
    ['a string', 'str', '"str"'],
    ['an empty array', [], '[]'],
    ['an empty object', {}, '{}'],
    ['empty containers inside', { b: {}, a: [] }, '{\n  "a": [],\n  "b": {}\n}'],
    ['a flat array', [1, 'two', null, true], '[\n  1,\n  "two",\n  null,\n  true\n]'],
    ['nested arrays', [[1], [[]]], '[\n  [\n    1\n  ],\n  [\n    []\n  ]\n]'],
    ['objects in arrays, keys sorted', [{ b: 1, a: 2 }], '[\n  {\n    "a": 2,\n    "b": 1\n  }\n]'],
    [
      'keys sorted at every depth',
      { z: { y: [{ d: 1, c: 2 }], x: 0 }, a: 'first' },
      '{\n  "a": "first",\n  "z": {\n    "x": 0,\n    "y": [\n      {\n        "c": 2,\n        "d": 1\n      }\n    ]\n  }\n}',
    ],
    ['undefined members skipped', { a: undefined, b: 1 }, '{\n  "b": 1\n}'],
    ['an object of only undefined members as {}', { a: undefined }, '{}'],
    ['undefined array elements as null', [undefined], '[\n  null\n]'],
  ])('prints %s', (_case, value, text) => {
    expect(sortedPrettyJson(value, MAX_PAYLOAD_BYTES)).toBe(text)
  })

  it('sorts keys by UTF-8 bytes: uppercase, underscore, lowercase, then by code point (astral last)', () => {
    const value = { '\u{1f600}': 1, '\ufffd': 2, '\ue000': 3, '\u00e9': 4, z: 5, _: 6, a: 7, B: 8, '': 9, aa: 10 }
    expect(sortedPrettyJson(value, MAX_PAYLOAD_BYTES)).toBe(
      '{\n  "": 9,\n  "B": 8,\n  "_": 6,\n  "a": 7,\n  "aa": 10,\n  "z": 5,\n  "\u00e9": 4,\n  "\ue000": 3,\n  "\ufffd": 2,\n  "\u{1f600}": 1\n}',
    )
  })

  it('escapes strings as serde does: quote, backslash and C0 controls only', () => {
    const value = 'q"b\\s\n\r\t\b\f\u0000\u0001\u001f\u007f\u0085\u2028\u2029\u00e9\u{1f600}/'
    expect(sortedPrettyJson(value, MAX_PAYLOAD_BYTES)).toBe(
      '"q\\"b\\\\s\\n\\r\\t\\b\\f\\u0000\\u0001\\u001f\u007f\u0085\u2028\u2029\u00e9\u{1f600}/"',
    )
  })

  it('escapes keys the same way', () => {
    expect(sortedPrettyJson({ 'a"b\n': 1 }, MAX_PAYLOAD_BYTES)).toBe('{\n  "a\\"b\\n": 1\n}')
  })

  it('has no trailing newline', () => {
    expect(sortedPrettyJson({ a: 1 }, MAX_PAYLOAD_BYTES).endsWith('}')).toBe(true)
  })
})

describe('formatNumber (as serde re-prints the JSON number)', () => {
  it.each<[number, string]>([
    [0, '0'],
    [-0, '0'],
    [42, '42'],
    [-7, '-7'],
    [1.0, '1'], // serde would keep a Rust 1.0 as 1.0; JSON text from JS never says 1.0
    [2 ** 53, '9007199254740992'],
    [1e19, '10000000000000000000'], // integer literal within u64: verbatim
    [1e20, '1e20'], // above u64::MAX: serde reads an f64
    [-9223372036854775808, '-9.223372036854776e18'],
    [-4611686018427387904, '-4611686018427388000'],
    [18446744073709551615, '1.8446744073709552e19'],
    [1e21, '1e21'],
    [123456789012345680000, '1.2345678901234568e20'],
    [1.5, '1.5'],
    [-1.5, '-1.5'],
    [0.5, '0.5'],
    [123.456, '123.456'],
    [0.1 + 0.2, '0.30000000000000004'],
    [1000000000000000.5, '1000000000000000.5'],
    [0.00001, '0.00001'],
    [0.000001, '1e-6'],
    [0.0000015, '1.5e-6'],
    [1e-7, '1e-7'],
    [-1.5e-10, '-1.5e-10'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e308'],
    [NaN, 'null'],
    [Infinity, 'null'],
  ])('prints %d as %s', (value, text) => {
    expect(formatNumber(value)).toBe(text)
  })
})
