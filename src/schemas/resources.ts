/**
 * Wire shapes of the MCP-facing internals (§1.6–§1.9): the empty request of the envelope
 * functions, `resources-read`, the fetch tool, and `AnyValue` for envelopes published untyped.
 */
import { z } from 'zod'
import { viewField } from './view-field.js'
import type { Published } from './json-schema.js'
import { maxTokens } from './outline.js'
import { III_URI_PREFIX } from '../core/index.js'

export const EmptyInput = z.object({})

/** Internal envelopes are published as "any JSON value", as upstream's `serde_json::Value` is. */
export const AnyValue = z.unknown()

/** The empty request and the untyped answer, as the envelope functions publish them. */
export const EMPTY_INPUT: Published<typeof EmptyInput> = { schema: EmptyInput, schemaTitle: 'EmptyInput' }
export const ANY_VALUE: Published<typeof AnyValue> = { schema: AnyValue, schemaTitle: 'AnyValue' }

/** `skills::mcp-resources-list`: a page of the listing (E12.6); without `limit`, all of it. */
export const McpResourcesListInput = z.object({
  offset: z.number().int().nonnegative().nullish().describe('The first entry of the page (default 0).'),
  limit: z.number().int().positive().nullish().describe('At most this many entries; the answer then carries `total`.'),
  view: viewField(),
})
export type McpResourcesListInput = z.infer<typeof McpResourcesListInput>

export const ReadResourceInput = z.object({
  uri: z.string(),
})

export const FetchSkillInput = z.object({
  uri: z
    .string()
    .nullable()
    .default(null)
    .describe(`A single ${III_URI_PREFIX} URI to read. Must start with "${III_URI_PREFIX}".`),
  uris: z
    .array(z.string())
    .nullable()
    .default(null)
    .describe(`Multiple ${III_URI_PREFIX} URIs to read and concatenate into one response.`),
  max_tokens: maxTokens('the joined text is cut at the last block boundary within it and ends with a line saying how to read on.'),
})

/** The fetch tool answers with a bare markdown string, not an object. */
export const FetchSkillOutput = z.string()

export type ReadResourceInput = z.infer<typeof ReadResourceInput>
export type FetchSkillInput = z.infer<typeof FetchSkillInput>
