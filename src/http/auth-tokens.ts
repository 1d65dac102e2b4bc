/**
 * E20.4: `--auth-tokens-file`, one token per agent: a YAML list of `{token, views}`, where `views` is
 * a list of view names (the token opens those views' endpoints) or `"*"` (every door, as the one
 * token of `--auth-token-file`). Read strictly, as the views it guards: a file group or others can
 * read, a short token, an unknown key or an unknown view refuses the start.
 */
import { readFileSync, statSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { MIN_TOKEN_CHARS, StartRefused, isJsonObject, messages as msg } from '../core/index.js'
import type { AgentToken } from './door.js'

const ENTRY_KEYS = ['token', 'views']

/** The agents' tokens of `file`; `views`: the names config.yaml defines. */
export function readAgentTokens(file: string, views: readonly string[]): AgentToken[] {
  const refuse = (why: string) => new StartRefused(msg.tokensFileRefused(file, why))
  let text: string
  try {
    // Others may read the tokens of every agent: refused before they are read.
    const mode = statSync(file).mode
    if ((mode & 0o044) !== 0) throw refuse(msg.tokensFileOpen(`0${(mode & 0o777).toString(8)}`))
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if (error instanceof StartRefused) throw error
    throw refuse((error as NodeJS.ErrnoException).code ?? String(error))
  }
  let document: unknown
  try {
    document = parseYaml(text)
  } catch (error) {
    throw refuse(error instanceof Error ? error.message : String(error))
  }
  if (!Array.isArray(document)) throw refuse(msg.TOKENS_FILE_SHAPE)
  return document.map((entry, i) => {
    const invalid = (field: string, why: string) => refuse(msg.tokenEntryInvalid(i, field, why))
    if (!isJsonObject(entry)) throw invalid('entry', msg.TOKENS_FILE_SHAPE)
    const unknown = Object.keys(entry).find((key) => !ENTRY_KEYS.includes(key))
    if (unknown !== undefined) throw invalid(unknown, msg.TOKEN_ENTRY_UNKNOWN_KEY)
    const { token, views: named } = entry
    if (typeof token !== 'string' || token.trim().length < MIN_TOKEN_CHARS) throw invalid('token', msg.tokenMinimum(MIN_TOKEN_CHARS))
    if (named === '*') return { token: token.trim(), views: '*' }
    if (!Array.isArray(named) || named.length === 0 || named.some((v) => typeof v !== 'string')) throw invalid('views', msg.TOKEN_VIEWS_RULE)
    const missing = (named as string[]).find((name) => !views.includes(name))
    if (missing !== undefined) throw invalid('views', msg.unknownViewNamed(missing, views))
    return { token: token.trim(), views: named as string[] }
  })
}
