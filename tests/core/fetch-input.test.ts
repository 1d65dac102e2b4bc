import { describe, expect, it } from 'vitest'
import { SkillsError } from '../../src/core/errors.js'
import { selectFetchUris, type FetchInput } from '../../src/core/fetch-input.js'

const MISSING = 'Provide uri or a non-empty uris array'
const invalid = (uri: string) => `Invalid URI (must start with iii://): ${uri}`

describe('selectFetchUris', () => {
  it.each<[string, FetchInput, string[]]>([
    ['a single uri', { uri: 'iii://a' }, ['iii://a']],
    ['a single uri, trimmed', { uri: '  iii://only  ' }, ['iii://only']],
    ['a uris array in order, duplicates kept', { uris: ['iii://b', 'iii://a', 'iii://b'] }, ['iii://b', 'iii://a', 'iii://b']],
    ['uris over uri when both are given', { uri: 'iii://from-uri', uris: ['iii://from-uris'] }, ['iii://from-uris']],
    ['uri when uris is empty', { uri: 'iii://a', uris: [] }, ['iii://a']],
    ['uri when uris is null', { uri: 'iii://a', uris: null }, ['iii://a']],
    ['trimmed uris entries', { uris: ['  iii://a  ', 'iii://b\n'] }, ['iii://a', 'iii://b']],
    ['uris without blank entries', { uris: ['iii://a', '   ', '', 'iii://b'] }, ['iii://a', 'iii://b']],
    ['a uri trimmed of Unicode whitespace (NEL, ideographic space)', { uri: '\u0085iii://a\u3000' }, ['iii://a']],
    ['non-ASCII uris untouched', { uris: ['iii://caf\u00e9/\u{1f600}'] }, ['iii://caf\u00e9/\u{1f600}']],
  ])('selects %s', (_case, input, uris) => {
    expect(selectFetchUris(input)).toEqual(uris)
  })

  it.each<[string, FetchInput, string]>([
    ['no fields', {}, MISSING],
    ['null fields', { uri: null, uris: null }, MISSING],
    ['an empty uri', { uri: '' }, MISSING],
    ['a blank uri', { uri: '   ' }, MISSING],
    ['a uri of NBSP (Rust whitespace)', { uri: '\u00a0' }, MISSING],
    ['an empty uris array', { uris: [] }, MISSING],
    ['an empty uris array and a blank uri', { uri: ' ', uris: [] }, MISSING],
    ['all-blank uris, without falling back to uri', { uri: 'iii://a', uris: ['  ', ''] }, MISSING],
    ['a non-iii uri', { uri: 'https://example.com' }, invalid('https://example.com')],
    ['a non-iii uri, quoted trimmed', { uri: '  https://x  ' }, invalid('https://x')],
    ['an uppercase scheme', { uri: 'III://a' }, invalid('III://a')],
    ['the first non-iii entry of uris', { uris: ['iii://ok', 'ftp://nope', 'bad'] }, invalid('ftp://nope')],
    ['a BOM before the scheme (not whitespace in Rust)', { uri: '\ufeffiii://a' }, invalid('\ufeffiii://a')],
    ['a uri that is only a BOM', { uri: ' \ufeff ' }, invalid('\ufeff')],
  ])('rejects %s', (_case, input, message) => {
    expect(() => selectFetchUris(input)).toThrowError(new SkillsError(message))
  })
})
