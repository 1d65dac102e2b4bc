/**
 * The config.yaml shape (§7). Every field is optional and falls back to its default; unknown keys
 * are ignored. The parsed value is a complete `SkillsConfig`. E22.3: each key is one entry here, its
 * meaning in its `.describe()`: `--help`, README's configuration block and config.yaml's comments are
 * generated from or tested against these entries (config-keys.ts).
 */
import { z } from 'zod'
import { DEFAULT_CACHE, DEFAULT_CONFIG, DEFAULT_RPC_API_PATH, StartRefused, parseViews, type SkillsConfig, MUST_BE_NON_EMPTY, MUST_BE_NON_NEGATIVE_INTEGER, MUST_BE_URL_PATH } from '../core/index.js'

const scope = (fallback: string) => z.string().min(1, MUST_BE_NON_EMPTY).default(fallback)
const globs = () => z.array(z.string()).default(() => [])
const nonNegativeInteger = () => z.number().int(MUST_BE_NON_NEGATIVE_INTEGER).nonnegative(MUST_BE_NON_NEGATIVE_INTEGER)

export const ConfigSchema = z.object({
  scopes: z
    .object({
      skills: scope(DEFAULT_CONFIG.scopes.skills).describe('state scope of the skill rows'),
      prompts: scope(DEFAULT_CONFIG.scopes.prompts).describe('state scope of the prompt rows'),
    })
    .default({}),
  state_timeout_ms: z
    .number()
    .int(MUST_BE_NON_NEGATIVE_INTEGER)
    .nonnegative(MUST_BE_NON_NEGATIVE_INTEGER)
    .default(DEFAULT_CONFIG.state_timeout_ms)
    .describe('timeout of every state call, section function and prompt handler, in ms'),
  skills: globs().describe("glob patterns of markdown skill files (a SKILL.md match is an Agent Skills folder), relative to the config file's folder"),
  prompts: globs().describe("glob patterns of markdown prompt files, relative to the config file's folder"),
  // "skills/rpc", "/api/skills/rpc", "" (bind nothing); not "a b", "x?y", "x#y"
  rpc_api_path: z.string().regex(/^[^\s?#]*$/, MUST_BE_URL_PATH).optional()
    .describe(`POST route of the JSON-RPC discovery endpoint (default ${DEFAULT_RPC_API_PATH}; "" serves none)`),
  // Optional as a whole so a config without it parses to exactly what it did before E3.
  cache: z
    .object({
      enabled: z.boolean().default(DEFAULT_CACHE.enabled).describe('false: every call reads state and the files, as upstream'),
      max_staleness_ms: nonNegativeInteger().default(DEFAULT_CACHE.max_staleness_ms).describe('no listing is older than this, whoever wrote; 0: every listing reads state'),
    })
    .optional(),
  // A view is a security boundary (E20.1): one it cannot read refuses the start instead of falling
  // back to the defaults as the rest of the file does, so the refusal is thrown, not reported.
  views: z
    .unknown()
    .optional()
    .transform((raw) => {
      if (raw === undefined) return undefined
      const views = parseViews(raw)
      if (!views.ok) throw new StartRefused(views.error)
      return views.value
    })
    .describe('named views (E20): {name: {include: [patterns], exclude: [patterns], prompts: [patterns]}}; /mcp/views/{name} and --view serve only the skills a view holds'),
}) satisfies z.ZodType<SkillsConfig, z.ZodTypeDef, unknown>
