/**
 * Skills Protocol discovery (E2): the protocol `name` of a skill id (`acme/billing` <=> `acme.billing`,
 * one-to-one since ids never contain `.`), its namespace, and the fields read from its frontmatter.
 */
import { isJsonObject, type JsonObject } from './json.js'
import { trim } from './text.js'

export const DEFAULT_VERSION = '0.0.0'
export const SKILL_KIND = 'instruction'

/** What a skill's frontmatter says about it; each field absent when the frontmatter does not give it. */
export interface DiscoveryFields {
  version?: string
  description?: string
  tags?: string[]
}

// "acme/billing" => "acme.billing"
export const protocolName = (id: string): string => id.replaceAll('/', '.')

// "acme.billing" => "acme/billing"; a name holding a `/` names no skill (undefined)
export function idOfName(name: string): string | undefined {
  return name.includes('/') ? undefined : name.replaceAll('.', '/')
}

// "acme/billing" => "acme"
export function namespaceOf(id: string): string {
  const slash = id.indexOf('/')
  return slash < 0 ? id : id.slice(0, slash)
}

// {metadata: {version: "2.1.0"}, description: " Bills. ", tags: ["a"]} => {version: "2.1.0", description: "Bills.", tags: ["a"]}
export function discoveryFields(frontmatter: JsonObject): DiscoveryFields {
  const fields: DiscoveryFields = {}
  const metadata = frontmatter.metadata
  const version = isJsonObject(metadata) && typeof metadata.version === 'string' ? metadata.version : frontmatter.version
  if (typeof version === 'string') fields.version = version
  if (typeof frontmatter.description === 'string') fields.description = trim(frontmatter.description)
  const tags = frontmatter.tags
  if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) fields.tags = tags as string[]
  return fields
}
