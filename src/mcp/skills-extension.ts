/**
 * The MCP Skills Extension (SEP-2640, E6) on the full profile: `skills/list` (pages of at most 100
 * entries, a skill never split), `skills/get`, `resources/read` of `skill://` files and
 * `resources/directory/read`, answered from the skills worker's internal `skills::sep-*` functions.
 * An unknown URI or a bad cursor is -32602, as the SEP says.
 */
import { errorText } from './backend-errors.js'
import { INVALID_PARAMS, RpcError } from './jsonrpc.js'
import * as msg from './messages.js'
import type { McpBackend } from './types.js'
import { isJsonObject, isSettled, settleJsonText, type JsonObject, SKILL_URI_PREFIX } from '../core/index.js'

const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills'
export const SKILLS_EXTENSION_CAPABILITY = { [SKILLS_EXTENSION_ID]: { directoryRead: true } }
/** The methods the extension adds (the SDK knows every other one by its schema). */
export const SKILLS_EXTENSION_METHODS: ReadonlySet<string> = new Set(['skills/list', 'skills/get', 'resources/directory/read'])
const SKILLS_PAGE = 100

interface Entry extends JsonObject {
  uri: string
}

/** `skills::sep-list`: the whole catalogue, or a page of it (`after`, `limit`), or one skill (`uri`). */
async function catalogue(backend: McpBackend, query: { digests?: boolean; after?: string; limit?: number; uri?: string } = {}): Promise<{ skills: Entry[]; more: boolean }> {
  const result = await backend.invoke('skills::sep-list', { digests: query.digests ?? true, ...query })
  const skills = isJsonObject(result) && Array.isArray(result.skills) ? (result.skills as Entry[]) : []
  return { skills, more: isJsonObject(result) && result.more === true }
}

function uriParam(params: unknown, method: string): string {
  const uri = isJsonObject(params) ? params.uri : undefined
  if (typeof uri !== 'string') throw new RpcError(INVALID_PARAMS, msg.uriRequired(method))
  return uri
}

// E13.1: a page digests only its own skills, and skills/get only its one.
export async function listSkills(params: unknown, backend: McpBackend): Promise<JsonObject> {
  const cursor = isJsonObject(params) ? params.cursor : undefined
  let after: string | undefined
  if (cursor !== undefined && cursor !== null) {
    after = typeof cursor === 'string' ? Buffer.from(cursor, 'base64url').toString('utf8') : ''
    if (typeof cursor !== 'string' || !after.startsWith(SKILL_URI_PREFIX)) throw new RpcError(INVALID_PARAMS, msg.INVALID_SKILLS_CURSOR)
  }
  const { skills: page, more } = await catalogue(backend, { after, limit: SKILLS_PAGE })
  return more ? { skills: page, nextCursor: Buffer.from(page.at(-1)!.uri).toString('base64url') } : { skills: page }
}

export async function getSkill(params: unknown, backend: McpBackend): Promise<JsonObject> {
  const uri = uriParam(params, 'skills/get')
  const skill = (await catalogue(backend, { uri })).skills.find((e) => e.uri === uri)
  if (skill === undefined) throw new RpcError(INVALID_PARAMS, msg.notAServedSkill(uri))
  return { skill }
}

// E12.7: the worker's own text, and the URI asked for as `data` (as an unknown iii:// resource).
async function invokeOrInvalid(backend: McpBackend, functionId: string, payload: { uri: string }): Promise<JsonObject> {
  try {
    const result = await backend.invoke(functionId, payload)
    return isJsonObject(result) ? result : {}
  } catch (error) {
    throw new RpcError(INVALID_PARAMS, errorText(error, 'full'), { uri: payload.uri })
  }
}

export const readSkillResource = (uri: string, backend: McpBackend) => invokeOrInvalid(backend, 'skills::sep-read', { uri })

export async function readDirectory(params: unknown, backend: McpBackend): Promise<JsonObject> {
  return invokeOrInvalid(backend, 'skills::sep-directory', { uri: uriParam(params, 'resources/directory/read') })
}

/**
 * The `SKILL.md` entries resources/list adds (E6.5: name from the frontmatter, description, markdown):
 * up to `limit` after the `skill://` URI `after` (E12.6's pages), and whether more follow.
 */
export async function skillMdPage(backend: McpBackend, after: string | undefined, limit: number): Promise<{ resources: JsonObject[]; more: boolean }> {
  const query = { digests: false, ...(after === undefined ? {} : { after }), limit }
  const { skills: entries, more } = await catalogue(backend, query).catch(() => ({ skills: [] as Entry[], more: false }))
  return { more, resources: entries.map(skillMdResource) }
}

/**
 * A settled catalogue entry (the worker's in-process answer: the same frozen object on every page) gets
 * the same settled resource entry on every page, its JSON text kept for the stdio transport (frame-text.ts).
 */
const SKILL_MD_RESOURCES = new WeakMap<Entry, JsonObject>()

function skillMdResource(entry: Entry): JsonObject {
  const known = SKILL_MD_RESOURCES.get(entry)
  if (known !== undefined) return known
  const fm = isJsonObject(entry.frontmatter) ? entry.frontmatter : {}
  const resource = {
    uri: entry.uri,
    name: typeof fm.name === 'string' ? fm.name : entry.uri,
    ...(typeof fm.description === 'string' ? { description: fm.description } : {}),
    mimeType: 'text/markdown',
  }
  if (!isSettled(entry)) return resource
  SKILL_MD_RESOURCES.set(entry, settleJsonText(resource))
  return resource
}
