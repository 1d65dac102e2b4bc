/**
 * Who may come through a listener's door (E11.1, E11.2): one rule for the engine's WebSocket
 * upgrade and for every HTTP route. `Host` must name this listener (loopback names, the bound host
 * or an `--allowed-host`, with the bound port), which defeats DNS rebinding; with a token (required
 * off loopback) `Authorization: Bearer <token>` must carry it. Pure: the listeners send the refusal.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { BEARER_REQUIRED, hostNotAllowed, messages } from '../core/index.js'

const { TOKEN_NOT_ALLOWED } = messages

export interface DoorRules {
  /** `--allowed-host NAME` (repeatable): `name` (with the bound port) or `name:port`. */
  allowedHosts: readonly string[]
  /** The bearer token that opens every door (and that this process's own clients send); undefined on loopback without one. */
  token: string | undefined
  /** E20.4: the agents' tokens (`--auth-tokens-file`), each opening its views' endpoints, or every door with `"*"`. */
  agents?: readonly AgentToken[]
}

export interface AgentToken {
  token: string
  views: readonly string[] | '*'
}

export const LOOPBACK_DOOR: DoorRules = { allowedHosts: [], token: undefined }

export type Refusal =
  | { reason: 'host'; status: 403; text: string }
  | { reason: 'token'; status: 401; text: string }
  | { reason: 'place'; status: 403; text: string }

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

export { BEARER_REQUIRED, hostNotAllowed }

/** A listener's door: the Host names it answers to (fixed once its port is known) and the token rule. */
export class Door {
  private readonly hosts: ReadonlySet<string>
  /** Every token that opens something; none: no token is asked for. */
  private readonly keys: readonly AgentToken[]

  constructor(boundHost: string, port: number, rules: DoorRules) {
    this.keys = [...(rules.token === undefined ? [] : [{ token: rules.token, views: '*' as const }]), ...(rules.agents ?? [])]
    const names = [...LOOPBACK_NAMES, bracketed(boundHost), ...rules.allowedHosts]
    const hosts = new Set<string>()
    for (const name of names.map((n) => n.toLowerCase())) {
      if (hasPort(name)) hosts.add(name)
      else {
        hosts.add(`${name}:${port}`)
        // A browser leaves out the scheme's default port.
        if (port === 80) hosts.add(name)
      }
    }
    this.hosts = hosts
  }

  /**
   * Why the request may not come in, or undefined when it may. `view`: the request is for that view's
   * endpoint (E20.4), which a token of the view opens; every other door opens to a `"*"` token only.
   */
  refusal(headers: IncomingHttpHeaders, view?: string): Refusal | undefined {
    const host = headers.host ?? ''
    if (!this.hosts.has(host.toLowerCase())) return { reason: 'host', status: 403, text: hostNotAllowed(host) }
    if (this.keys.length === 0) return undefined
    // Every key compared, matched or not, so the time taken says nothing of which one matched.
    let matched: AgentToken | undefined
    for (const key of this.keys) if (bearerMatches(headers.authorization, key.token)) matched ??= key
    if (matched === undefined) return { reason: 'token', status: 401, text: BEARER_REQUIRED }
    if (matched.views === '*' || (view !== undefined && matched.views.includes(view))) return undefined
    return { reason: 'place', status: 403, text: TOKEN_NOT_ALLOWED }
  }
}

/** Headers of a 401 (RFC 6750) or 403 refusal. */
export function refusalHeaders(refusal: Refusal): Record<string, string> {
  return refusal.status === 401 ? { 'www-authenticate': 'Bearer' } : {}
}

// Both sides hashed first, so the comparison takes the same time whatever the lengths.
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(.+)$/i.exec(authorization ?? '')
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(match?.[1]?.trim() ?? ''), digest(token)) && match !== null
}

// "::1" => "[::1]"; "[::1]", "127.0.0.1", "localhost" unchanged
function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

// "example.com:8080" and "[::1]:3111" have a port; "example.com" and "[::1]" do not
function hasPort(name: string): boolean {
  return /^\[[^\]]*\]:\d+$/.test(name) || /^[^:[\]]+:\d+$/.test(name)
}
