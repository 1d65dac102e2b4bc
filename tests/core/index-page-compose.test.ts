/** The index from pre-rendered blocks (what the registry cache reuses) equals the one-shot renderer. */
import { describe, expect, it } from 'vitest'
import { composeIndex, indexLine, renderBullets, renderIndex, type IndexEntry } from '../../src/core/index-page.js'

const long = 'x'.repeat(150)

describe('indexLine', () => {
  it.each([
    [{ id: 'a', body: '# A\n\nText.\n' }, { id: 'a', title: 'A', description: 'Text.' }],
    [{ id: 'a', body: '# \n\nText.\n' }, { id: 'a', title: '', description: 'Text.' }],
    [{ id: 'a', body: 'No heading.\n' }, { id: 'a', title: undefined, description: 'No heading.' }],
    [{ id: 'a', body: undefined }, { id: 'a', title: undefined, description: undefined }],
    [{ id: 'a', body: `# A\n\n${long}\n` }, { id: 'a', title: 'A', description: `${'x'.repeat(140)}...` }],
  ])('extracts what the bullet shows from %j', (entry, line) => {
    expect(indexLine(entry)).toEqual(line)
  })
})

describe('composeIndex', () => {
  const state: IndexEntry[] = [{ id: 'a', body: '# A\n\nAlpha.\n' }, { id: 'a/b', body: '# B\n' }]
  const fs: IndexEntry[] = [{ id: 'c', body: undefined }]

  it.each([
    ['state and fs skills', state, fs],
    ['state skills only', state, []],
    ['fs skills only', [], fs],
    ['no skills', [], []],
  ])('renders %s exactly as renderIndex does', (_case, s, f) => {
    expect(composeIndex(renderBullets(s.map(indexLine)), renderBullets(f.map(indexLine)))).toBe(renderIndex(s, f))
  })

  it('renders no bullets as an empty block', () => {
    expect(renderBullets([])).toBe('')
  })
})
