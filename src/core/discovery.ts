/**
 * Skills Protocol discovery (E2): the protocol `name` of a skill id (`acme/billing` <=> `acme.billing`,
 * one-to-one since ids never contain `.`), its namespace, and the fields read from its frontmatter.
 */
import { isJsonObject, type JsonObject } from './json-object.js'
import { trim } from './text.js'

const DEFAULT_VERSION = '0.0.0'
const SKILL_KIND = 'instruction'

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

/** One skill as `list_skills` sees it. */
export interface ProtocolEntry {
  id: string
  name: string
  namespace: string
  version: string
  description?: string
}

/** The entry of a skill from its frontmatter fields and its index bullet's description (D1). */
export function protocolEntry(id: string, fields: DiscoveryFields, indexDescription: string | undefined): ProtocolEntry {
  const entry: ProtocolEntry = { id, name: protocolName(id), namespace: namespaceOf(id), version: fields.version ?? DEFAULT_VERSION }
  const description = fields.description ?? indexDescription
  if (description !== undefined) entry.description = description
  return entry
}

/** `list_skills` detail: "names" => {name, version}; "summary" => {name, version, description?, namespace, kind}. */
export function protocolSkill(entry: ProtocolEntry, detail: 'names' | 'summary'): { name: string; version: string; description?: string; namespace?: string; kind?: string } {
  const { name, version, description, namespace } = entry
  if (detail === 'names') return { name, version }
  return description === undefined
    ? { name, version, namespace, kind: SKILL_KIND }
    : { name, version, description, namespace, kind: SKILL_KIND }
}

/** The manifest of a skill without a skill.toml: {name, version, description?, kind, namespace, tags?}. */
export function defaultManifest(entry: ProtocolEntry, tags: string[] | undefined): JsonObject {
  const { name, version, description, namespace } = entry
  return {
    name,
    version,
    ...(description === undefined ? {} : { description }),
    kind: SKILL_KIND,
    namespace,
    ...(tags === undefined ? {} : { tags }),
  }
}
