/**
 * node:http, taken with require rather than an ES import. Importing a built-in module as ESM makes
 * Node build its ESM facade, which reads every export, and since Node 22 node:http's `WebSocket`,
 * `CloseEvent` and `MessageEvent` are getters that load undici: about 13 ms of a `--stdio` start
 * (E16.2). Values come from here; types from node:http with `import type`.
 */
import { createRequire } from 'node:module'

const http = createRequire(import.meta.url)('node:http') as typeof import('node:http')

export const { createServer, validateHeaderName, validateHeaderValue } = http
