/**
 * The catalogue page on the embedded HTTP listener: `GET /` (the page), `/_ui/app.js`,
 * `/_ui/app.css`, the JSON it reads (`/_ui/api/catalogue?offset=&limit=` in pages, `/_ui/api/diagnostics`,
 * `/_ui/api/links`, `/_ui/api/skill?id=`, `/_ui/api/file?id=&path=` or `?ref=<id>/<path>`,
 * `/_ui/api/search?q=`, `/_ui/api/search-files?q=`, `/_ui/api/views`), `/_ui/api/download?id=&path=` (a file as an attachment) and `/_ui/events`
 * (server-sent events); each reads through a view with `view=NAME` (E20.2). Every other request goes to
 * `next` (the engine's `http` triggers), and so does any path an `http` trigger has taken: a
 * trigger bound to `/` wins over the page. Same Origin rule as `/mcp` (src/http/origin.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { LOG, messages } from '../core/index.js'
import { DEFAULT_MAX_OPEN, OpenCount, isAllowedOrigin } from '../http/index.js'
import { readCatalogueLinks, readCataloguePage, readDiagnostics, readSkillIds, readSkillView, searchCatalogue, type Invoke } from './catalogue-data.js'
import { searchSupportingFiles } from './search-files.js'
import { readFileBytes, readFileView, resolveFileRef } from './skill-files.js'
import { serveEvents, type ChangeSource } from './events.js'
import { SECURITY_HEADERS } from './security-headers.js'
import { readFileSync } from 'node:fs'

/*
 * The page's three files, shipped beside this module (src/ui/assets, copied to dist/src/ui/assets
 * by `npm run build`) and read once: the page works offline, nothing comes from elsewhere.
 */
export type Asset = 'index.html' | 'app.js' | 'app.css'

const CONTENT_TYPES: Readonly<Record<Asset, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
}

const loaded = new Map<Asset, Buffer>()

export function readAsset(asset: Asset): { bytes: Buffer; contentType: string } {
  let bytes = loaded.get(asset)
  if (bytes === undefined) {
    bytes = readFileSync(new URL(`./assets/${asset}`, import.meta.url))
    loaded.set(asset, bytes)
  }
  return { bytes, contentType: CONTENT_TYPES[asset] }
}

type UiRoute = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

interface UiOptions {
  invoke: Invoke
  /** The MCP front's change hub (on either profile). */
  changes: ChangeSource | undefined
  /**
   * E20.2: config.yaml's views, and the front's part for each; a request with `view=NAME` reads
   * through that view (the page's `#view:NAME`), and `/_ui/api/views` names them for the switcher.
   */
  views?: { names: readonly string[]; part(name: string): { ctx: { backend: { invoke: Invoke } }; changes: ChangeSource | undefined } | undefined }
  /** Whether an `http` trigger serves this method and path (it then gets the request). */
  taken(method: string, path: string): boolean
  next: UiRoute
  log: Logger
  /** Event streams open at once (E11.6); default 1000. */
  maxStreams?: number
}

const PAGES: Readonly<Record<string, Asset>> = { '/': 'index.html', '/_ui/app.js': 'app.js', '/_ui/app.css': 'app.css' }
const MAX_QUERY = 500
/** E17.4: the first page the page asks for stays far below 200 KB at any catalogue size. */
const DEFAULT_PAGE = 500
const MAX_PAGE = 5000

export function createUiRoute(options: UiOptions): UiRoute {
  const { log } = options
  const streams = new OpenCount(options.maxStreams ?? DEFAULT_MAX_OPEN, 'catalogue event streams')
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname
    const ours = path === '/' || path.startsWith('/_ui/')
    if (!ours || options.taken(req.method ?? 'GET', path)) return options.next(req, res)
    if (!isAllowedOrigin(req.headers.origin)) {
      log.warn({ origin: req.headers.origin, path }, 'catalogue page request refused: Origin is not loopback')
      return sendText(res, 403, 'Forbidden')
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method Not Allowed', { allow: 'GET, HEAD' })
    // E11.3: another site's page may not read the catalogue (a browser that sends no Sec-Fetch-Site is judged by Origin above).
    const site = req.headers['sec-fetch-site']
    if (site === 'cross-site' || site === 'same-site') {
      log.warn({ site, path }, LOG.pageCrossSiteRefused)
      return sendText(res, 403, 'Forbidden')
    }
    const asset = PAGES[path]
    if (asset !== undefined) return sendAsset(res, asset)
    const param = (name: string) => url.searchParams.get(name) ?? ''
    if (path === '/_ui/api/views') return sendJson(res, 200, { views: options.views?.names ?? [] })
    const part = param('view') === '' ? undefined : options.views?.part(param('view'))
    if (param('view') !== '' && part === undefined) return sendJson(res, 404, { error: messages.unknownView(param('view')) })
    const invoke = part?.ctx.backend.invoke ?? options.invoke
    const changes = part === undefined ? options.changes : part.changes
    switch (path) {
      case '/_ui/api/catalogue': {
        const offset = integerParam(url, 'offset', 0, 0, Number.MAX_SAFE_INTEGER)
        const limit = integerParam(url, 'limit', DEFAULT_PAGE, 1, MAX_PAGE)
        if (offset === undefined || limit === undefined) return sendJson(res, 400, { error: `\`offset\` must be an integer ≥ 0 and \`limit\` one from 1 to ${MAX_PAGE}` })
        return sendJson(res, 200, { offset, ...await readCataloguePage(invoke, offset, limit) })
      }
      case '/_ui/api/diagnostics':
        return sendJson(res, 200, await readDiagnostics(invoke))
      case '/_ui/api/links':
        return sendJson(res, 200, await readCatalogueLinks(invoke))
      case '/_ui/api/skill': {
        if (param('id') === '') return sendJson(res, 400, { error: 'missing query parameter `id`' })
        const view = await readSkillView(invoke, param('id'))
        return view === undefined ? sendJson(res, 404, { error: `no skill has the id "${param('id')}"` }) : sendJson(res, 200, view)
      }
      case '/_ui/api/search': {
        const query = param('q').slice(0, MAX_QUERY)
        if (query.trim() === '') return sendJson(res, 200, { results: [] })
        try {
          return sendJson(res, 200, { results: await searchCatalogue(invoke, query) })
        } catch (error) {
          return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) })
        }
      }
      case '/_ui/api/search-files': {
        const query = param('q').slice(0, MAX_QUERY)
        if (query.trim() === '') return sendJson(res, 200, { files: [] })
        // The skills search ranks first are scanned first; it failing (a bad query) leaves catalogue order.
        const ranked = (await searchCatalogue(invoke, query).catch(() => [])).flatMap((r) => (typeof r.id === 'string' ? [r.id] : []))
        const ids = [...new Set([...ranked, ...await readSkillIds(invoke)])]
        return sendJson(res, 200, { files: await searchSupportingFiles(invoke, query, ids) })
      }
      case '/_ui/api/file': {
        const named = param('id') !== '' ? { id: param('id'), path: param('path') } : await resolveFileRef(invoke, param('ref'))
        const view = named === undefined || named.path === '' ? undefined : await readFileView(invoke, named.id, named.path)
        return view === undefined ? sendJson(res, 404, { error: `no such file: ${param('ref') || `${param('id')}/${param('path')}`}` }) : sendJson(res, 200, view)
      }
      case '/_ui/api/download': {
        const bytes = await readFileBytes(invoke, param('id'), param('path'))
        return bytes === undefined ? sendText(res, 404, 'Not Found') : sendDownload(res, param('path'), bytes)
      }
      case '/_ui/events': {
        const release = streams.take(res)
        if (release === undefined) return log.warn({ streams: streams.size }, LOG.pageStreamsFull)
        res.once('close', release)
        return serveEvents(req, res, changes, url.searchParams.get('watch') ?? undefined)
      }
      default:
        return sendText(res, 404, 'Not Found')
    }
  }
}

function integerParam(url: URL, name: string, fallback: number, min: number, max: number): number | undefined {
  const raw = url.searchParams.get(name)
  if (raw === null || raw === '') return fallback
  const value = Number(raw)
  return Number.isInteger(value) && value >= min && value <= max ? value : undefined
}

// "references/a b\"c.pdf" => "a b_c.pdf": the last segment, with nothing that could end the header's quoted string.
function downloadName(path: string): string {
  return (path.slice(path.lastIndexOf('/') + 1) || 'file').replace(/[^\w .()+-]/g, '_')
}

function sendDownload(res: ServerResponse, path: string, bytes: Buffer): void {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    // Never rendered by the browser: a skill's HTML or SVG file stays a download.
    'content-type': 'application/octet-stream',
    'content-disposition': `attachment; filename="${downloadName(path)}"`,
    'content-length': String(bytes.length),
  }).end(bytes)
}

function sendAsset(res: ServerResponse, asset: Asset): void {
  const { bytes, contentType } = readAsset(asset)
  res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': contentType, 'content-length': String(bytes.length) }).end(bytes)
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value))
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', ...headers }).end(text)
}
