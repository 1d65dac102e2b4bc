import { describe, expect, it } from 'vitest'
import { extractStateEntries } from '../../src/core/state-entries.js'

const a = { id: 'a' }
const b = { id: 'b' }

describe('extractStateEntries', () => {
  it.each<[string, unknown, unknown[]]>([
    ['a flat array as is', [a, b], [a, b]],
    ['an empty array', [], []],
    ['the values of an items envelope', { items: [{ key: 'a', value: a }, { key: 'b', value: b }] }, [a, b]],
    ['items without a value dropped', { items: [{ key: 'x' }, { value: a }, 'str', null, [a]] }, [a]],
    ['a null value kept (dropped later when it fails to decode)', { items: [{ value: null }] }, [null]],
    ['an empty items array over a value array', { items: [], value: [a] }, []],
    ['a value array', { value: [a] }, [a]],
    ['a value array when items is not an array', { items: 'no', value: [a] }, [a]],
    ['nothing for a non-array value', { value: { a } }, []],
    ['nothing for an unknown shape', { random: 'not-a-list' }, []],
    ['nothing for null', null, []],
    ['nothing for undefined', undefined, []],
    ['nothing for a string', 'items', []],
    ['nothing for a number', 3, []],
  ])('returns %s', (_case, result, entries) => {
    expect(extractStateEntries(result)).toEqual(entries)
  })
})
