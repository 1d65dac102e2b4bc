/**
 * The MCP-shaped objects the worker hands to the `mcp` bridge (§1.6–§1.9, §4), plus the
 * `skill::fetch` text layout. Keys are written in the order upstream serialises them (sorted).
 */
import { extractTitle } from './markdown.js'
import { III_URI_PREFIX, INDEX_URI, SECTION_URI_PREFIX, iiiUri } from './uri.js'
import { trimEnd } from './text.js'

export type MimeType = 'text/markdown' | 'application/json'

export interface Resource {
  description?: string
  mimeType: MimeType
  name: string
  uri: string
}

interface ResourceTemplate {
  description: string
  mimeType: MimeType
  name: string
  uriTemplate: string
}

interface ReadEnvelope {
  contents: Array<{ mimeType: MimeType; text: string; uri: string }>
}

export const INDEX_RESOURCE: Resource = Object.freeze({
  description: 'Index of every registered skill',
  mimeType: 'text/markdown',
  name: 'skills',
  uri: INDEX_URI,
})

export const RESOURCE_TEMPLATES: { resourceTemplates: ResourceTemplate[] } = Object.freeze({
  resourceTemplates: Object.freeze([
    Object.freeze({
      description: "Markdown body of a registered skill (1+ segments separated by '/')",
      mimeType: 'text/markdown',
      name: 'Skill',
      uriTemplate: `${III_URI_PREFIX}{skill_id}`,
    }),
    Object.freeze({
      description:
        "Trigger the function at `function_path` (each '/' becomes '::') with empty input and serve its output. " +
        `e.g. \`${SECTION_URI_PREFIX}scope/echo\` triggers \`scope::echo\`.`,
      mimeType: 'text/markdown',
      name: 'Skill section',
      uriTemplate: `${SECTION_URI_PREFIX}{function_path}`,
    }),
  ]) as ResourceTemplate[],
})

/** A resources/list entry; `name` is the H1 title ("" for a bare `# `), else the id. */
export function skillResource(id: string, body: string | undefined): Resource {
  return titledSkillResource(id, body === undefined ? undefined : extractTitle(body))
}

/** `skillResource` from an already extracted title (undefined = no H1). */
export function titledSkillResource(id: string, title: string | undefined): Resource {
  return { mimeType: 'text/markdown', name: title ?? id, uri: iiiUri(id) }
}

export function readEnvelope(uri: string, text: string, mimeType: MimeType): ReadEnvelope {
  return { contents: [{ mimeType, text, uri }] }
}

// ("iii://a", "body\n\n") => "# iii://a\n\nbody"
export function fetchSection(uri: string, text: string): string {
  return `# ${uri}\n\n${trimEnd(text)}`
}

export const SECTION_SEPARATOR = '\n\n---\n\n'

export function joinFetchSections(sections: string[]): string {
  return sections.join(SECTION_SEPARATOR)
}
