/**
 * E22.1: a public function's whole MCP face lives in its definition. Every function with a tool face
 * is listed with that title and those annotations, and the server instructions name every one of
 * them; nothing here is a list kept by hand.
 */
import { describe, expect, it } from 'vitest'
import { encodeToolName } from '../../src/core/index.js'
import { EXTENSION_FUNCTIONS, FUNCTIONS, TOOL_FACES } from '../../src/functions/registry.js'
import { MAX_INSTRUCTIONS } from '../../src/mcp/instructions.js'
import { serverInstructions } from '../../src/mcp/messages.js'
import { dispatch } from '../../src/mcp/methods.js'
import { fakeBackend } from './fake-backend.js'
import { silentLogger } from '../support/silent-logger.js'

const SPECS = [...FUNCTIONS, ...EXTENSION_FUNCTIONS]

describe('tool faces from the definitions (E22.1)', () => {
  it('every public skill:: function has a face named as its tool; no internal one has', () => {
    const faced = SPECS.filter((spec) => spec.tool !== undefined)
    expect(faced.map((spec) => spec.id)).toEqual(SPECS.filter((spec) => spec.id.startsWith('skill::') && spec.metadata.internal !== true).map((spec) => spec.id))
    for (const spec of faced) expect(spec.tool!.name).toBe(encodeToolName(spec.id))
  })

  it('tools/list (full profile) shows each face\'s title and annotations', async () => {
    const backend = fakeBackend({ functions: SPECS.map((spec) => ({ function_id: spec.id, description: spec.description, request_format: spec.request_format, metadata: spec.metadata })) })
    const { tools } = await dispatch('tools/list', {}, { backend, log: silentLogger(), serverVersion: '0', profile: 'full' }) as { tools: Array<{ name: string; title?: string; annotations?: unknown }> }
    for (const face of TOOL_FACES.values()) {
      expect(tools.find((tool) => tool.name === face.name)).toMatchObject({ title: face.title, annotations: face.annotations })
    }
  })

  it('the instructions name every tool with its hint, within their bound', () => {
    const text = serverInstructions(1474, [...TOOL_FACES.values()])
    for (const face of TOOL_FACES.values()) expect(text).toContain(`${face.name} (${face.hint})`)
    expect(text.length).toBeLessThanOrEqual(MAX_INSTRUCTIONS)
  })
})
