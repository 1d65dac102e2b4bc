/**
 * The MIME database (mime-types over mime-db), loaded on first use: building it takes about 8 ms and
 * its loops would be compiled hot, which no start should pay for (E16.2, E19.2). Served-file types
 * (sep-skill.ts) and the search's file formats (search-formats.ts) share this one load.
 */
import { createRequire } from 'node:module'
import type * as MimeTypes from 'mime-types'

let table: typeof MimeTypes | undefined

export function mimeTable(): typeof MimeTypes {
  return (table ??= createRequire(import.meta.url)('mime-types') as typeof MimeTypes)
}
