/**
 * What the full profile adds to the delegated methods (resources/*, prompts/*), both revisions:
 * the Skills Extension's `SKILL.md` entries and `skill://` reads (E6.5), `resources/list` in pages
 * (E12.6), and the `skill` prompt (E12.6). The bridge profile answers the delegates as they are.
 */
import { SKILL_URI_PREFIX, isJsonObject, type JsonObject } from '../core/index.js'
import { pagedResourceList, type ListingHint } from './resource-pages.js'
import { readSkillResource, skillMdPage } from './skills-extension.js'
import { getSkillPrompt, isSkillPrompt, withSkillPrompt } from './skill-prompt.js'
import type { McpBackend } from './types.js'

export interface FullView {
  backend: McpBackend
  /** Where the `iii://` part of resources/list ended when last read (resource-pages.ts). */
  hint?: ListingHint
  /** resources/read as this profile answers it (the `skill` prompt embeds its answer). */
  read(uri: string): Promise<JsonObject>
}

/** `delegate(payload)` asks the method's worker function (with the request's params when no payload is given). */
export async function fullDelegate(method: string, params: unknown, view: FullView, delegate: (payload?: unknown) => Promise<JsonObject>): Promise<JsonObject> {
  const uri = isJsonObject(params) ? params.uri : undefined
  switch (method) {
    case 'resources/read':
      return typeof uri === 'string' && uri.startsWith(SKILL_URI_PREFIX) ? readSkillResource(uri, view.backend) : delegate()
    case 'resources/list':
      return pagedResourceList(params, iiiPart(delegate), (after, limit) => skillMdPage(view.backend, after, limit), view.hint)
    case 'prompts/list':
      return withSkillPrompt(await delegate())
    case 'prompts/get':
      return isSkillPrompt(params) ? getSkillPrompt(params, view.read) : delegate()
    default:
      return delegate()
  }
}

/** The worker's `iii://` resources from `offset` on (skills::mcp-resources-list pages; upstream's answers whole). */
function iiiPart(delegate: (payload?: unknown) => Promise<JsonObject>) {
  return async (offset: number, limit: number) => {
    const { resources, total, ...rest } = await delegate({ offset, limit })
    return { resources: Array.isArray(resources) ? resources : [], total: typeof total === 'number' ? total : undefined, rest }
  }
}
