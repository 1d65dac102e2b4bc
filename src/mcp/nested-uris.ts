/**
 * Lazy disclosure at the MCP edge (bridge §1.6): skills returns its whole tree, the bridge
 * hides the deep part so an agent drills in with `skill__fetch`. Regexes are the bridge's, with
 * Rust semantics spelled out: `.` is any char but `\n`, `\s` is Unicode White_Space.
 */
import { isJsonObject, type JsonObject, III_URI_PREFIX } from '../core/index.js'

// iii://resend/emails => nested; iii://resend, iii://skills, https://x/y => not nested
const NESTED_RESOURCE_URI = new RegExp(`^${III_URI_PREFIX}[^/]+/[^\\n]`, 'u')

const WS = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'
// "- [`a/b/c`](iii://a/b/c) — deep" => stripped; "(iii://a/b)" and "(iii://a)" stay
const DEEP_LINK = new RegExp(`${III_URI_PREFIX}[^/${WS})]+/[^/${WS})]+/[^${WS})]`, 'u')

export function isNestedResourceUri(uri: string): boolean {
  return NESTED_RESOURCE_URI.test(uri)
}

/** resources/list: drops entries whose string `uri` is nested; keeps everything else as is. */
export function withoutNestedResources(result: JsonObject): JsonObject {
  const resources = result.resources
  if (!Array.isArray(resources)) return result
  const kept = resources.filter((entry) => {
    const uri = isJsonObject(entry) ? entry.uri : undefined
    return typeof uri !== 'string' || !isNestedResourceUri(uri)
  })
  return { ...result, resources: kept }
}

export function withoutDeepLinkLines(text: string): string {
  return text.split('\n').filter((line) => !DEEP_LINK.test(line)).join('\n')
}

/** resources/read of iii://skills: strips deep-link lines from every string `contents[].text`. */
export function withoutDeepIndexLines(result: JsonObject): JsonObject {
  const contents = result.contents
  if (!Array.isArray(contents)) return result
  const stripped = contents.map((item) =>
    isJsonObject(item) && typeof item.text === 'string' ? { ...item, text: withoutDeepLinkLines(item.text) } : item,
  )
  return { ...result, contents: stripped }
}
