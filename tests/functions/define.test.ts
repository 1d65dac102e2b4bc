import { describe, expect, it } from 'vitest'
import { defineFunction } from '../../src/functions/define.js'
import { DEFINITIONS, EXTENSION_DEFINITIONS } from '../../src/functions/index.js'
import { EXTENSION_FUNCTIONS, FUNCTIONS } from '../../src/schemas/functions.js'
import { fakeDeps } from './fake-deps.js'

describe('defineFunction', () => {
  it('binds each handler to the spec with its id, in the order the specs are registered', () => {
    expect(DEFINITIONS.map((d) => d.spec)).toEqual([...FUNCTIONS])
    expect(EXTENSION_DEFINITIONS.map((d) => d.spec)).toEqual([...EXTENSION_FUNCTIONS])
    for (const d of [...DEFINITIONS, ...EXTENSION_DEFINITIONS]) expect(FUNCTIONS.some((f) => f === d.spec) || EXTENSION_FUNCTIONS.some((f) => f === d.spec)).toBe(true)
  })

  it("types the handler's input from the spec's schema (the build fails if these lines type-check)", async () => {
    const defined = defineFunction('skills::unregister', async (input) => `gone: ${input.id}`)
    expect(await defined.handle({ id: 'a' }, fakeDeps().deps)).toBe('gone: a')
    // @ts-expect-error skills::unregister decodes {id}, never {uri}
    defineFunction('skills::unregister', async (input: { uri: string }) => input.uri)
    // @ts-expect-error there is no such function
    defineFunction('skills::nothing', async () => undefined)
  })

  it('guards the answer like every registered handler (an answer over the frame limit is an error)', async () => {
    const defined = defineFunction('skills::list', async () => 'x'.repeat(33 * 1024 * 1024))
    await expect(defined.handle({}, fakeDeps().deps)).rejects.toThrow(/response too large/)
  })
})
