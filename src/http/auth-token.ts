/** The bearer token (E11.2): from `--auth-token-file`, else `III_SKILLS_TOKEN`; never empty. */
import { readFileSync } from 'node:fs'
import { MIN_TOKEN_CHARS, messages as msg } from '../core/index.js'

export const TOKEN_ENV = 'III_SKILLS_TOKEN'

export const tokenTooShort = (source: string) => msg.tokenTooShort(source, MIN_TOKEN_CHARS)
export const tokenUnreadable = msg.tokenUnreadable

/** The token, trimmed of surrounding whitespace (a file's trailing newline); undefined when none is set. */
export function readAuthToken(file: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  let token: string | undefined
  let source: string
  if (file !== undefined) {
    try {
      token = readFileSync(file, 'utf8').trim()
    } catch (error) {
      throw new Error(tokenUnreadable(file, (error as NodeJS.ErrnoException).code ?? String(error)))
    }
    source = file
  } else {
    token = env[TOKEN_ENV]?.trim()
    if (token === undefined || token === '') return undefined
    source = TOKEN_ENV
  }
  if (token.length < MIN_TOKEN_CHARS) throw new Error(tokenTooShort(source))
  return token
}

/** What a client sends to join an engine that wants the token (the SDK's handshake headers). */
export function bearerHeaders(token: string | undefined): { headers: Record<string, string> } | Record<string, never> {
  return token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }
}
