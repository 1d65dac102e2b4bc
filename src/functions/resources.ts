/**
 * The MCP resources/* delegates (§1.6–§1.8): the list envelope (never fails), the read envelope
 * (the resolver's text or error), and the constant templates envelope.
 */
import { INDEX_RESOURCE, readEnvelope, RESOURCE_TEMPLATES, titledSkillResource, MemoKey, memoize, memoizePair, PairKey, III_URI_PREFIX } from '../core/index.js'
import { defineFunction } from './define.js'
import type { Deps } from './deps.js'
import { resolveUri } from './resolve.js'
import { skillSummaries, type SkillSummary, withoutStateIds } from './skill-sources.js'
import { ANY_VALUE, EMPTY_INPUT, ReadResourceInput } from '../schemas/index.js'

type Resource = ReturnType<typeof titledSkillResource>
const STATE_RESOURCES = new MemoKey<Resource[]>('state resources')
const RESOURCES_LIST = new PairKey<{ resources: Array<Resource | typeof INDEX_RESOURCE> }>('resources list')

export const skillsResourcesList = defineFunction({
  id: 'skills::resources-list',
  description: `Internal: returns the MCP resources/list envelope with the ${III_URI_PREFIX}skills index + one ${III_URI_PREFIX}{id} entry per ` +
    'registered skill.',
  input: EMPTY_INPUT,
  output: ANY_VALUE,
}, listResources)

export const skillsResourcesRead = defineFunction({
  id: 'skills::resources-read',
  description: `Internal: resolves an ${III_URI_PREFIX} URI and returns the MCP resources/read contents envelope.`,
  input: { schema: ReadResourceInput, schemaTitle: 'ReadResourceInput' },
  output: ANY_VALUE,
}, readResource)

export const skillsResourcesTemplates = defineFunction({
  id: 'skills::resources-templates',
  description: 'Internal: returns the MCP resources/templates/list envelope.',
  input: EMPTY_INPUT,
  output: ANY_VALUE,
}, listResourceTemplates)

export async function listResources(_input: unknown, deps: Deps) {
  let state: SkillSummary[]
  try {
    state = await skillSummaries(deps)
  } catch {
    // A failed state::list is swallowed: zero state skills, and fs entries go unfiltered.
    state = []
  }
  const snapshot = await deps.fs.snapshot()
  const stateResources = memoize(state, STATE_RESOURCES, () => state.map((s) => titledSkillResource(s.id, s.title)))
  return memoizePair(state, snapshot, RESOURCES_LIST, () => ({
    resources: [INDEX_RESOURCE, ...stateResources, ...withoutStateIds(snapshot.skills, state).map((s) => titledSkillResource(s.id, s.title))],
  }))
}

export async function readResource(input: ReadResourceInput, deps: Deps) {
  const { text, mimeType } = await resolveUri(input.uri, deps)
  return readEnvelope(input.uri, text, mimeType)
}

export async function listResourceTemplates(_input: unknown, _deps: Deps) {
  return RESOURCE_TEMPLATES
}
