/**
 * E20.1: views, named subsets of the catalogue. config.yaml's `views:` maps a name to
 * `{include, exclude, prompts}`, each a list of patterns in the config glob grammar (glob-alternatives.ts:
 * `*` inside a segment, `**` across segments, `?`, classes, braces) matched against skill ids (prompt
 * names for `prompts`), `/` separating segments. A view is a security boundary, so it is read
 * strictly: anything it does not understand refuses the start (`invalid view {name:?}: {field}: {why}`).
 */
import { compileAlternatives } from './glob-alternatives.js'
import { matchesComponent, type CompiledGlob } from './glob-pattern.js'
import { isJsonObject } from './json-object.js'
import { MAX_VIEW_NAME_CHARS } from './limits.js'
import * as msg from './messages.js'
import { failed, ok, type Result } from './result.js'

/** The worker's function a view's calls go through (functions/in-view.ts): its fronts and `sync --url --view` name it. */
export const IN_VIEW_FUNCTION = 'skills::in-view'

export interface ViewDefinition {
  include: string[]
  exclude: string[]
  prompts: string[]
}

const FIELDS = ['include', 'exclude', 'prompts'] as const
const DEFAULTS: Readonly<ViewDefinition> = { include: ['**'], exclude: [], prompts: ['**'] }
const VIEW_NAME = /^[a-z0-9][a-z0-9_-]*$/

// "review" and "data-2" are names; "Review", "-x", "a b" and 65 characters are not
function isViewName(name: string): boolean {
  return name.length <= MAX_VIEW_NAME_CHARS && VIEW_NAME.test(name)
}

/** The view `name` of `views` (own keys only: "constructor" is no view); undefined when there is none. */
export function viewNamed(views: Readonly<Record<string, ViewDefinition>> | undefined, name: string): ViewDefinition | undefined {
  return views !== undefined && Object.hasOwn(views, name) ? views[name] : undefined
}

/** `views:` as config.yaml holds it (undefined: no views), checked and with its defaults filled in. */
export function parseViews(raw: unknown): Result<Record<string, ViewDefinition>> {
  if (raw === undefined || raw === null) return ok({})
  if (!isJsonObject(raw)) return failed(msg.VIEWS_MUST_BE_MAPPING)
  const views: Record<string, ViewDefinition> = {}
  for (const [name, body] of Object.entries(raw)) {
    const view = parseView(name, body)
    if (!view.ok) return view
    views[name] = view.value
  }
  return ok(views)
}

function parseView(name: string, body: unknown): Result<ViewDefinition> {
  const refuse = (field: string, why: string) => failed(msg.invalidView(name, field, why))
  if (!isViewName(name)) return refuse('name', msg.viewNameRule(MAX_VIEW_NAME_CHARS))
  if (body === null || body === undefined) return ok(structuredClone(DEFAULTS))
  if (!isJsonObject(body)) return refuse('view', msg.VIEW_MUST_BE_MAPPING)
  const unknown = Object.keys(body).find((key) => !(FIELDS as readonly string[]).includes(key))
  if (unknown !== undefined) return refuse(unknown, msg.VIEW_UNKNOWN_KEY)
  const view = structuredClone(DEFAULTS) as ViewDefinition
  for (const field of FIELDS) {
    const patterns = body[field]
    if (patterns === undefined) continue
    if (!Array.isArray(patterns) || patterns.some((p) => typeof p !== 'string')) return refuse(field, msg.VIEW_PATTERNS_LIST)
    for (const [i, pattern] of (patterns as string[]).entries()) {
      const error = idPatternError(pattern)
      if (error !== undefined) return refuse(`${field}[${i}]`, error)
    }
    view[field] = patterns as string[]
  }
  return ok(view)
}

/** Why a pattern cannot match ids, or undefined when it can. */
function idPatternError(pattern: string): string | undefined {
  if (pattern.startsWith('/')) return msg.VIEW_PATTERN_ABSOLUTE
  const compiled = compileAlternatives(pattern)
  return 'error' in compiled ? compiled.error : undefined
}

/** One view, compiled: which skill ids and prompt names it holds. */
export class CatalogueView {
  private readonly include: IdMatcher
  private readonly exclude: IdMatcher
  private readonly prompts: IdMatcher

  constructor(readonly name: string, definition: ViewDefinition) {
    this.include = idMatcher(definition.include)
    this.exclude = idMatcher(definition.exclude)
    this.prompts = idMatcher(definition.prompts)
  }

  hasSkill(id: string): boolean {
    return this.include(id) && !this.exclude(id)
  }

  hasPrompt(name: string): boolean {
    return this.prompts(name)
  }
}

type IdMatcher = (id: string) => boolean

// ["acme/**", "{pdf,docx}"] => matches "acme/billing", "acme/a/b", "pdf", "docx"; not "acme", "pdfs"
function idMatcher(patterns: readonly string[]): IdMatcher {
  const globs = patterns.flatMap((pattern) => {
    const compiled = compileAlternatives(pattern)
    // parseViews has refused every pattern that does not compile.
    return 'error' in compiled ? [] : compiled.globs
  })
  return (id) => {
    const segments = id.split('/')
    return globs.some((glob) => matchesSegments(glob, 0, segments, 0))
  }
}

// `**` takes any number of whole segments (none included); every other component exactly one.
function matchesSegments(glob: CompiledGlob, c: number, segments: readonly string[], s: number): boolean {
  if (c === glob.components.length) return s === segments.length
  const component = glob.components[c]!
  if (component.kind === 'recursive') {
    for (let next = s; next <= segments.length; next++) if (matchesSegments(glob, c + 1, segments, next)) return true
    return false
  }
  return s < segments.length && matchesComponent(component, segments[s]!) && matchesSegments(glob, c + 1, segments, s + 1)
}
