/**
 * The MCP resources/* delegates (§1.6–§1.8): the list envelope (never fails), the read envelope
 * (the resolver's text or error), and the constant templates envelope.
 */
import { INDEX_RESOURCE, readEnvelope, RESOURCE_TEMPLATES, titledSkillResource } from '../core/envelopes.js'
import { memoize } from '../core/memo.js'
import type { Deps } from './deps.js'
import { resolveUri } from './resolve.js'
import { readSkillSources, type SkillSources } from './skill-sources.js'

export async function listResources(_input: unknown, deps: Deps) {
  let sources: SkillSources
  try {
    sources = await readSkillSources(deps)
  } catch {
    // A failed state::list is swallowed: zero state skills, and fs entries go unfiltered.
    sources = { state: [], fs: await deps.fs.skills() }
  }
  const fsResources = sources.fs.map((skill) => titledSkillResource(skill.id, skill.title))
  const { state } = sources
  const stateResources = memoize(state, 'resources', () => state.map((s) => titledSkillResource(s.id, s.title)))
  return { resources: [INDEX_RESOURCE, ...stateResources, ...fsResources] }
}

export async function readResource(input: { uri: string }, deps: Deps) {
  const { text, mimeType } = await resolveUri(input.uri, deps)
  return readEnvelope(input.uri, text, mimeType)
}

export async function listResourceTemplates(_input: unknown, _deps: Deps) {
  return RESOURCE_TEMPLATES
}
