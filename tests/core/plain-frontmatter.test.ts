/**
 * E19.2: the plain `key: value` frontmatter decoded without the YAML parser means exactly what the
 * parser makes of it, and anything the parser could read otherwise is left to the parser. Each block
 * is decoded as it is and with a comment line after it (the parser's path: a comment is no plain line
 * and changes nothing YAML reads), and the two answers must be the same.
 */
import { describe, expect, it } from 'vitest'
import { decodeFrontmatterWithData, decodeRepairedFrontmatter } from '../../src/core/frontmatter-yaml.js'
import { plainFrontmatter } from '../../src/core/plain-frontmatter.js'

const STRUCT = 'struct SkillFrontmatter'
const viaParser = (block: string) => decodeFrontmatterWithData(`${block.endsWith('\n') ? block : `${block}\n`}# parser\n`, STRUCT)

const PLAIN_VALUES = [
  'pdf-tools', 'Extracts text from PDFs. Use when the user asks about PDF files.', "It's a skill, with commas [and brackets] {too}",
  'C# and F#', 'http://example.com/a:b', 'café 日本語 ünïcode', 'Infinity', 'NaN', 'yes', 'no', 'on', 'off', 'y', 'nullable', 'truely',
  'a "quoted" word', 'a  double  space', 'x!y&z*w', 'e=mc^2', 'under_score', 'TRUEISH', 'emoji 😀',
]
const PARSER_VALUES = [
  '', '~', 'null', 'Null', 'NULL', 'true', 'True', 'FALSE', '1', '1.0', '-1', '+1', '.5', '0x1F', '0o17', '1e3', '.inf', '-.inf', '.nan',
  '"quoted"', "'single'", '|', '>', '[a, b]', '{a: b}', '&anchor x', '*alias', '!tag x', '%x', '@x', '`x`', '- item', '? key', ': x',
  'Use when: asked', 'value # comment', 'ends with colon:', 'trailing blank ', 'tab\there', 'a\u2028b', '\u00a0lead', 'ctl\u0001', 'lone \ud800',
  '#hash first', ',comma first', 'x\ry',
]
const KEYS = ['name', 'description', 'license', 'allowed-tools', 'metadata_x', 'constructor', 'Name', 'toString']

describe('plain frontmatter (E19.2)', () => {
  it('decodes a plain block as the parser does, and takes the plain path for it', () => {
    for (const value of PLAIN_VALUES) {
      for (const key of KEYS) {
        const block = `name: my-skill\n${key === 'name' ? 'description' : key}: ${value}\n`
        expect(plainFrontmatter(block), block).toBeDefined()
        expect(decodeFrontmatterWithData(block, STRUCT), block).toEqual(viaParser(block))
      }
    }
    const block = 'name: pdf\ndescription: Reads PDFs.\nlicense: MIT'
    expect(decodeFrontmatterWithData(block, STRUCT)).toEqual({ frontmatter: { name: 'pdf', description: 'Reads PDFs.' }, data: { name: 'pdf', description: 'Reads PDFs.', license: 'MIT' } })
  })

  it('leaves to the parser every value it could read otherwise, with the same answer', () => {
    for (const value of PARSER_VALUES) {
      for (const key of ['name', 'description', 'license']) {
        const block = `${key === 'name' ? 'description: d' : 'name: n'}\n${key}: ${value}\n`
        expect(plainFrontmatter(block), JSON.stringify(block)).toBeUndefined()
        expect(decodeRepairedFrontmatter(block, STRUCT), JSON.stringify(block)).toEqual(decodeRepairedFrontmatter(`${block}# parser\n`, STRUCT))
      }
    }
  })

  it('leaves to the parser blocks that are not one plain line per key', () => {
    const blocks = [
      'name: a\nname: b\n', 'name: a\n\ndescription: b\n', '# c\nname: a\n', 'name: a\r\ndescription: b\r\n', 'name: a\nmetadata:\n  x: y\n',
      'name:a\n', 'name:  two spaces\n', ' name: indented\n', 'na me: x\n', '"name": x\n', 'null: x\n', 'true: x\n', '1: x\n', '_x: y\n', '---\n', '',
      'name: a\ndescription: >\n  folded\n', 'name: a\n  continued\n',
    ]
    for (const block of blocks) {
      expect(plainFrontmatter(block), JSON.stringify(block)).toBeUndefined()
      if (block !== '') expect(decodeRepairedFrontmatter(block, STRUCT), JSON.stringify(block)).toEqual(decodeRepairedFrontmatter(`${block}${block.endsWith('\n') ? '' : '\n'}# parser\n`, STRUCT))
    }
  })
})
