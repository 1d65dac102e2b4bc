import { describe, expect, it } from 'vitest'
import { defineFunction } from '../../src/functions/define.js'
import { DEFINITIONS, EXTENSION_DEFINITIONS, EXTENSION_FUNCTIONS, FUNCTIONS } from '../../src/functions/registry.js'
import { ListSkillsInput, ListSkillsOutput, UnregisterSkillInput, UnregisterSkillOutput } from '../../src/schemas/skills.js'
import { fakeDeps } from './fake-deps.js'

describe('defineFunction', () => {
  it('gives each function one definition: no id is defined twice', () => {
    const ids = [...DEFINITIONS, ...EXTENSION_DEFINITIONS].map((d) => d.spec.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...FUNCTIONS, ...EXTENSION_FUNCTIONS]).toEqual([...DEFINITIONS, ...EXTENSION_DEFINITIONS].map((d) => d.spec))
  })

  const unregister = {
    id: 'skills::unregister',
    description: 'Remove a registered skill by id.',
    input: { schema: UnregisterSkillInput, schemaTitle: 'UnregisterSkillInput' },
    output: { schema: UnregisterSkillOutput, schemaTitle: 'UnregisterSkillOutput' },
  }

  it("types the handler's input from the definition's input schema (the build fails if these lines type-check)", async () => {
    const defined = defineFunction(unregister, async (input) => ({ id: `gone: ${input.id}`, removed: true }))
    expect(await defined.handle({ id: 'a' }, fakeDeps().deps)).toEqual({ id: 'gone: a', removed: true })
    // @ts-expect-error skills::unregister decodes {id}, never {uri}
    defineFunction(unregister, async (input: { uri: string }) => ({ id: input.uri, removed: true }))
  })

  it("types the handler's answer from the definition's output schema (E22.2; the build fails if these lines type-check)", async () => {
    const defined = defineFunction(unregister, async (input) => ({ id: input.id, removed: false }))
    expect(UnregisterSkillOutput.parse(await defined.handle({ id: 'a' }, fakeDeps().deps))).toEqual({ id: 'a', removed: false })
    // @ts-expect-error skills::unregister answers {id, removed}, never a string
    defineFunction(unregister, async (input) => `gone: ${input.id}`)
    // @ts-expect-error removed is a boolean
    defineFunction(unregister, async (input) => ({ id: input.id, removed: 'yes' }))
  })

  it('publishes the formats from the same schemas the definition holds', () => {
    const defined = defineFunction(unregister, async () => ({ id: 'a', removed: false }))
    expect(defined.spec).toEqual(FUNCTIONS.find((f) => f.id === 'skills::unregister'))
  })

  it('guards the answer like every registered handler (an answer over the frame limit is an error)', async () => {
    const list = { id: 'skills::list', description: '', input: { schema: ListSkillsInput, schemaTitle: 'ListSkillsInput' }, output: { schema: ListSkillsOutput, schemaTitle: 'ListSkillsOutput' } }
    const defined = defineFunction(list, async () => ({ skills: [{ id: 'x'.repeat(33 * 1024 * 1024), registered_at: '', bytes: 0, origin: 'state' }] }))
    await expect(defined.handle({}, fakeDeps().deps)).rejects.toThrow(/response too large/)
  })
})
