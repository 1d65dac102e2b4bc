/**
 * The bundle publishes the draft-07 formats src/app/bundle.mjs computed at build
 * (dist/src/schemas/published-formats.json) instead of running zod-to-json-schema at each start (E16.2):
 * the table holds exactly what the sources compute, for every function's request and response.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFINITIONS, EXTENSION_DEFINITIONS } from '../../src/functions/registry.js'
import { RPC_FUNCTION } from '../../src/schemas/rpc.js'
import { skillsInView } from '../../src/functions/in-view.js'
import { REPO_ROOT } from '../support/processes.js'

const specs: { request_format: Record<string, unknown>; response_format: Record<string, unknown> }[] = [...[...DEFINITIONS, ...EXTENSION_DEFINITIONS, skillsInView].map((d) => d.spec), RPC_FUNCTION]

describe('draft-07 formats computed at build', () => {
  it('are what the sources compute, one per title', async () => {
    const table = JSON.parse(await readFile(join(REPO_ROOT, 'dist/src/schemas/published-formats.json'), 'utf8')) as Record<string, unknown>
    const published = specs.flatMap((spec) => [spec.request_format, spec.response_format])
    expect(Object.keys(table).sort()).toEqual([...new Set(published.map((format) => format.title as string))].sort())
    for (const format of published) expect(table[format.title as string]).toEqual(format)
  })
})
