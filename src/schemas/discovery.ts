/**
 * Wire shapes of the Skills Protocol discovery functions (E2): `skill::list_skills`,
 * `skill::describe_skill`, `skill::read_skill_file`. Optional fields also accept null (JSON-RPC
 * clients send it for "not given"); unknown fields are ignored (D8).
 */
import { z } from 'zod'
import { viewField } from './view-field.js'
import { mustBeOneOf, III_URI_PREFIX } from '../core/index.js'
import { boundedInteger } from './bounded-integer.js'
import { maxTokens } from './outline.js'

const LIST_LIMIT_MAX = 500
const LIST_LIMIT_DEFAULT = 50

const oneOf = <T extends [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: (issue, ctx) => ({ message: issue.code === 'invalid_enum_value' ? mustBeOneOf(values) : ctx.defaultError }) })

const LIST_DETAILS = ['names', 'summary'] as const
const DESCRIBE_DETAILS = ['manifest', 'summary', 'full'] as const

const name = z.string().describe(`Skill name: the skill id with every "/" replaced by "." (${III_URI_PREFIX}acme/billing is "acme.billing").`)
const version = z
  .string()
  .nullish()
  .describe('When given, the call fails unless the skill has exactly this version.')

export const ListSkillsRequest = z.object({
  namespace: z.string().nullish().describe("Only skills whose namespace (the id's first segment) is exactly this."),
  detail: oneOf([...LIST_DETAILS])
    .default('names')
    .describe('"names" (default): name and version; "summary": also description, namespace and kind.'),
  limit: boundedInteger(1, LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT).describe(`Page size, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}).`),
  cursor: z
    .string()
    .nullish()
    .describe('The next_cursor of the previous page, for the same namespace; absent for the first page.'),
  view: viewField(),
})

export const ProtocolSkill = z.object({
  name: z.string(),
  version: z.string().describe('Frontmatter metadata.version, else frontmatter version, else "0.0.0".'),
  description: z.string().optional().describe('detail "summary" only; absent when the skill has none.'),
  namespace: z.string().optional().describe('detail "summary" only.'),
  kind: z.string().optional().describe('detail "summary" only: always "instruction".'),
  tokens: z.number().int().optional().describe(`detail "summary" only: tokens (o200k_base) of the body ${III_URI_PREFIX}<id> serves.`),
})

export const ListSkillsResponse = z.object({
  skills: z.array(ProtocolSkill),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
})

export const DescribeSkillRequest = z.object({
  name,
  version,
  detail: oneOf([...DESCRIBE_DETAILS])
    .default('summary')
    .describe('"manifest": the manifest only; "summary" (default): plus the SKILL.md frontmatter; "full": plus the SKILL.md text.'),
})

// A function, not a constant: a shared instance would be published as a $ref into the other field.
const jsonObject = () => z.record(z.unknown())

export const DescribeSkillResponse = z.object({
  skill: z.object({
    manifest: jsonObject().describe("The folder's skill.toml as JSON, else {name, version, description?, kind, namespace, tags?}."),
    skill_md_frontmatter: jsonObject().optional().describe('The parsed SKILL.md frontmatter, {} when there is none.'),
    skill_md_content: z.string().optional().describe('The whole SKILL.md text, frontmatter included (detail "full").'),
    tokens: z.number().int().describe(`Tokens (o200k_base) of the body ${III_URI_PREFIX}<id> serves.`),
    digest: z.string().describe('sha256:<hex> of SKILL.md as read_skill_file serves it (E6.8).'),
    files: z.array(z.object({ path: z.string(), size: z.number().int(), digest: z.string() })).optional()
      .describe('detail "full": every file read_skill_file serves, with its size in bytes and digest.'),
  }),
  warnings: z.array(z.string()).optional().describe('What the skill folder is served despite (E5.1); absent when nothing.'),
})

export const ReadSkillFileRequest = z.object({
  name,
  version,
  path: z
    .string()
    .describe('A file below the skill folder, relative and "/"-separated ("SKILL.md", "references/forms.md").'),
  max_tokens: maxTokens('return one page of the file, cut at a block boundary, and next_cursor for the rest.'),
  cursor: z.string().nullish().describe('The next_cursor of the previous page of this same file.'),
  if_none_match: z.string().nullish().describe('A digest (sha256:<hex>) from describe_skill: answers {not_modified, digest} when the file still has it.'),
})

export const ReadSkillFileResponse = z.object({
  content: z.string().optional().describe('The file as UTF-8 text (at most 1 MiB), or one page of it with max_tokens / cursor; absent with not_modified.'),
  next_cursor: z.string().optional().describe('With max_tokens: pass as cursor for the next page; absent on the last page.'),
  not_modified: z.literal(true).optional().describe('With if_none_match: the file still has that digest (no content sent).'),
  digest: z.string().optional().describe('With not_modified: the digest the file has.'),
})

export type ListSkillsRequest = z.infer<typeof ListSkillsRequest>
export type ProtocolSkill = z.infer<typeof ProtocolSkill>
export type ListSkillsResponse = z.infer<typeof ListSkillsResponse>
export type DescribeSkillRequest = z.infer<typeof DescribeSkillRequest>
export type DescribeSkillResponse = z.infer<typeof DescribeSkillResponse>
export type ReadSkillFileRequest = z.infer<typeof ReadSkillFileRequest>
