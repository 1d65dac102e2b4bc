/**
 * Scenario-scoped ids, as upstream's BDD world makes them: against a real engine the state scopes
 * are shared, so every id a scenario writes carries a random `bdd-<12 hex>` suffix.
 */
import { randomBytes } from 'node:crypto'

const MAX_ID_SEGMENT = 64

/** `bdd-<12 hex>` */
export function newScenarioSuffix(): string {
  return `bdd-${randomBytes(6).toString('hex')}`
}

/** `smoke` => `smoke-bdd-0123456789ab`; `parent/sub` => `parent-bdd-0123456789ab/sub` (only the root is scoped). */
export function scopedId(base: string, suffix: string): string {
  const [root = '', ...rest] = base.split('/')
  const scopedRoot = [...`${root}-${suffix}`].slice(0, MAX_ID_SEGMENT).join('')
  return [scopedRoot, ...rest].join('/')
}
