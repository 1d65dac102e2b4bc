/**
 * Deterministic English-like prose for bench skill bodies, so a search has something to rank: each
 * skill is about three topics (of 240, so a topic word is in about 1 skill in 80), and its
 * sentences mix those topics with everyday words drawn unevenly (common words often, rare ones
 * seldom), as real skill texts do. Same input, same text, on every machine.
 */

/** The search bench's query words come from here: `topicsOf(i)` are skill i's topics. */
export const TOPICS = [
  'invoice', 'refund', 'ledger', 'payroll', 'shipment', 'warehouse', 'inventory', 'webhook', 'kubernetes', 'deployment',
  'certificate', 'firewall', 'backup', 'snapshot', 'migration', 'schema', 'index', 'replica', 'cluster', 'container',
  'pipeline', 'artifact', 'release', 'rollback', 'feature', 'experiment', 'cohort', 'funnel', 'campaign', 'newsletter',
  'subscription', 'trial', 'coupon', 'discount', 'checkout', 'basket', 'catalog', 'pricing', 'tax', 'currency',
  'exchange', 'transfer', 'payout', 'dispute', 'chargeback', 'fraud', 'identity', 'passport', 'onboarding', 'offboarding',
  'badge', 'laptop', 'license', 'contract', 'vendor', 'supplier', 'purchase', 'budget', 'forecast', 'expense',
  'receipt', 'mileage', 'travel', 'booking', 'hotel', 'flight', 'visa', 'relocation', 'benefit', 'pension',
  'insurance', 'claim', 'policy', 'premium', 'underwriting', 'actuary', 'mortgage', 'loan', 'credit', 'debit',
  'statement', 'reconciliation', 'audit', 'compliance', 'gdpr', 'retention', 'vault', 'deletion', 'consent', 'cookie',
  'session', 'token', 'password', 'mfa', 'sso', 'ldap', 'oauth', 'saml', 'scim', 'directory',
  'ticket', 'incident', 'outage', 'pager', 'rota', 'escalation', 'postmortem', 'runbook', 'dashboard', 'alert',
  'metric', 'trace', 'log', 'span', 'sampling', 'quota', 'throttle', 'cache', 'cdn', 'dns',
  'domain', 'mailbox', 'calendar', 'meeting', 'room', 'desk', 'parking', 'visitor', 'reception', 'courier',
  'parcel', 'label', 'customs', 'tariff', 'freight', 'pallet', 'forklift', 'dock', 'route', 'driver',
  'vehicle', 'fleet', 'fuel', 'maintenance', 'inspection', 'warranty', 'repair', 'spare', 'part', 'recall',
  'product', 'sku', 'barcode', 'scanner', 'printer', 'kiosk', 'terminal', 'till', 'cashier', 'shift',
  'roster', 'timesheet', 'overtime', 'holiday', 'leave', 'sickness', 'appraisal', 'promotion', 'salary', 'bonus',
  'equity', 'vesting', 'grant', 'option', 'dividend', 'shareholder', 'board', 'minutes', 'resolution', 'filing',
  'trademark', 'patent', 'copyright', 'translation', 'glossary', 'localization', 'font', 'icon', 'banner', 'thumbnail',
  'video', 'podcast', 'transcript', 'caption', 'subtitle', 'playlist', 'stream', 'upload', 'download', 'mirror',
  'repository', 'branch', 'rebase', 'reviewer', 'linter', 'formatter', 'compiler', 'bundle', 'sourcemap', 'dependency',
  'vulnerability', 'patch', 'hotfix', 'changelog', 'roadmap', 'milestone', 'sprint', 'backlog', 'estimate', 'retro',
  'survey', 'feedback', 'rating', 'moderator', 'moderation', 'spam', 'abuse', 'complaint', 'csv', 'spreadsheet',
  'greenhouse', 'irrigation', 'tractor', 'harvest', 'recipe', 'allergen', 'menu', 'kitchen', 'cafeteria', 'vending',
] as const

const VERBS = [
  'check', 'update', 'create', 'list', 'read', 'send', 'open', 'close', 'approve', 'reject', 'find', 'compare', 'verify',
  'record', 'attach', 'notify', 'escalate', 'schedule', 'cancel', 'retry', 'merge', 'split', 'match', 'tag', 'assign',
  'archive', 'restore', 'rotate', 'renew', 'revoke', 'sync', 'export', 'import', 'publish', 'review', 'sign', 'count',
]
const ADJECTIVES = [
  'new', 'open', 'pending', 'late', 'large', 'small', 'failed', 'current', 'previous', 'monthly', 'weekly', 'daily',
  'manual', 'automatic', 'partial', 'duplicate', 'missing', 'blocked', 'urgent', 'regional', 'internal', 'external',
  'expired', 'draft', 'final', 'shared', 'private', 'signed', 'unpaid', 'overdue', 'foreign', 'local',
]
const NOUNS = [
  'record', 'owner', 'team', 'customer', 'account', 'amount', 'date', 'status', 'note', 'field', 'total', 'limit',
  'reason', 'request', 'response', 'error', 'message', 'report', 'queue', 'batch', 'file', 'folder', 'form', 'rule',
  'step', 'approval', 'manager', 'region', 'country', 'document', 'summary', 'history', 'change', 'version', 'id',
  'reference', 'link', 'entry', 'system', 'service', 'function', 'worker', 'user', 'admin', 'agent', 'caller',
]
const TEMPLATES: ReadonlyArray<(w: Words) => string> = [
  (w) => `To ${w.verb()} a ${w.adj()} ${w.topic()}, ${w.verb()} the ${w.noun()} first and keep the ${w.noun()} of each ${w.topic()}.`,
  (w) => `Always ${w.verb()} the ${w.noun()} before you ${w.verb()} any ${w.adj()} ${w.topic()} for a ${w.noun()}.`,
  (w) => `If the ${w.topic()} ${w.noun()} is ${w.adj()}, ${w.verb()} it and ask the ${w.noun()} to ${w.verb()} the ${w.topic()}.`,
  (w) => `A ${w.adj()} ${w.topic()} needs a ${w.noun()} from the ${w.noun()} team; ${w.verb()} the ${w.noun()} when it is ${w.adj()}.`,
  (w) => `Use \`${w.topic()}::${w.verb()}\` to ${w.verb()} ${w.adj()} ${w.noun()} entries, then ${w.verb()} the ${w.topic()} ${w.noun()}.`,
  (w) => `Never ${w.verb()} a ${w.topic()} without a ${w.noun()}: the ${w.noun()} will ${w.verb()} every ${w.adj()} ${w.noun()}.`,
]

interface Words {
  verb(): string
  adj(): string
  noun(): string
  topic(): string
}

/** Skill i's three topics, spread evenly over TOPICS. */
export function topicsOf(i: number): [string, string, string] {
  const n = TOPICS.length
  return [TOPICS[i % n] as string, TOPICS[(i * 7 + 3) % n] as string, TOPICS[(i * 13 + 11) % n] as string]
}

/** At least `chars` characters of sentences about skill i's topics (ASCII). */
export function proseFor(i: number, chars: number): string {
  const random = generator(i + 1)
  // Squaring the uniform draw favours the head of each list: a few words common, the tail rare.
  const skewed = <T>(list: readonly T[]): T => list[Math.floor(random() ** 2 * list.length)] as T
  const topics = topicsOf(i)
  const words: Words = {
    verb: () => skewed(VERBS),
    adj: () => skewed(ADJECTIVES),
    noun: () => skewed(NOUNS),
    topic: () => topics[Math.floor(random() * topics.length)] as string,
  }
  let text = ''
  while (text.length < chars) text += `${(TEMPLATES[Math.floor(random() * TEMPLATES.length)] as (w: Words) => string)(words)} `
  return text
}

// mulberry32: a tiny seeded generator, so every run writes the same bodies.
function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
