/**
 * `state::update` operations, ported from the engine's `update_ops.rs`: ops apply in order, and a
 * bad op records a per-op error (code, message, doc_url) instead of failing the call (spec §3).
 * Paths of set/increment/decrement/remove are one first-level key ("" = root); merge and append
 * take a key or an array of literal segments.
 */
import { DecodeError, decodeStruct, invalidType } from './serde.js'
import { isJsonObject, type JsonObject } from '../core/index.js'

export type MergePath = string | string[]

export type UpdateOp =
  | { type: 'set'; path: string; value: unknown }
  | { type: 'increment'; path: string; by: number }
  | { type: 'decrement'; path: string; by: number }
  | { type: 'append'; path?: MergePath; value: unknown }
  | { type: 'merge'; path?: MergePath; value: unknown }
  | { type: 'remove'; path: string }

interface UpdateOpError {
  op_index: number
  code: string
  message: string
  doc_url?: string
}

const MAX_PATH_DEPTH = 32
const MAX_SEGMENT_BYTES = 256
const MAX_VALUE_DEPTH = 16
const MAX_VALUE_KEYS = 1024
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype']
const DOC_URL = 'https://iii.dev/docs/workers/iii-state#error-codes'
const OP_TYPES = ['set', 'increment', 'decrement', 'append', 'remove', 'merge']

function decodeMergePath(value: unknown): MergePath | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value ?? undefined
  if (Array.isArray(value) && value.every((s) => typeof s === 'string')) return value as string[]
  throw new DecodeError('data did not match any variant of untagged enum MergePath')
}

/** serde's internally tagged `UpdateOp`. */
export function decodeUpdateOp(value: unknown): UpdateOp {
  if (!isJsonObject(value)) throw new DecodeError(invalidType(value, 'internally tagged enum UpdateOp'))
  const type = value.type
  if (type === undefined) throw new DecodeError('missing field `type`')
  if (typeof type !== 'string' || !OP_TYPES.includes(type)) {
    throw new DecodeError(`unknown variant \`${String(type)}\`, expected one of ${OP_TYPES.map((t) => `\`${t}\``).join(', ')}`)
  }
  switch (type) {
    case 'set': {
      const f = decodeStruct('Set', value, { path: { kind: 'string' }, value: { kind: 'any', optional: true } })
      return { type, path: f.path as string, value: f.value ?? null }
    }
    case 'increment':
    case 'decrement': {
      const f = decodeStruct(type, value, { path: { kind: 'string' }, by: { kind: 'i64' } })
      return { type, path: f.path as string, by: f.by as number } as UpdateOp
    }
    case 'remove':
      return { type, path: decodeStruct('Remove', value, { path: { kind: 'string' } }).path as string }
    default: {
      const f = decodeStruct(type, value, { path: { kind: 'any', optional: true }, value: { kind: 'any' } })
      return { type: type as 'append' | 'merge', path: decodeMergePath(f.path), value: f.value } as UpdateOp
    }
  }
}

const err = (op_index: number, code: string, message: string): UpdateOpError => ({ op_index, code, message, doc_url: DOC_URL })

function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null'
  if (Array.isArray(v)) return 'array'
  return typeof v === 'object' ? 'object' : typeof v
}

const label = (path: string) => (path === '' ? 'root' : path)
const segmentsLabel = (s: string[]) => (s.length === 0 ? 'root' : `[${s.join(', ')}]`)
const fieldSegments = (path: string) => (path === '' ? [] : [path])
const mergeSegments = (path: MergePath | undefined) =>
  path === undefined || path === '' ? [] : typeof path === 'string' ? [path] : path

function pathCode(op: string, reason: string): string {
  return `${op}.path.${reason}`
}

function validatePath(op: string, i: number, segments: string[], errors: UpdateOpError[]): boolean {
  if (segments.length > MAX_PATH_DEPTH) {
    errors.push(err(i, pathCode(op, 'too_deep'), `Path depth ${segments.length} exceeds maximum of ${MAX_PATH_DEPTH}`))
    return false
  }
  for (const seg of segments) {
    const bytes = Buffer.byteLength(seg, 'utf8')
    if (seg === '') errors.push(err(i, pathCode(op, 'empty_segment'), 'Path contains an empty segment'))
    else if (bytes > MAX_SEGMENT_BYTES) {
      errors.push(err(i, pathCode(op, 'segment_too_long'), `Path segment of ${bytes} bytes exceeds maximum of ${MAX_SEGMENT_BYTES}`))
    } else if (PROTO_KEYS.includes(seg)) {
      errors.push(err(i, pathCode(op, 'proto_polluted'), `Path segment '${seg}' is not allowed (prototype pollution).`))
    } else continue
    return false
  }
  return true
}

function jsonDepth(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(jsonDepth))
  if (isJsonObject(v)) return 1 + Math.max(0, ...Object.values(v).map(jsonDepth))
  return 0
}

function validateMergeValue(i: number, value: unknown, errors: UpdateOpError[]): value is JsonObject {
  if (!isJsonObject(value)) {
    errors.push(err(i, 'merge.value.not_an_object', 'Merge value must be a JSON object'))
    return false
  }
  const keys = Object.keys(value)
  if (keys.length > MAX_VALUE_KEYS) {
    errors.push(err(i, 'merge.value.too_many_keys', `Merge value has ${keys.length} top-level keys, exceeds maximum of ${MAX_VALUE_KEYS}`))
    return false
  }
  const proto = keys.find((k) => PROTO_KEYS.includes(k))
  if (proto !== undefined) {
    errors.push(err(i, 'merge.value.proto_polluted', `Merge value top-level key ${JSON.stringify(proto)} is a prototype-pollution sink`))
    return false
  }
  const depth = jsonDepth(value)
  if (depth > MAX_VALUE_DEPTH) {
    errors.push(err(i, 'merge.value.too_deep', `Merge value JSON nesting depth ${depth} exceeds maximum of ${MAX_VALUE_DEPTH}`))
    return false
  }
  return true
}

/** Walks `segments` from `root` (an object), replacing missing or non-object nodes with `{}`. */
function walkOrCreate(root: JsonObject, segments: string[]): JsonObject {
  let node = root
  for (const seg of segments) {
    if (!isJsonObject(own(node, seg))) node[seg] = {}
    node = node[seg] as JsonObject
  }
  return node
}

/** Own properties only: a stored key named `toString` must not find Object.prototype's. */
const own = (o: JsonObject, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined)

const initialAppend = (value: unknown) => (typeof value === 'string' ? value : [value])

/** Appends into `holder[key]`; returns false (with an error) when the target cannot take it. */
function appendAt(holder: JsonObject, key: string, value: unknown, pathLabel: string, i: number, errors: UpdateOpError[]): boolean {
  const target = own(holder, key)
  if (Array.isArray(target)) target.push(value)
  else if (typeof target === 'string') {
    if (typeof value !== 'string') {
      errors.push(err(i, 'append.type_mismatch', `Expected string append value at path '${label(pathLabel)}', got ${typeName(value)}.`))
      return false
    }
    holder[key] = target + value
  } else if (target === null || target === undefined) holder[key] = initialAppend(value)
  else {
    errors.push(err(i, 'append.type_mismatch',
      `Cannot append at path '${label(pathLabel)}': target is ${typeName(target)}, expected array, string, null, or missing field.`))
    return false
  }
  return true
}

function addNumber(v: unknown, by: number): number | undefined {
  return typeof v === 'number' ? v + by : undefined
}

/** Applies `ops` to `old` (undefined = missing key) → new value and per-op errors. */
export function applyUpdateOps(old: unknown, ops: UpdateOp[]): { value: unknown; errors: UpdateOpError[] } {
  let missing = old === undefined
  const box: JsonObject = { root: old === undefined ? {} : structuredClone(old) }
  const errors: UpdateOpError[] = []
  ops.forEach((op, i) => {
    const current = box.root
    if (op.type === 'set' || op.type === 'remove' || op.type === 'increment' || op.type === 'decrement') {
      if (!validatePath(op.type, i, fieldSegments(op.path), errors)) return
      if (op.path !== '' && !isJsonObject(current)) {
        errors.push(err(i, `${op.type}.target_not_object`,
          `Cannot ${op.type} at path '${label(op.path)}': target is ${typeName(current)}, expected object.`))
        return
      }
      const holder = op.path === '' ? box : (current as JsonObject)
      const key = op.path === '' ? 'root' : op.path
      if (op.type === 'set') holder[key] = op.value
      else if (op.type === 'remove') {
        if (op.path === '') box.root = null
        else delete holder[key]
      } else {
        const by = op.type === 'increment' ? op.by : -op.by
        const exists = op.path === '' ? !missing : Object.hasOwn(holder, key)
        const next = exists ? addNumber(own(holder, key), by) : by
        if (next === undefined) {
          errors.push(err(i, `${op.type}.not_number`, `Expected number at path '${label(op.path)}', got ${typeName(own(holder, key))}.`))
          return
        }
        holder[key] = next
      }
      missing = false
      return
    }
    const segments = mergeSegments(op.path)
    if (!validatePath(op.type, i, segments, errors)) return
    if (op.type === 'merge') {
      if (!validateMergeValue(i, op.value, errors)) return
      if (segments.length === 0 && !isJsonObject(current)) return
      if (!isJsonObject(current)) box.root = {}
      Object.assign(walkOrCreate(box.root as JsonObject, segments), structuredClone(op.value))
      missing = false
      return
    }
    if (segments.length === 0) {
      if (missing) box.root = null
      if (appendAt(box, 'root', op.value, 'root', i, errors)) missing = false
      return
    }
    if (!isJsonObject(current)) {
      errors.push(err(i, 'append.target_not_object',
        `Cannot append at path '${segmentsLabel(segments)}': target is ${typeName(current)}, expected object.`))
      return
    }
    const leaf = segments[segments.length - 1] as string
    const parent = walkOrCreate(current, segments.slice(0, -1))
    if (segments.length > 1 && !Object.hasOwn(parent, leaf)) parent[leaf] = [op.value]
    else appendAt(parent, leaf, op.value, leaf, i, errors)
    missing = false
  })
  return { value: box.root, errors }
}
