/**
 * Turning whatever a section function or prompt handler returned into what MCP serves (§2.6, §5):
 * text stays markdown, `{content}` unwraps, other JSON is pretty-printed; prompts become a
 * messages array or fail with the unsupported-shape error.
 */
import { isJsonObject } from './json-object.js'
import { SkillsError } from './errors.js'
import type { MimeType } from './envelopes.js'
import { sortedPrettyJson } from './json.js'
import * as msg from './messages.js'
import { MAX_PAYLOAD_BYTES } from './limits.js'

export interface NormalizedOutput {
  text: string
  mimeType: MimeType
}

// "hi" => markdown "hi"; {content: "hi", x: 1} => markdown "hi"; {x: 1} => JSON "{\n  \"x\": 1\n}"
export function normalizeFunctionOutput(value: unknown): NormalizedOutput {
  if (typeof value === 'string') return { text: value, mimeType: 'text/markdown' }
  if (isJsonObject(value) && typeof value.content === 'string') return { text: value.content, mimeType: 'text/markdown' }
  return { text: sortedPrettyJson(value ?? null, MAX_PAYLOAD_BYTES), mimeType: 'application/json' }
}

// "hi" => [user "hi"]; {messages: [...]} => [...] as is; {content: "hi"} => [user "hi"]
export function normalizePromptOutput(value: unknown): unknown[] {
  if (typeof value === 'string') return [userMessage(value)]
  if (isJsonObject(value) && Array.isArray(value.messages)) return value.messages
  if (isJsonObject(value) && typeof value.content === 'string') return [userMessage(value.content)]
  throw new SkillsError(msg.PROMPT_UNSUPPORTED_SHAPE)
}

// Keys sorted, as upstream's json! serialises them (§4).
export function userMessage(text: string): { content: { text: string; type: 'text' }; role: 'user' } {
  return { content: { text, type: 'text' }, role: 'user' }
}

