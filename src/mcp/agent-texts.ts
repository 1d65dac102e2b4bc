/**
 * E12.7: hints an agent reads name tools as the client sees them. The worker writes its hints for iii
 * callers, by function id (the cut-off marker of core/messages.ts `moreTokens`: "… or use
 * skill::read_skill_file with cursor …"); the full profile rewrites exactly that marker in what it
 * answers, and nothing else of a skill's text. The bridge keeps upstream's texts.
 */
import { encodeToolName, isJsonObject, type JsonObject } from '../core/index.js'

const READ_FILE_FUNCTION = 'skill::read_skill_file'
// "[… 812 more tokens: fetch iii://a or use skill::read_skill_file with cursor c1]" => "… use skill__read_skill_file …"
const CUT_OFF_MARKER = /(\[\u2026 \d+ more tokens: fetch \S+ or use )skill::read_skill_file( with cursor [^\s\]]+\])/g

export function withClientToolName(text: string): string {
  return text.includes(READ_FILE_FUNCTION) ? text.replace(CUT_OFF_MARKER, `$1${encodeToolName(READ_FILE_FUNCTION)}$2`) : text
}

/** Every string of a result, the marker rewritten (a result without one comes back as it was). */
export function withClientToolNames<T extends JsonObject>(result: T): T {
  return rewrite(result) as T
}

function rewrite(value: unknown): unknown {
  if (typeof value === 'string') return withClientToolName(value)
  if (Array.isArray(value)) return value.map(rewrite)
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewrite(item)]))
  return value
}
