/**
 * A short fingerprint of a skill body: equal bodies, equal stamps; a changed body, a new stamp.
 * `registered_at` cannot serve: two writes within one millisecond share it.
 */
import { createHash } from 'node:crypto'

// "# A\n" => a 44-character base64 SHA-256
export function contentStamp(body: string): string {
  // createHash rather than crypto.hash, which Node 20 only has from 20.12.
  return createHash('sha256').update(body).digest('base64')
}
