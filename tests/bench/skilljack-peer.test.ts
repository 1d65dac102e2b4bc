import { describe, expect, it } from 'vitest'
import { frontmatterName } from './skilljack-peer.js'

describe('skilljack-mcp peer URIs (E19.1)', () => {
  it('reads the frontmatter name skilljack lists a skill by', () => {
    expect(frontmatterName('---\nname: pdf-tools\ndescription: d\n---\nbody\n')).toBe('pdf-tools')
    expect(frontmatterName('---\ndescription: d\nname: "quoted name"\n---\n')).toBe('quoted name')
    expect(frontmatterName('---\ndescription: d\n---\nname: in the body\n')).toBeUndefined()
    expect(frontmatterName('no frontmatter\nname: x\n')).toBeUndefined()
  })
})
