/**
 * The one table of MCP methods, for every transport (bridge HTTP, SDK Streamable HTTP, stdio) and
 * both profiles. The bridge profile is the v0.5.8 bridge's table (bridge §1.3): no
 * lifecycle gating, and `completion/complete`, `resources/subscribe`, `logging/setLevel`, … get
 * -32601 like it. The full profile adds subscriptions and an empty completion; its `initialize`
 * and `ping` are the SDK server's own (protocol negotiation, capabilities).
 */
import type { Logger } from 'pino'
import { callDelegate, DELEGATES } from './delegates.js'
import {
  failure, INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, RpcError, success, type RpcId, type RpcResponse,
} from './jsonrpc.js'
import * as msg from './messages.js'
import type { CachePolicy } from './cache-hints.js'
import { complete } from './completions.js'
import { fullDelegate } from './full-delegates.js'
import { SkillIds } from './skill-ids.js'
import type { ListingHint } from './resource-pages.js'
import { getSkill, listSkills, readDirectory } from './skills-extension.js'
import { callTool, listTools } from './tools.js'
import type { McpBackend, McpProfile } from './types.js'
import { isJsonObject, type JsonObject } from '../core/index.js'

export const PROTOCOL_VERSION = '2025-06-18'
export const DEFAULT_SERVER_VERSION = '0.5.8'

/** What resources/subscribe and unsubscribe act on: the caller's session. */
export interface SubscriptionTarget {
  subscribe(uri: string): Promise<void>
  unsubscribe(uri: string): void
}

export interface MethodContext {
  backend: McpBackend
  log: Logger
  serverVersion: string
  profile: McpProfile
  /** Set for full-profile sessions. */
  session?: SubscriptionTarget
  /** E12.2: the cache hints of 2026-07-28 lists and reads (none: the SDK's `ttlMs: 0`, `private`). */
  cache?: CachePolicy
  /** E12.6: the served skill ids (completions, the instructions' count); none on the bridge profile. */
  skillIds?: SkillIds
  /** E12.6: where the `iii://` part of resources/list ended when last read (resource-pages.ts); full profile. */
  listingHint?: ListingHint
}

/** What a full-profile context carries beside the shared fields (none on the bridge profile). */
export function fullProfileState(backend: McpBackend): Pick<MethodContext, 'skillIds' | 'listingHint'> {
  return { skillIds: new SkillIds(backend), listingHint: {} }
}

/** The table context every connection shares (no session yet). */
export type SharedContext = Omit<MethodContext, 'session'>

type Run = (params: unknown, ctx: MethodContext) => Promise<JsonObject>

interface Method {
  profiles: readonly McpProfile[]
  run: Run
}

const BOTH: readonly McpProfile[] = ['full', 'bridge']
const FULL: readonly McpProfile[] = ['full']
const BRIDGE: readonly McpProfile[] = ['bridge']

/** The bridge's fixed initialize result: no capability flags, the client's version ignored. */
function bridgeInitializeResult(serverVersion: string): JsonObject {
  return {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: { tools: {}, resources: {}, prompts: {} },
    serverInfo: { name: 'mcp', version: serverVersion },
  }
}

function subscriptionUri(params: unknown, method: string): string {
  const uri = isJsonObject(params) ? params.uri : undefined
  if (typeof uri !== 'string') throw new RpcError(INVALID_PARAMS, msg.uriRequired(method))
  return uri
}

const METHODS: Readonly<Record<string, Method>> = Object.freeze({
  initialize: { profiles: BRIDGE, run: async (_params, ctx) => bridgeInitializeResult(ctx.serverVersion) },
  ping: { profiles: BOTH, run: async () => ({}) },
  'tools/list': { profiles: BOTH, run: async (_params, ctx) => listTools(ctx.backend, ctx.profile) },
  'tools/call': { profiles: BOTH, run: async (params, ctx) => callTool(params, ctx.backend, ctx.log, ctx.profile) },
  ...Object.fromEntries(
    Object.entries(DELEGATES).map(([method, delegate]): [string, Method] => [
      method,
      {
        profiles: BOTH,
        run: (params, ctx) => {
          const delegated = (payload: unknown = params) => callDelegate(delegate, payload, ctx.backend, ctx.log, ctx.profile)
          if (ctx.profile !== 'full') return delegated()
          const read = (uri: string) => dispatch('resources/read', { uri }, ctx)
          return fullDelegate(method, params, { backend: ctx.backend, read, hint: ctx.listingHint }, delegated)
        },
      },
    ]),
  ),
  'resources/subscribe': {
    profiles: FULL,
    run: async (params, ctx) => {
      const uri = subscriptionUri(params, 'resources/subscribe')
      await ctx.session?.subscribe(uri)
      return {}
    },
  },
  'resources/unsubscribe': {
    profiles: FULL,
    run: async (params, ctx) => {
      ctx.session?.unsubscribe(subscriptionUri(params, 'resources/unsubscribe'))
      return {}
    },
  },
  'completion/complete': { profiles: FULL, run: (params, ctx) => complete(params, ctx.skillIds) },
  'skills/list': { profiles: FULL, run: (params, ctx) => listSkills(params, ctx.backend) },
  'skills/get': { profiles: FULL, run: (params, ctx) => getSkill(params, ctx.backend) },
  'resources/directory/read': { profiles: FULL, run: (params, ctx) => readDirectory(params, ctx.backend) },
})

/** The methods the table serves on `profile` (a 2026-07-28 server registers each, so any other is the SDK's 404). */
export function methodNames(profile: McpProfile): string[] {
  return Object.entries(METHODS).filter(([, entry]) => entry.profiles.includes(profile)).map(([name]) => name)
}

/** Runs `method`; throws RpcError (-32601 for a method the profile does not serve, -32603 for a crash). */
export async function dispatch(method: string, params: unknown, ctx: MethodContext): Promise<JsonObject> {
  const entry = Object.hasOwn(METHODS, method) ? METHODS[method]! : undefined
  if (entry === undefined || !entry.profiles.includes(ctx.profile)) throw new RpcError(METHOD_NOT_FOUND, msg.methodNotFound(method))
  try {
    return await entry.run(params, ctx)
  } catch (error) {
    if (error instanceof RpcError) throw error
    throw new RpcError(INTERNAL_ERROR, error instanceof Error ? error.message : String(error))
  }
}


/** One JSON-RPC response for a request (the bridge's hand-written HTTP framing). */
export async function answerRequest(id: RpcId, method: string, params: unknown, ctx: MethodContext): Promise<RpcResponse> {
  try {
    return success(id, await dispatch(method, params, ctx))
  } catch (error) {
    const rpc = error as RpcError
    return failure(id, rpc.code, rpc.message)
  }
}
