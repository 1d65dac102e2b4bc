/**
 * The route table of the `http` trigger type, with iii-http's rules (engine
 * src/workers/rest_api/api_core.rs, views.rs):
 * - a route is keyed by its upper-cased method and its `api_path` without leading slashes, so
 *   `skills/rpc` and `/skills/rpc` are one route and the later binding replaces the earlier one;
 * - `:name` segments are path parameters (`{name}` matches too, as axum reads it, but is not
 *   extracted); two routes of one method whose paths differ only in parameter names conflict;
 * - a request's raw path (no decoding, no dot-segment folding, trailing slash significant) picks a
 *   route shape, static segments beating parameters from left to right, then the method; a shape
 *   bound only for other methods is a 405, no shape at all a 404.
 * Matching is hand-written rather than a router library because these exact rules (axum's
 * precedence, iii's keys and conflicts) are the contract.
 */
import * as msg from '../messages.js'

/** The methods iii-http builds routes for; a binding with any other method is kept but never served. */
export const SUPPORTED_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']

export interface Route {
  /** The binding that created it; only that binding's removal removes it. */
  triggerId: string
  functionId: string
  /** Upper-cased. */
  method: string
  /** As bound: the request envelope's `path`. */
  apiPath: string
  /** The binding's metadata, passed to the function as invocation metadata. */
  metadata?: unknown
}

type RouteMatch =
  | { kind: 'found'; route: Route; pathParams: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' }

// ("post", "/skills/rpc") and ("POST", "skills/rpc") => "POST:skills/rpc"; ("GET", "/") => "GET:/"
export function routeKey(method: string, apiPath: string): string {
  const path = apiPath === '/' ? '/' : apiPath.replace(/^\/+/, '')
  return `${method.toUpperCase()}:${path}`
}

// "skills/rpc" and "/skills/rpc" => ["skills", "rpc"]; "/" => [""] (axum's path gets a leading slash)
function segmentsOf(apiPath: string): string[] {
  return (apiPath.startsWith('/') ? apiPath : `/${apiPath}`).split('/').slice(1)
}

function isParam(segment: string): boolean {
  return segment.startsWith(':') || (segment.startsWith('{') && segment.endsWith('}'))
}

// "/users/:id" => "/users/{}": two routes with one shape are the same route to axum's matcher.
function shapeOf(apiPath: string): string {
  return segmentsOf(apiPath).map((s) => (isParam(s) ? '{}' : s)).join('/')
}

/** 1 per static segment, 0 per parameter, or undefined when the route does not match the request. */
function matchScore(route: string[], request: string[]): number[] | undefined {
  if (route.length !== request.length) return undefined
  const score: number[] = []
  for (const [i, segment] of route.entries()) {
    const actual = request[i] as string
    if (isParam(segment)) {
      if (actual === '') return undefined
      score.push(0)
    } else if (segment === actual) score.push(1)
    else return undefined
  }
  return score
}

function outranks(a: number[], b: number[]): boolean {
  for (const [i, value] of a.entries()) {
    if (value !== b[i]) return value > (b[i] as number)
  }
  return false
}

/** iii-http's `extract_path_params`: empty segments dropped, `:name` segments captured raw. */
function pathParams(apiPath: string, actualPath: string): Record<string, string> {
  const bound = apiPath.split('/').filter((s) => s !== '')
  const actual = actualPath.split('/').filter((s) => s !== '')
  const params: Record<string, string> = {}
  if (bound.length !== actual.length) return params
  for (const [i, segment] of bound.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = actual[i] as string
  }
  return params
}

export class RouteTable {
  private readonly routes = new Map<string, Route>()

  /** Adds or replaces the route of `route`'s key; throws on a shape conflict (nothing changes). */
  add(route: Route): void {
    const key = routeKey(route.method, route.apiPath)
    const shape = shapeOf(route.apiPath)
    for (const [otherKey, other] of this.routes) {
      if (otherKey !== key && other.method === route.method && shapeOf(other.apiPath) === shape) {
        throw new Error(msg.routeConflict(route.method, route.apiPath, other.apiPath))
      }
    }
    this.routes.set(key, route)
  }

  /** Removes the route of that method and path if `triggerId` still owns it. */
  remove(triggerId: string, method: string, apiPath: string): boolean {
    const key = routeKey(method, apiPath)
    if (this.routes.get(key)?.triggerId !== triggerId) return false
    return this.routes.delete(key)
  }

  get size(): number {
    return this.routes.size
  }

  /** `path` is the request's raw path, query string removed. */
  match(method: string, path: string): RouteMatch {
    const request = path.split('/').slice(1)
    let best: { shape: string; score: number[] } | undefined
    for (const route of this.routes.values()) {
      if (!SUPPORTED_METHODS.includes(route.method)) continue
      const score = matchScore(segmentsOf(route.apiPath), request)
      if (score !== undefined && (best === undefined || outranks(score, best.score))) {
        best = { shape: shapeOf(route.apiPath), score }
      }
    }
    if (best === undefined) return { kind: 'not-found' }
    const shape = best.shape
    const node = [...this.routes.values()].filter((r) => SUPPORTED_METHODS.includes(r.method) && shapeOf(r.apiPath) === shape)
    const route = node.find((r) => r.method === method.toUpperCase())
    if (route !== undefined) return { kind: 'found', route, pathParams: pathParams(route.apiPath, path) }
    return { kind: 'method-not-allowed', allow: SUPPORTED_METHODS.filter((m) => node.some((r) => r.method === m)) }
  }
}
