/**
 * A short fingerprint of a skill body: equal bodies, equal stamps; a changed body, a new stamp.
 * `registered_at` cannot serve: two writes within one millisecond share it.
 */
import { hash } from 'node:crypto'

// "# A\n" => a 44-character base64 SHA-256
export function contentStamp(body: string): string {
  return hash('sha256', body, 'base64')
}
