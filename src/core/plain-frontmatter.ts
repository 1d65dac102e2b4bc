/**
 * E19.2: the frontmatter most skills have, decoded without the YAML parser. A block whose every line
 * is `key: value`, with distinct keys and values that YAML's core schema can only read as the plain
 * string written there, means exactly `{key: "value", …}`; the parser (frontmatter-yaml.ts) took some
 * 35 µs a block for that, a third of loading a skill, at 10,000 skills 0.35 s of a start. Anything
 * else (quotes, comments, lists, maps, block scalars, empty values, `true`, numbers, `~`, a `: ` or
 * ` #` inside a value, a tab, a CR, trailing blanks, a duplicate key) is left to the parser: undefined.
 */
import type { JsonObject } from './json-object.js'
import { detached } from './text.js'

// "description: Use when asked" => ["description", "Use when asked"]: a plain key, one space, a value
// that starts with no indicator, blank or digit-like character, holds no tab or control character and
// does not end in a blank or a colon.
const LINE = /^([A-Za-z][A-Za-z0-9_-]*): ([^\s\-?:,[\]{}#&*!|>'"%@`0-9+.~][^\t\n\r\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]*)$/
// Core-schema words that are not strings (null and booleans); numbers cannot start a LINE value.
const NOT_A_STRING = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE)$/
// A value YAML would cut or read as a mapping: `a: b` inside, a comment, a trailing colon or blank.
const CUT = /: | #|:$|\s$/
// Lone surrogates: the parser's text is UTF-16 as read, left to it to judge.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The block's mapping when every line is a plain `key: value`; undefined when the parser must decide. */
export function plainFrontmatter(block: string): JsonObject | undefined {
  const lines = block.split('\n')
  if (lines.at(-1) === '') lines.pop()
  if (lines.length === 0) return undefined
  const data: JsonObject = {}
  for (const line of lines) {
    const match = LINE.exec(line)
    if (match === null) return undefined
    const [, key, value] = match as unknown as [string, string, string]
    if (Object.hasOwn(data, key) || NOT_A_STRING.test(key) || NOT_A_STRING.test(value) || CUT.test(value) || LONE_SURROGATE.test(value)) return undefined
    // Copies: a match is a view into the whole SKILL.md text, which an entry must not keep alive.
    data[detached(key)] = detached(value)
  }
  return data
}
