/**
 * The journal's bytes: a header line, then one line per mutation, each `<crc32 hex> <json>\n` with
 * `["s", scope, key, value]` for a set and `["d", scope, key]` for a delete. Replaying the lines in
 * order rebuilds the state; only the last line can be torn (appends are sequential), so a last line
 * without its newline is dropped, and any complete line that fails its check means the file is
 * damaged (E11.5).
 */

/*
 * CRC-32 (IEEE 802.3, the zlib polynomial) of a record line, so a torn or damaged line is told
 * apart from a complete one. `zlib.crc32` exists only from Node 20.15; the table is 1 KiB.
 */
const TABLE = new Int32Array(256).map((_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c
})

// crc32(Buffer.from('123456789')) => 0xcbf43926
export function crc32(bytes: Uint8Array): number {
  let c = -1
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ -1) >>> 0
}

export const JOURNAL_HEADER = 'iii-state-journal 2\n'

export type Mutation =
  | { op: 'set'; scope: string; key: string; value: unknown }
  | { op: 'delete'; scope: string; key: string }

const NEWLINE = 0x0a

export function encodeRecord(m: Mutation): Buffer {
  const json = JSON.stringify(m.op === 'set' ? ['s', m.scope, m.key, m.value ?? null] : ['d', m.scope, m.key])
  return recordLine(Buffer.from(json, 'utf8'))
}

/** `encodeRecord` of a set whose value is given as its JSON text in UTF-8 (undefined: `null`), the same bytes. */
export function encodeStoredSet(scope: string, key: string, value: Buffer | undefined): Buffer {
  return recordLine(Buffer.concat([Buffer.from(`["s",${JSON.stringify(scope)},${JSON.stringify(key)},`, 'utf8'), value ?? NULL, CLOSE]))
}

const NULL = Buffer.from('null')
const CLOSE = Buffer.from(']')

function recordLine(body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${crc32(body).toString(16).padStart(8, '0')} `, 'latin1'), body, Buffer.from('\n')])
}

export type Decoded =
  | { ok: true; mutations: Mutation[]; tornTail?: { offset: number; bytes: number } }
  | { ok: false; reason: string }

/** Decodes a whole journal (header included). */
export function decodeJournal(bytes: Buffer): Decoded {
  const header = Buffer.from(JOURNAL_HEADER)
  if (bytes.length < header.length || !bytes.subarray(0, header.length).equals(header)) {
    return { ok: false, reason: 'it does not start with the state journal header' }
  }
  const mutations: Mutation[] = []
  let offset = header.length
  while (offset < bytes.length) {
    const end = bytes.indexOf(NEWLINE, offset)
    const line = bytes.subarray(offset, end === -1 ? bytes.length : end)
    const mutation = end === -1 ? undefined : decodeLine(line)
    if (mutation === undefined) {
      // E11.5: only a last line without its newline is a write cut short by a crash; a complete line
      // that fails its check is damage, wherever it is.
      if (end === -1) return { ok: true, mutations, tornTail: { offset, bytes: bytes.length - offset } }
      const rest = bytes.indexOf(NEWLINE, end + 1)
      return { ok: false, reason: rest === -1 ? `record at byte ${offset} is damaged (a complete record that fails its check)` : `record at byte ${offset} is damaged and complete records follow it` }
    }
    mutations.push(mutation)
    offset = end + 1
  }
  return { ok: true, mutations }
}

function decodeLine(line: Buffer): Mutation | undefined {
  if (line.length < 10 || line[8] !== 0x20) return undefined
  const body = line.subarray(9)
  if (line.subarray(0, 8).toString('latin1') !== crc32(body).toString(16).padStart(8, '0')) return undefined
  let record: unknown
  try {
    record = JSON.parse(body.toString('utf8'))
  } catch {
    // Not JSON although the CRC matched: the caller reports the record as damaged.
    return undefined
  }
  if (!Array.isArray(record) || typeof record[1] !== 'string' || typeof record[2] !== 'string') return undefined
  if (record[0] === 's' && record.length === 4) return { op: 'set', scope: record[1], key: record[2], value: record[3] }
  if (record[0] === 'd' && record.length === 3) return { op: 'delete', scope: record[1], key: record[2] }
  return undefined
}
