/**
 * E15.2 hard-coded secrets (SK401): private key blocks and the well-known API-key shapes whose
 * prefixes the issuers publish for secret scanning. A match that says it is an example
 * (`AKIAIOSFODNN7EXAMPLE`, `sk-…xxxx`) is not a secret. Pure.
 */
export interface SecretShape {
  kind: string
  pattern: RegExp
}

export const SECRET_SHAPES: readonly SecretShape[] = [
  // A key block's header followed by key material on its next line (a header alone, as scanners' own rules write it, is none).
  { kind: 'private key', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:\r?\n|\\r?\\n)(?:[A-Za-z0-9-]+: [^\n]*(?:\r?\n|\\r?\\n))*[A-Za-z0-9+/=]{40,}/g },
  { kind: 'AWS access key id', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
  { kind: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{80,})\b/g },
  { kind: 'Anthropic API key', pattern: /\bsk-ant-(?:api|admin)\d\d-[A-Za-z0-9_-]{80,}/g },
  { kind: 'OpenAI API key', pattern: /\bsk-(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|\bsk-proj-[A-Za-z0-9_-]{80,}|\bsk-[A-Za-z0-9]{48}\b/g },
  { kind: 'Slack token', pattern: /\bxox[abposr]-[0-9A-Za-z-]{10,}/g },
  { kind: 'Slack webhook', pattern: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/[A-Za-z0-9]{20,}/g },
  { kind: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { kind: 'Stripe secret key', pattern: /\b[rs]k_live_[0-9A-Za-z]{24,}\b/g },
  { kind: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { kind: 'Hugging Face token', pattern: /\bhf_[A-Za-z]{34}\b/g },
]

// Values that say they stand in for a key (the AWS docs' EXAMPLE key, runs of x or 0, "your key",
// "dummy", 1234567890) are not secrets.
const PLACEHOLDER = /example|x{6,}|X{6,}|your|here|dummy|fake|test|sample|placeholder|redacted|0{8,}|1234567890|abcdefghij/i

export interface SecretMatch {
  kind: string
  /** 1-based line of the match. */
  line: number
}

/** What every shape starts with: a text holding none of these holds no secret (one pass instead of one a shape). */
const ANY_PREFIX = /-----BEGIN |A(?:KIA|SIA|BIA|CCA|Iza)|gh[pousr]_|github_pat_|sk-|xox[abposr]-|hooks\.slack\.com|[rs]k_live_|npm_|hf_/

/** Every secret in `text`, at most `max` of them, in text order. */
export function secretsIn(text: string, max = 20): SecretMatch[] {
  const matches: Array<{ kind: string; index: number }> = []
  if (!ANY_PREFIX.test(text)) return []
  for (const { kind, pattern } of SECRET_SHAPES) {
    for (const m of text.matchAll(pattern)) if (!PLACEHOLDER.test(m[0])) matches.push({ kind, index: m.index })
  }
  return matches.sort((a, b) => a.index - b.index).slice(0, max).map(({ kind, index }) => ({ kind, line: lineAt(text, index) }))
}

function lineAt(text: string, index: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++
  return line
}
