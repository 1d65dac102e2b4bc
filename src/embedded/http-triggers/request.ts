/**
 * The request envelope an `http`-triggered function receives (E2; iii-http's
 * `HttpRequest` without its streaming-channel fields): `{path, method, path_params, query_params,
 * headers, body}`. `path` is the route's `api_path` as bound (iii-http sends the registered path,
 * not the requested one); header names are lower-case and, like query parameters, a repeated name
 * keeps its last value; a header value that is not visible ASCII reads as "" (`to_str()` failing).
 */
import type { IncomingMessage } from 'node:http'

export interface ApiRequest {
  path: string
  method: string
  path_params: Record<string, string>
  query_params: Record<string, string>
  headers: Record<string, string>
  body: unknown
}

const VISIBLE_ASCII = /^[\t\x20-\x7e]*$/

/** The raw path and query of a request target, undecoded: "/a%20b?x=1" => ["/a%20b", "x=1"]. */
export function splitTarget(target: string | undefined): { path: string; query: string } {
  let rest = target ?? '/'
  if (!rest.startsWith('/')) {
    // absolute-form ("http://host/path?q"): keep what follows the authority
    const authorityEnd = rest.indexOf('/', rest.indexOf('//') + 2)
    rest = authorityEnd < 0 ? '/' : rest.slice(authorityEnd)
  }
  const hash = rest.indexOf('#')
  if (hash >= 0) rest = rest.slice(0, hash)
  const question = rest.indexOf('?')
  return question < 0 ? { path: rest, query: '' } : { path: rest.slice(0, question), query: rest.slice(question + 1) }
}

// "a=1&b=x+y&a=2" => {a: "2", b: "x y"}
export function queryParams(query: string): Record<string, string> {
  const params: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(query)) params[name] = value
  return params
}

// ["Content-Type", "a", "X-Dup", "1", "x-dup", "2"] => {"content-type": "a", "x-dup": "2"}
export function requestHeaders(rawHeaders: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {}
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const value = rawHeaders[i + 1] as string
    headers[(rawHeaders[i] as string).toLowerCase()] = VISIBLE_ASCII.test(value) ? value : ''
  }
  return headers
}

export function buildApiRequest(
  req: IncomingMessage,
  route: { apiPath: string },
  pathParams: Record<string, string>,
  query: string,
  body: unknown,
): ApiRequest {
  return {
    path: route.apiPath,
    method: req.method ?? 'GET',
    path_params: pathParams,
    query_params: queryParams(query),
    headers: requestHeaders(req.rawHeaders),
    body,
  }
}
