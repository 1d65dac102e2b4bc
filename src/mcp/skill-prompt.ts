/**
 * E12.6: the `skill` prompt of the full profile, for clients that expose prompts as slash commands
 * (`/skill code-review`): listed after the worker's prompts, its `name` argument completes skill ids
 * (completions.ts), and its message embeds the whole skill as a resource, read as resources/read
 * reads it. A worker prompt of the same name is shadowed (the full profile's own comes first).
 */
import { iiiUri, isJsonObject, type JsonObject } from '../core/index.js'
import { INVALID_PARAMS, RpcError } from './jsonrpc.js'
import * as msg from './messages.js'

export const SKILL_PROMPT_NAME = msg.SKILL_PROMPT.name
export const SKILL_PROMPT_ARGUMENT = 'name'

const ENTRY = Object.freeze({
  name: msg.SKILL_PROMPT.name,
  title: msg.SKILL_PROMPT.title,
  description: msg.SKILL_PROMPT.description,
  arguments: [{ name: SKILL_PROMPT_ARGUMENT, description: msg.SKILL_PROMPT.argument, required: true }],
})

/** prompts/list with the `skill` prompt appended (and any worker prompt of that name left out). */
export function withSkillPrompt(listed: JsonObject): JsonObject {
  const prompts = Array.isArray(listed.prompts) ? listed.prompts.filter((p) => !(isJsonObject(p) && p.name === SKILL_PROMPT_NAME)) : []
  return { ...listed, prompts: [...prompts, ENTRY] }
}

export function isSkillPrompt(params: unknown): boolean {
  return isJsonObject(params) && params.name === SKILL_PROMPT_NAME
}

/** prompts/get of `skill`: the skill read through `read` (resources/read), embedded in one user message. */
export async function getSkillPrompt(params: unknown, read: (uri: string) => Promise<JsonObject>): Promise<JsonObject> {
  const args = isJsonObject(params) && isJsonObject(params.arguments) ? params.arguments : {}
  const id = args[SKILL_PROMPT_ARGUMENT]
  if (typeof id !== 'string' || id === '') throw new RpcError(INVALID_PARAMS, msg.skillPromptNameRequired)
  const uri = iiiUri(id)
  const contents = (await read(uri)).contents
  const resource = Array.isArray(contents) && isJsonObject(contents[0]) ? contents[0] : undefined
  if (resource === undefined) throw new RpcError(INVALID_PARAMS, msg.notAServedSkill(uri), { uri })
  return {
    description: msg.skillPromptAsk(id),
    messages: [
      { role: 'user', content: { type: 'text', text: msg.skillPromptAsk(id) } },
      { role: 'user', content: { type: 'resource', resource } },
    ],
  }
}
