import { describe, expect, it } from 'vitest'
import { CatalogueView, parseViews, type ViewDefinition } from '../../src/core/views.js'

const view = (definition: Partial<ViewDefinition>) => {
  const parsed = parseViews({ v: definition })
  if (!parsed.ok) throw new Error(parsed.error)
  return new CatalogueView('v', parsed.value.v!)
}
const held = (v: CatalogueView, ids: string[]) => ids.filter((id) => v.hasSkill(id))

describe('views: config (E20.1)', () => {
  it('fills the defaults: include ["**"], exclude [], prompts ["**"]', () => {
    expect(parseViews({ a: {}, b: null, c: { exclude: ['x'] } })).toEqual({
      ok: true,
      value: {
        a: { include: ['**'], exclude: [], prompts: ['**'] },
        b: { include: ['**'], exclude: [], prompts: ['**'] },
        c: { include: ['**'], exclude: ['x'], prompts: ['**'] },
      },
    })
    expect(parseViews(undefined)).toEqual({ ok: true, value: {} })
  })

  it.each([
    ['a name with a capital', { Review: {} }, 'invalid view "Review": name: must match [a-z0-9][a-z0-9_-]* and be at most 64 characters'],
    ['a name starting with a dash', { '-x': {} }, 'invalid view "-x": name: must match [a-z0-9][a-z0-9_-]* and be at most 64 characters'],
    ['a name of 65 characters', { ['a'.repeat(65)]: {} }, `invalid view "${'a'.repeat(65)}": name: must match [a-z0-9][a-z0-9_-]* and be at most 64 characters`],
    ['an unknown key', { review: { includes: ['a'] } }, 'invalid view "review": includes: unknown key (a view has include, exclude and prompts)'],
    ['patterns that are not a list', { review: { include: 'review-*' } }, 'invalid view "review": include: must be a list of glob patterns'],
    ['a pattern that is not text', { review: { exclude: [1] } }, 'invalid view "review": exclude: must be a list of glob patterns'],
    ['an invalid pattern', { review: { include: ['ok', 'a/***'] } }, 'invalid view "review": include[1]: Pattern syntax error near position 4: wildcards are either regular `*` or recursive `**`'],
    ['an unclosed class', { review: { prompts: ['[ab'] } }, 'invalid view "review": prompts[0]: Pattern syntax error near position 0: invalid range pattern'],
    ['an absolute pattern', { review: { include: ['/x'] } }, 'invalid view "review": include[0]: a pattern matches ids, so it cannot start with /'],
    ['a view that is a list', { review: ['a'] }, 'invalid view "review": view: must be a mapping of include, exclude and prompts'],
    ['views that are a list', ['review'], 'views: must be a mapping of view names to views'],
  ])('refuses %s naming view, field and why', (_what, raw, error) => {
    expect(parseViews(raw)).toEqual({ ok: false, error })
  })
})

describe('views: which ids a view holds (E20.1)', () => {
  const ids = ['review', 'review-code', 'review/code', 'review/code/deep', 'acme/billing', 'acme', 'pdf', 'docx', 'xlsx', 'a.b', '.hidden']

  it('* stays inside a segment, ** crosses them (none included)', () => {
    expect(held(view({ include: ['review*'] }), ids)).toEqual(['review', 'review-code'])
    expect(held(view({ include: ['review/*'] }), ids)).toEqual(['review/code'])
    expect(held(view({ include: ['review/**'] }), ids)).toEqual(['review', 'review/code', 'review/code/deep'])
    expect(held(view({ include: ['**'] }), ids)).toEqual(ids)
    expect(held(view({ include: ['**/code'] }), ids)).toEqual(['review/code'])
  })

  it('? takes one character, classes one of theirs, braces any alternative', () => {
    expect(held(view({ include: ['?df', '[dx]*x'] }), ids)).toEqual(['pdf', 'docx', 'xlsx'])
    expect(held(view({ include: ['[!a-o]??'] }), ids)).toEqual(['pdf'])
    expect(held(view({ include: ['{pdf,acme/*}'] }), ids)).toEqual(['acme/billing', 'pdf'])
    expect(held(view({ include: ['*.b', '.*'] }), ids)).toEqual(['a.b', '.hidden'])
  })

  it('holds an id an include matches and no exclude does; prompts by their own patterns', () => {
    const v = view({ include: ['review/**', 'acme/*'], exclude: ['review/code/**'], prompts: ['review-{a,b}'] })
    expect(held(v, ids)).toEqual(['review', 'acme/billing'])
    expect(['review-a', 'review-b', 'review-c', 'other'].filter((p) => v.hasPrompt(p))).toEqual(['review-a', 'review-b'])
    expect(view({ prompts: [] }).hasPrompt('anything')).toBe(false)
    expect(view({}).hasPrompt('anything')).toBe(true)
  })
})
