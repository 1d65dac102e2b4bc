/**
 * `skills::mcp-resources-list` (internal, E5.4): the MCP resources/list of the full profile, which
 * says what each skill is: `name` the id, `title`, the whole `description`, the body's `size` and,
 * for files, `annotations.lastModified`. The bridge profile keeps upstream's `skills::resources-list`.
 * Nothing optional is ever null: a field without a value is left out.
 */
import { INDEX_RESOURCE, memoizePair, PairKey, iiiUri, settleJsonText } from '../core/index.js'
import type { FsSkill } from '../fs/index.js'
import { defineFunction } from './define.js'
import type { Deps } from './deps.js'
import { ANY_VALUE, McpResourcesListInput } from '../schemas/index.js'
import { skillSummaries, type SkillSummary, withoutStateIds } from './skill-sources.js'

const MCP_RESOURCES = new PairKey<{ resources: McpSkillResource[] }>('mcp resources')

interface McpSkillResource {
  uri: string
  name: string
  title: string
  description?: string
  mimeType: 'text/markdown'
  size?: number
  annotations?: { lastModified: string }
}

const INDEX = settleJsonText({ ...INDEX_RESOURCE, title: 'Skills index' })

export const skillsMcpResourcesList = defineFunction({
  id: 'skills::mcp-resources-list',
  description: 'Internal: the MCP resources/list of the full profile: each skill with name = id, title, description, size and lastModified; ' +
    'with `limit`, the page from `offset` and the `total`.',
  input: { schema: McpResourcesListInput, schemaTitle: 'McpResourcesListInput' },
  output: ANY_VALUE,
  metadata: { internal: true },
}, listMcpResources)

export async function listMcpResources(input: McpResourcesListInput, deps: Deps) {
  const whole = await wholeListing(deps)
  if (input.limit == null) return whole
  const offset = input.offset ?? 0
  return { resources: whole.resources.slice(offset, offset + input.limit), total: whole.resources.length }
}

/** The whole listing, memoised on the state view and fs snapshot it is built from. */
export async function wholeListing(deps: Deps) {
  let state: SkillSummary[]
  try {
    state = await skillSummaries(deps)
  } catch {
    state = [] // as resources-list: a failed state::list leaves the fs skills
  }
  const snapshot = await deps.fs.snapshot()
  // Each entry is settled with its JSON text (core/limits.ts): a page of them is bounded by the response
  // guard without walking it, and written to stdio from the texts (mcp/frame-text.ts).
  return memoizePair(state, snapshot, MCP_RESOURCES, () => ({
    resources: [INDEX, ...state.map(stateResource), ...withoutStateIds(snapshot.skills, state).map(fsResource)].map(settleJsonText),
  }))
}

function stateResource(s: SkillSummary): McpSkillResource {
  return {
    uri: iiiUri(s.id), name: s.id, title: s.title ?? s.id,
    ...(s.description === undefined ? {} : { description: s.description }),
    mimeType: 'text/markdown', size: s.bytes,
  }
}

function fsResource(s: FsSkill): McpSkillResource {
  const description = s.fullDescription ?? s.description
  const lastModified = s.registeredAt === '' ? undefined : new Date(s.registeredAt).toISOString()
  return {
    uri: iiiUri(s.id), name: s.id, title: s.title ?? s.id,
    ...(description === undefined || description === '' ? {} : { description }),
    mimeType: 'text/markdown',
    ...(s.bodyBytes === undefined ? {} : { size: s.bodyBytes }),
    ...(lastModified === undefined ? {} : { annotations: { lastModified } }),
  }
}
