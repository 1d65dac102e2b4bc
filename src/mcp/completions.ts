/**
 * E12.6: completion/complete on the full profile. Skill ids complete the `skill` prompt's `name` and
 * the `iii://{skill_id}` template's variable, by prefix, at most 100 a time (the MCP limit); every
 * other argument gets an empty completion, as before.
 */
import { iiiUri, isJsonObject, type JsonObject } from '../core/index.js'
import type { SkillIds } from './skill-ids.js'
import { SKILL_PROMPT_ARGUMENT, SKILL_PROMPT_NAME } from './skill-prompt.js'

const MAX_VALUES = 100
const SKILL_TEMPLATE_VARIABLE = 'skill_id'
const SKILL_TEMPLATE = iiiUri(`{${SKILL_TEMPLATE_VARIABLE}}`)

// {ref:{type:"ref/prompt",name:"skill"},argument:{name:"name",value:"co"}} => true
function completesSkillIds(params: JsonObject): boolean {
  const ref = isJsonObject(params.ref) ? params.ref : {}
  const argument = isJsonObject(params.argument) ? params.argument : {}
  if (ref.type === 'ref/prompt') return ref.name === SKILL_PROMPT_NAME && argument.name === SKILL_PROMPT_ARGUMENT
  return ref.type === 'ref/resource' && ref.uri === SKILL_TEMPLATE && argument.name === SKILL_TEMPLATE_VARIABLE
}

export async function complete(params: unknown, skillIds: SkillIds | undefined): Promise<JsonObject> {
  if (!isJsonObject(params) || skillIds === undefined || !completesSkillIds(params)) return { completion: { values: [], total: 0, hasMore: false } }
  const typed = isJsonObject(params.argument) && typeof params.argument.value === 'string' ? params.argument.value : ''
  const matches = (await skillIds.current()).filter((id) => id.startsWith(typed))
  return { completion: { values: matches.slice(0, MAX_VALUES), total: matches.length, hasMore: matches.length > MAX_VALUES } }
}
