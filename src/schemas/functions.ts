/**
 * The 13 function registrations (§1, D12) in upstream registration order, each with its exact
 * description (§1.1, v0.2.4 texts), metadata (D6), the zod schemas that validate input and type
 * output, and the draft-07 JSON Schemas published from those same schemas (D7). Plus the two
 * custom trigger types (§1.15), which are registered before the functions.
 */
import type { z } from 'zod'
import { toDraft07, type JsonSchema } from './json-schema.js'
import * as diagnostics from './diagnostics.js'
import * as discovery from './discovery.js'
import * as outline from './outline.js'
import * as prompts from './prompts.js'
import * as resources from './resources.js'
import * as search from './search.js'
import * as sep from './sep.js'
import * as skills from './skills.js'

/** One function as registered: `Id` and `Input` keep its id and input schema in the type (functions/define.ts). */
export interface FunctionSpec<Id extends string = string, Input extends z.ZodTypeAny = z.ZodTypeAny> {
  id: Id
  description: string
  metadata: Record<string, unknown>
  input: Input
  output: z.ZodTypeAny
  request_format: JsonSchema
  response_format: JsonSchema
}

interface Published<Schema extends z.ZodTypeAny = z.ZodTypeAny> {
  schema: Schema
  title: string
  definitions?: Record<string, z.ZodTypeAny>
}

const FETCH_DESCRIPTION =
  'Fetches the content of one or more skill resources identified by iii:// URIs. When you encounter iii:// ' +
  'links in skill instructions, use this tool to retrieve their contents (batch with `uris` when helpful).'

const empty = { schema: resources.EmptyInput, title: 'EmptyInput' }
const anyValue = { schema: resources.AnyValue, title: 'AnyValue' }
const fetchInput = { schema: resources.FetchSkillInput, title: 'FetchSkillInput' }
const fetchOutput = { schema: resources.FetchSkillOutput, title: 'String' }

function define<Id extends string, Input extends z.ZodTypeAny>(
  id: Id,
  description: string,
  input: Published<Input>,
  output: Published,
  metadata: Record<string, unknown> = {},
): FunctionSpec<Id, Input> {
  return {
    id,
    description,
    metadata,
    input: input.schema,
    output: output.schema,
    request_format: toDraft07(input.schema, input.title, input.definitions),
    response_format: toDraft07(output.schema, output.title, output.definitions),
  }
}

export const FUNCTIONS = [
  define(
    'skills::register',
    'Register a markdown skill so it appears as iii://{id} in resources/list.',
    { schema: skills.RegisterSkillInput, title: 'RegisterSkillInput' },
    { schema: skills.RegisterSkillOutput, title: 'RegisterSkillOutput' },
  ),
  define(
    'skills::unregister',
    'Remove a registered skill by id.',
    { schema: skills.UnregisterSkillInput, title: 'UnregisterSkillInput' },
    { schema: skills.UnregisterSkillOutput, title: 'UnregisterSkillOutput' },
  ),
  define(
    'skills::list',
    'List registered skills (id, body length, registered_at, origin) without bodies. ' +
      '`origin` is `state` for state-backed entries, `fs` for filesystem-backed.',
    { schema: skills.ListSkillsInput, title: 'ListSkillsInput' },
    { schema: skills.ListSkillsOutput, title: 'ListSkillsOutput', definitions: { SkillEntry: skills.SkillEntry } },
  ),
  define(
    'skills::resources-list',
    'Internal: returns the MCP resources/list envelope with the iii://skills index + one iii://{id} entry per ' +
      'registered skill.',
    empty,
    anyValue,
  ),
  define(
    'skills::resources-read',
    'Internal: resolves an iii:// URI and returns the MCP resources/read contents envelope.',
    { schema: resources.ReadResourceInput, title: 'ReadResourceInput' },
    anyValue,
  ),
  define('skills::resources-templates', 'Internal: returns the MCP resources/templates/list envelope.', empty, anyValue),
  define('skills::fetch_skill', FETCH_DESCRIPTION, fetchInput, fetchOutput),
  define('skill::fetch', FETCH_DESCRIPTION, fetchInput, fetchOutput, { tool: { label: 'Fetch skill' } }),
  define(
    'prompts::register',
    'Register a slash-command prompt; clients call prompts/get to render it.',
    {
      schema: prompts.RegisterPromptInput,
      title: 'RegisterPromptInput',
      definitions: { PromptArgument: prompts.PromptArgument },
    },
    { schema: prompts.RegisterPromptOutput, title: 'RegisterPromptOutput' },
  ),
  define(
    'prompts::unregister',
    'Remove a registered prompt by name.',
    { schema: prompts.UnregisterPromptInput, title: 'UnregisterPromptInput' },
    { schema: prompts.UnregisterPromptOutput, title: 'UnregisterPromptOutput' },
  ),
  define(
    'prompts::list',
    'List registered prompts (name, function_id, arg count, registered_at, origin). ' +
      '`origin` is `state` for state-backed entries, `fs` for filesystem-backed.',
    { schema: prompts.ListPromptsInput, title: 'ListPromptsInput' },
    {
      schema: prompts.ListPromptsOutput,
      title: 'ListPromptsOutput',
      definitions: { PromptEntry: prompts.PromptEntry },
    },
  ),
  define(
    'prompts::mcp-list',
    'Internal: returns the MCP prompts/list envelope (full arguments schema for each registered prompt).',
    empty,
    anyValue,
  ),
  define(
    'prompts::mcp-get',
    'Internal: dispatches a registered prompt handler and normalizes the result for MCP prompts/get.',
    { schema: prompts.PromptGetInput, title: 'PromptGetInput' },
    anyValue,
  ),
] as const satisfies readonly FunctionSpec[]

const SEARCH_DESCRIPTION =
  'Searches the skills by relevance (id, title, description, headings and body) and returns the best matches, ' +
  'each with its iii:// URI, title, description, score and a snippet of the text around the match. Read a ' +
  'result with skill::fetch (the skill__fetch tool). `under` keeps one subtree of ids (e.g. "acme").'

/**
 * The extensions' functions (docs/contract.md Part 2), registered after the 13 the same way: public ones
 * have no metadata, internal ones `{internal: true}`.
 */
export const EXTENSION_FUNCTIONS = [
  define(
    'skill::list_skills',
    'Skills Protocol list_skills: page through the skills by name (iii://acme/billing is "acme.billing"), ' +
      'optionally within one namespace; pass next_cursor back as cursor for the next page.',
    { schema: discovery.ListSkillsRequest, title: 'ListSkillsRequest' },
    { schema: discovery.ListSkillsResponse, title: 'ListSkillsResponse', definitions: { ProtocolSkill: discovery.ProtocolSkill } },
  ),
  define(
    'skill::describe_skill',
    "Skills Protocol describe_skill: a skill's manifest, plus its SKILL.md frontmatter (detail \"summary\") " +
      'and text (detail "full").',
    { schema: discovery.DescribeSkillRequest, title: 'DescribeSkillRequest' },
    { schema: discovery.DescribeSkillResponse, title: 'DescribeSkillResponse' },
  ),
  define(
    'skill::read_skill_file',
    "Skills Protocol read_skill_file: one UTF-8 text file of a skill's folder (SKILL.md, references/..., " +
      'scripts/...), never anything outside it.',
    { schema: discovery.ReadSkillFileRequest, title: 'ReadSkillFileRequest' },
    { schema: discovery.ReadSkillFileResponse, title: 'ReadSkillFileResponse' },
  ),
  define(
    'skill::search',
    SEARCH_DESCRIPTION,
    { schema: search.SearchSkillsInput, title: 'SearchSkillsInput' },
    { schema: search.SearchSkillsOutput, title: 'SearchSkillsOutput', definitions: { SearchResult: search.SearchResult } },
  ),
  define(
    'skill::outline',
    'The outline of a skill before reading it: every heading with its anchor, level, line and tokens, and the ' +
      'tokens of the whole body. Fetch one section with iii://<id>#<anchor>.',
    { schema: outline.OutlineInput, title: 'OutlineInput' },
    { schema: outline.OutlineOutput, title: 'OutlineOutput', definitions: { OutlineSection: outline.OutlineSection } },
  ),
  define(
    'skills::diagnostics',
    'Internal: the files the fs sources skip (with the reason) and the skills they serve with a warning, in path order.',
    empty,
    { schema: diagnostics.DiagnosticsOutput, title: 'DiagnosticsOutput', definitions: { Skipped: diagnostics.Skipped, Warning: diagnostics.Warning } },
    { internal: true },
  ),
  define(
    'skills::fs-watch-problems',
    'Internal: what went wrong with watching the fs sources (watching unavailable, events lost), latest last.',
    empty,
    anyValue,
    { internal: true },
  ),
  define(
    'skills::sep-list',
    'Internal: the MCP Skills Extension (SEP-2640) catalogue: every published skill with its frontmatter and the sha256 digest of each file.',
    { schema: sep.SepListInput, title: 'SepListInput' },
    anyValue,
    { internal: true },
  ),
  define(
    'skills::sep-read',
    'Internal: one skill:// file of the MCP Skills Extension, as text or base64 blob.',
    { schema: sep.SepUriInput, title: 'SepUriInput' },
    anyValue,
    { internal: true },
  ),
  define(
    'skills::sep-directory',
    'Internal: the direct children of a skill:// folder (resources/directory/read).',
    { schema: sep.SepUriInput, title: 'SepUriInput' },
    anyValue,
    { internal: true },
  ),
  define(
    'skills::mcp-resources-list',
    'Internal: the MCP resources/list of the full profile: each skill with name = id, title, description, size and lastModified.',
    empty,
    anyValue,
    { internal: true },
  ),
] as const satisfies readonly FunctionSpec[]

type AnySpec = (typeof FUNCTIONS)[number] | (typeof EXTENSION_FUNCTIONS)[number]
export type FunctionId = AnySpec['id']
/** What the input schema of function `Id` decodes a payload to: the input its handler is given. */
export type FunctionInput<Id extends FunctionId> = z.output<Extract<AnySpec, { id: Id }>['input']>

export const FUNCTION_BY_ID: ReadonlyMap<string, FunctionSpec> = new Map(
  [...FUNCTIONS, ...EXTENSION_FUNCTIONS].map((f) => [f.id, f]),
)

interface TriggerTypeSpec {
  id: string
  description: string
}

export const TRIGGER_TYPES: readonly TriggerTypeSpec[] = [
  {
    id: 'skills::on-change',
    description: 'Fires after any mutation of the skills registry (register / unregister).',
  },
  {
    id: 'prompts::on-change',
    description: 'Fires after any mutation of the prompts registry (register / unregister).',
  },
]
