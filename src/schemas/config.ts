/**
 * The config.yaml shape (§7). Every field is optional and falls back to its default; unknown keys
 * are ignored. The parsed value is a complete `SkillsConfig`.
 */
import { z } from 'zod'
import { DEFAULT_CACHE, DEFAULT_CONFIG, type SkillsConfig, MUST_BE_NON_EMPTY, MUST_BE_NON_NEGATIVE_INTEGER, MUST_BE_URL_PATH } from '../core/index.js'

const scope = (fallback: string) => z.string().min(1, MUST_BE_NON_EMPTY).default(fallback)
const globs = () => z.array(z.string()).default(() => [])
const nonNegativeInteger = () => z.number().int(MUST_BE_NON_NEGATIVE_INTEGER).nonnegative(MUST_BE_NON_NEGATIVE_INTEGER)

export const ConfigSchema = z.object({
  scopes: z
    .object({
      skills: scope(DEFAULT_CONFIG.scopes.skills),
      prompts: scope(DEFAULT_CONFIG.scopes.prompts),
    })
    .default({}),
  state_timeout_ms: z
    .number()
    .int(MUST_BE_NON_NEGATIVE_INTEGER)
    .nonnegative(MUST_BE_NON_NEGATIVE_INTEGER)
    .default(DEFAULT_CONFIG.state_timeout_ms),
  skills: globs(),
  prompts: globs(),
  // "skills/rpc", "/api/skills/rpc", "" (bind nothing); not "a b", "x?y", "x#y"
  rpc_api_path: z.string().regex(/^[^\s?#]*$/, MUST_BE_URL_PATH).optional(),
  // Optional as a whole so a config without it parses to exactly what it did before E3.
  cache: z
    .object({
      enabled: z.boolean().default(DEFAULT_CACHE.enabled),
      max_staleness_ms: nonNegativeInteger().default(DEFAULT_CACHE.max_staleness_ms),
    })
    .optional(),
}) satisfies z.ZodType<SkillsConfig, z.ZodTypeDef, unknown>
