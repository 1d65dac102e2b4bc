/**
 * The one YAML frontmatter parser (prompt files §6.4, skill folders E1, the frontmatter E2 reports).
 * It decodes `{name?, description?}` as upstream's serde_yaml struct does (§6.4 step 3): the
 * document must be a mapping (an empty document counts as an empty one); other keys are ignored;
 * any scalar becomes its text (`name: 123` => "123"); `~`, `null` and an empty value mean absent; a
 * sequence or mapping is a type error. Only the two fields are looked at and aliases are resolved
 * one step, so an alias bomb under another key expands nothing; the whole mapping as JSON is built
 * only on request, under the yaml package's alias-count guard.
 * Oversized frontmatter is refused before parsing, and nesting deeper than serde_yaml's recursion
 * limit before composing: the yaml package composes recursively, and `[[[[…` 30k deep would
 * otherwise exhaust the stack.
 */
import {
  type CST,
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  Composer,
  LineCounter,
  type Node,
  Parser,
  type Scalar,
  YAMLParseError,
} from 'yaml'
import { splitFrontmatter } from './frontmatter.js'
import { isJsonObject, type JsonObject } from './json-object.js'
import { debugString } from './rust-debug.js'
import { utf8Length } from './ids.js'
import { plainFrontmatter } from './plain-frontmatter.js'
import * as msg from './messages.js'

/*
 * The one YAML repair the Agent Skills integration guide describes (E5.1): frontmatter that does not
 * parse is tried once more with every top-level `key: value` line whose value is unquoted and holds
 * `: ` quoted as a whole (`description: Use when: the user asks` is YAML's nested-mapping error,
 * not what the author meant).
 */
const TOP_LEVEL = /^([A-Za-z0-9_][A-Za-z0-9_.-]*):[ \t]+(.*?)[ \t]*$/
const STRUCTURED = /^["'|>[{&*!%@`#]/

// "description: Use when: asked" => { text: 'description: "Use when: asked"', quoted: 1 }
export function quoteColonValues(block: string): { text: string; quoted: number } {
  let quoted = 0
  const text = block.split('\n').map((line) => {
    const match = TOP_LEVEL.exec(line)
    if (match === null) return line
    const [, key, value] = match as unknown as [string, string, string]
    if (STRUCTURED.test(value) || !value.includes(': ')) return line
    quoted++
    return `${key}: ${JSON.stringify(value)}`
  }).join('\n')
  return { text, quoted }
}

export const MAX_FRONTMATTER_BYTES = 65_536
export const MAX_NESTING = 128

/** The two fields prompt files and skill folders read, as serde_yaml decodes them. */
export interface FrontmatterFields {
  name?: string
  description?: string
}

type Decoded = { frontmatter: FrontmatterFields } | { error: string }
type DecodedWithData = { frontmatter: FrontmatterFields; data: JsonObject } | { error: string }

const FIELDS = new Set(['name', 'description'])
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL'])

/** `{name?, description?}` of a frontmatter block; `struct` names the target type in errors. */
export function decodeFrontmatter(text: string, struct: string): Decoded {
  const parsed = parseYaml(text)
  if ('error' in parsed) return parsed
  return new Decoder(parsed.doc, parsed.lines, struct).root(parsed.doc.contents)
}

/** `decodeFrontmatter` plus the whole mapping as JSON (`{}` for an empty document), from one parse. */
/**
 * `decodeFrontmatterWithData`, retried once after the E5.1 repair when the YAML does not parse;
 * `repaired` counts the values quoted (0: parsed as written).
 */
export function decodeRepairedFrontmatter(text: string, struct: string): (DecodedWithData & { repaired?: never }) | (Exclude<DecodedWithData, { error: string }> & { repaired: number }) {
  const first = decodeFrontmatterWithData(text, struct)
  if (!('error' in first) || !('error' in parseYaml(text))) return first
  const { text: fixed, quoted } = quoteColonValues(text)
  if (quoted === 0) return first
  const second = decodeFrontmatterWithData(fixed, struct)
  return 'error' in second ? first : { ...second, repaired: quoted }
}

export function decodeFrontmatterWithData(text: string, struct: string): DecodedWithData {
  const plain = utf8Length(text) > MAX_FRONTMATTER_BYTES ? undefined : plainFrontmatter(text)
  if (plain !== undefined) return { frontmatter: fieldsOf(plain), data: plain }
  const parsed = parseYaml(text)
  if ('error' in parsed) return parsed
  const decoded = new Decoder(parsed.doc, parsed.lines, struct).root(parsed.doc.contents)
  if ('error' in decoded) return decoded
  const data = toJson(parsed.doc)
  return 'error' in data ? data : { frontmatter: decoded.frontmatter, data: data.json }
}

// The two fields of a mapping of plain strings, in the order they come (as Decoder sets them).
function fieldsOf(data: JsonObject): FrontmatterFields {
  const fields: FrontmatterFields = {}
  for (const key of Object.keys(data)) if (FIELDS.has(key)) fields[key as keyof FrontmatterFields] = data[key] as string
  return fields
}

/**
 * The frontmatter of a markdown text as JSON when it starts with a block (§6.5) holding a YAML
 * mapping; `{}` otherwise (no block, bad YAML, not a mapping): E2 reads it, nothing is skipped over it.
 */
export function frontmatterOf(markdown: string): JsonObject {
  const { frontmatter } = splitFrontmatter(markdown)
  if (frontmatter === undefined) return {}
  let parsed = parseYaml(frontmatter)
  if ('error' in parsed) parsed = parseYaml(quoteColonValues(frontmatter).text)
  if ('error' in parsed) return {}
  const data = toJson(parsed.doc)
  return 'error' in data ? {} : data.json
}

// toJS stops alias bombs (maxAliasCount); the JSON round trip turns `.inf` / `.nan` into null, as
// the wire would anyway, so the result is plain JSON.
function toJson(doc: Document.Parsed): { json: JsonObject } | { error: string } {
  try {
    const json = JSON.parse(JSON.stringify(doc.toJS() ?? {})) as unknown
    return { json: isJsonObject(json) ? json : {} }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

function parseYaml(text: string): { doc: Document.Parsed; lines: LineCounter } | { error: string } {
  const len = utf8Length(text)
  if (len > MAX_FRONTMATTER_BYTES) return { error: msg.frontmatterTooLarge(len, MAX_FRONTMATTER_BYTES) }
  const lines = new LineCounter()
  let doc: Document.Parsed
  try {
    // A lone CR is a line break in YAML (and in libyaml, which upstream uses); the yaml package
    // would keep it inside a plain scalar. Same length, so error positions stay right.
    const source = text.replace(/\r(?!\n)/g, '\n')
    // One parse serves the nesting check and the document (E16.2: it was parsed twice), composed as
    // the yaml package's parseDocument composes it.
    const tokens = [...new Parser(lines.addNewLine).parse(source)]
    if (nestingDepth(tokens) > MAX_NESTING) return { error: msg.YAML_RECURSION_LIMIT }
    doc = firstDocument(tokens, source.length, { lineCounter: lines, uniqueKeys: false, prettyErrors: false })
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
  const syntax = doc.errors[0]
  if (syntax !== undefined) {
    const { line, col } = lines.linePos(syntax.pos[0])
    return { error: msg.yamlAt(syntax.message, line, col) }
  }
  return { doc, lines }
}

/** yaml's `parseDocument` from already parsed tokens: the first document, an error if more follow. */
function firstDocument(tokens: CST.Token[], length: number, options: ConstructorParameters<typeof Composer>[0]): Document.Parsed {
  let doc: Document.Parsed | undefined
  for (const next of new Composer(options).compose(tokens, true, length)) {
    if (doc === undefined) doc = next
    else if (doc.options.logLevel !== 'silent') {
      doc.errors.push(new YAMLParseError(next.range.slice(0, 2) as [number, number], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'))
      break
    }
  }
  return doc as Document.Parsed
}

class Decoder {
  constructor(
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    private readonly struct: string,
  ) {}

  root(node: Node | null): Decoded {
    if (node === null || (isScalar(node) && node.type === 'PLAIN' && node.source === '')) return { frontmatter: {} }
    if (!isMap(node)) return { error: this.invalidType(node, this.struct) }
    const frontmatter: FrontmatterFields = {}
    const seen = new Set<string>()
    for (const pair of node.items) {
      const key = this.resolve(pair.key as Node | null)
      if (key !== null && !isScalar(key)) return { error: this.invalidType(key, 'field identifier') }
      const field = key === null ? '' : scalarText(key)
      if (!FIELDS.has(field)) continue
      if (seen.has(field)) return { error: msg.yamlDuplicateField(field) }
      seen.add(field)
      const value = this.resolve(pair.value as Node | null)
      if (value === null || (isScalar(value) && value.type === 'PLAIN' && NULLS.has(value.source ?? ''))) continue
      if (!isScalar(value)) return { error: msg.yamlFieldError(field, this.invalidType(value, 'a string')) }
      frontmatter[field as keyof FrontmatterFields] = scalarText(value)
    }
    return { frontmatter }
  }

  private resolve(node: Node | null): Node | null {
    if (node === null || !isAlias(node)) return node
    return (node.resolve(this.doc) as Node | undefined) ?? null
  }

  // serde's "invalid type: sequence, expected a string at line 2 column 7" (no position at 1:1).
  private invalidType(node: Node, expected: string): string {
    const error = msg.yamlInvalidType(unexpected(node), expected)
    const { line, col } = this.lines.linePos(node.range?.[0] ?? 0)
    return line === 1 && col === 1 ? error : msg.yamlAt(error, line, col)
  }
}

// The scalar as serde_yaml hands it to a string field: plain scalars as written (`1.0`, `0x1F`).
function scalarText(node: Scalar): string {
  if (node.type === 'PLAIN' && node.source !== undefined) return node.source
  return typeof node.value === 'string' ? node.value : String(node.value ?? '')
}

// serde's `Unexpected` wording for what was found.
function unexpected(node: Node): string {
  if (isSeq(node)) return 'sequence'
  if (isMap(node)) return 'map'
  if (!isScalar(node)) return 'value'
  if (node.type !== 'PLAIN') return `string ${debugString(scalarText(node))}`
  const { value } = node
  if (value === null) return 'unit value'
  if (typeof value === 'boolean') return `boolean \`${value}\``
  if (typeof value === 'number' || typeof value === 'bigint') {
    const isInteger = typeof value === 'bigint' || (Number.isInteger(value) && !/[.eE]/.test(node.source ?? ''))
    return isInteger ? `integer \`${value}\`` : `floating point \`${value}\``
  }
  return `string ${debugString(scalarText(node))}`
}

interface CstCollection {
  items: Array<{ key?: unknown; value?: unknown }>
}

// Deepest collection nesting of the parser's (iteratively built) syntax tree, walked without recursion.
function nestingDepth(tokens: CST.Token[]): number {
  let max = 0
  const todo: Array<[unknown, number]> = tokens.map((token) => [token, 0])
  while (todo.length > 0 && max <= MAX_NESTING) {
    const [node, depth] = todo.pop() as [unknown, number]
    if (typeof node !== 'object' || node === null) continue
    if ((node as CST.Token).type === 'document') todo.push([(node as CST.Document).value, depth])
    const items = (node as Partial<CstCollection>).items
    if (!Array.isArray(items)) continue
    max = Math.max(max, depth + 1)
    for (const item of items) todo.push([item.key, depth + 1], [item.value, depth + 1])
  }
  return max
}
