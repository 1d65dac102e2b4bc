import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { frontmatterOf } from '../../src/core/frontmatter-yaml.js'

// E16.2: a frontmatter block is parsed once for the nesting check and the document; what it decodes to
// is what the yaml package's parseDocument gives.
const SOURCES = [
  'name: a\ndescription: b',
  'name: "quoted: colon"\ndescription: >-\n  folded\n  text\nmetadata:\n  tags: [x, y]\n  n: 1.0',
  'anchors: &a {k: v}\ncopy: *a\nlist:\n  - one\n  - two: 2',
  'name: a\nname: b',
  'a: 1\n...\nb: 2',
  'bad: [unclosed',
  'key: value # comment\nempty:\nnull: ~\nbool: true\nhex: 0x1F',
  'description: |\n  keeps\n  lines\n',
  '',
]

function expected(source: string): unknown {
  const doc = parseDocument(source, { uniqueKeys: false, prettyErrors: false })
  if (doc.errors.length > 0) return {}
  const json = JSON.parse(JSON.stringify(doc.toJS() ?? {})) as unknown
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {}
}

describe('frontmatter parsed once', () => {
  it.each(SOURCES)('decodes %j as parseDocument does', (source) => {
    expect(frontmatterOf(`---\n${source}\n---\nbody\n`)).toEqual(expected(source))
  })
})
