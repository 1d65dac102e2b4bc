/**
 * The two URI schemes of skills, written here and nowhere else: `iii://` (§2.1: the index, a skill,
 * a function-backed section; its grammar is uri-grammar.ts) and the MCP Skills Extension's
 * `skill://<id>/<path>` (E6, SEP-2640). Everything that builds or takes apart such a URI uses these.
 */

export const III_URI_PREFIX = 'iii://'
/** The first segment of a section URI: iii://fn/a/b is backed by function a::b. */
export const SECTION_MARKER = 'fn'
export const SECTION_URI_PREFIX = `${III_URI_PREFIX}${SECTION_MARKER}/`
export const INDEX_URI = `${III_URI_PREFIX}skills`
export const SKILL_URI_PREFIX = 'skill://'

/** a/b => iii://a/b, unchecked (uri-grammar.ts's skillUri checks the id). */
export const iiiUri = (id: string): string => `${III_URI_PREFIX}${id}`

/** iii://a/b#x => a/b#x; undefined for any other scheme. */
export function afterIiiPrefix(uri: string): string | undefined {
  return uri.startsWith(III_URI_PREFIX) ? uri.slice(III_URI_PREFIX.length) : undefined
}

/** skill://acme/pdf/scripts/x.py => acme/pdf/scripts/x.py; undefined for any other scheme. */
export function afterSkillPrefix(uri: string): string | undefined {
  return uri.startsWith(SKILL_URI_PREFIX) ? uri.slice(SKILL_URI_PREFIX.length) : undefined
}

/** (acme/pdf, scripts/x.py) => skill://acme/pdf/scripts/x.py */
export const skillFileUri = (id: string, path: string): string => `${SKILL_URI_PREFIX}${id}/${path}`

/** E7.3: `iii://acme/billing#refunds` => base `iii://acme/billing`, anchor `refunds` (ids never hold `#`). */
export function splitAnchor(uri: string): { base: string; anchor?: string } {
  const hash = uri.indexOf('#')
  return hash === -1 ? { base: uri } : { base: uri.slice(0, hash), anchor: uri.slice(hash + 1) }
}
