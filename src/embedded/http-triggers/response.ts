/**
 * A function's return turned into the HTTP reply, as iii-http's `HttpResponse::from_function_return`
 * and `into_axum_response` do (engine src/workers/rest_api/types.rs), with E2's one difference:
 * - `status_code`: a non-negative integer cast to u16, kept when 200–999, else 200;
 * - `headers`: an object (string values only) or an array of `"Name: value"` lines;
 * - `body`: absent means `{}`; a string is sent as it is (E2: iii-http JSON-encodes a string unless
 *   the function set a content type), `text/plain; charset=utf-8` when no content type was set;
 *   with a content type set, `null` is an empty body and any other value its JSON text; otherwise
 *   the JSON text with `content-type: application/json`.
 * A function that returns nothing, or something other than an object, answers 200 `{}`.
 */
import { isJsonObject } from '../../core/index.js'

export interface HttpReply {
  status: number
  /** In order; repeated names are all sent. */
  headers: Array<[string, string]>
  body: Buffer
}

const JSON_CONTENT_TYPE = 'application/json'
const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8'

// 201 => 201; 65736 => 200 (u16 wrap); 42, 101, -1, 2.5, "201" => 200. A 1xx cannot be a final
// reply (node would leave the client waiting), so unlike iii-http it is not kept either.
function statusOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return 200
  const status = value % 65536
  return status >= 200 && status <= 999 ? status : 200
}

// "X-A: b: c" => ["X-A", "b: c"]; ": x", "nocolon" => undefined
function headerLine(line: string): [string, string] | undefined {
  const colon = line.indexOf(':')
  if (colon < 0) return undefined
  const name = line.slice(0, colon).trim()
  return name === '' ? undefined : [name, line.slice(colon + 1).trim()]
}

function headersOf(value: unknown): Array<[string, string]> {
  if (Array.isArray(value)) {
    return value.flatMap((line) => {
      const pair = typeof line === 'string' ? headerLine(line) : undefined
      return pair === undefined ? [] : [pair]
    })
  }
  if (!isJsonObject(value)) return []
  return Object.entries(value).flatMap(([name, v]): Array<[string, string]> => (typeof v === 'string' ? [[name, v]] : []))
}

export function toHttpReply(returned: unknown): HttpReply {
  const value = isJsonObject(returned) ? returned : {}
  const status = statusOf(value.status_code)
  const headers = headersOf(value.headers)
  const body = value.body === undefined ? {} : value.body
  const contentType = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  if (typeof body === 'string') {
    return { status, headers: contentType === undefined ? [...headers, ['content-type', TEXT_CONTENT_TYPE]] : headers, body: Buffer.from(body) }
  }
  if (contentType !== undefined) {
    return { status, headers, body: body === null ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)) }
  }
  return { status, headers: [...headers, ['content-type', JSON_CONTENT_TYPE]], body: Buffer.from(JSON.stringify(body)) }
}

/** `{"error":{"code","message","error_id"?}}`, iii-http's envelope for errors it raises itself. */
export function errorReply(status: number, error: { code: string; message: string; error_id?: string }): HttpReply {
  return {
    status,
    headers: [['content-type', JSON_CONTENT_TYPE]],
    body: Buffer.from(JSON.stringify({ error })),
  }
}
