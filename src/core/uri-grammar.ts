/**
 * The `iii://` grammar (§2.1): `iii://skills` is the index, `iii://fn/a/b` a section backed by
 * function `a::b`, anything else a skill id. No trimming and no percent-decoding: the URI is taken
 * exactly as the caller sent it, so a lookup key never differs from what was typed. The schemes
 * themselves are written once, in uri.ts.
 */
import { SkillsError } from './errors.js'
import { validateId, validateIdSegment } from './ids.js'
import * as msg from './messages.js'
import { III_URI_PREFIX, iiiUri, SECTION_MARKER } from './uri.js'

export type ParsedUri =
  | { kind: 'index' }
  | { kind: 'skill'; id: string }
  | { kind: 'section'; functionId: string }

// iii://skills => index; iii://fn/scope/echo => section scope::echo; iii://a/b => skill a/b
export function parseUri(uri: string): ParsedUri {
  if (!uri.startsWith(III_URI_PREFIX)) throw new SkillsError(msg.uriMissingScheme(uri))
  const rest = uri.slice(III_URI_PREFIX.length)
  if (rest === '') throw new SkillsError(msg.uriEmptyId(uri))
  if (rest === 'skills') return { kind: 'index' }
  const segments = rest.split('/')
  if (segments.includes('')) throw new SkillsError(msg.uriEmptySegments(uri))
  if (segments[0] !== SECTION_MARKER) return { kind: 'skill', id: rest }
  const path = segments.slice(1)
  if (path.length === 0) throw new SkillsError(msg.uriSectionMissingPath(uri))
  for (const segment of path) {
    const reason = validateIdSegment(segment)
    if (reason !== undefined) throw new SkillsError(msg.uriSectionSegment(segment, reason))
  }
  return { kind: 'section', functionId: path.join('::') }
}

/** a/b => iii://a/b; fn/a/b (a section) and skills (the index) => undefined: the URI of a skill id, nothing else. */
export function skillUri(id: string): string | undefined {
  const uri = iiiUri(id)
  try {
    return parseUri(uri).kind === 'skill' ? uri : undefined
  } catch {
    // An id the grammar refuses names no skill.
    return undefined
  }
}

/**
 * D5: an unknown or invalid skill id reads as "not found". An id holding the v0.1 link form
 * `worker::fn` gets a pointer to the section URI: brain/brain::summarize => iii://fn/brain/summarize.
 */
export function skillNotFoundMessage(id: string): string {
  const base = msg.skillNotFound(id)
  if (validateId(id) === undefined) return base
  const legacy = id.split('/').filter((segment) => segment.includes('::')).at(-1)
  return legacy === undefined ? base : base + msg.legacyFunctionLinkHint(legacy.replaceAll('::', '/'))
}
