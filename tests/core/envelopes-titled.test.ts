import { describe, expect, it } from 'vitest'
import { skillResource, titledSkillResource } from '../../src/core/envelopes.js'

describe('titledSkillResource', () => {
  it.each([
    ['Title', 'Title'],
    ['', ''],
    [undefined, 'a/b'],
  ])('names the resource after the title %j (the id when there is none)', (title, name) => {
    expect(titledSkillResource('a/b', title)).toEqual({ mimeType: 'text/markdown', name, uri: 'iii://a/b' })
  })

  it.each([
    ['# Title\nBody.\n', 'Title'],
    ['# \nBody.\n', ''],
    ['Body only.\n', undefined],
  ])('gives what skillResource gives for the body %j once its title %j is extracted', (body, title) => {
    expect(titledSkillResource('a', title)).toEqual(skillResource('a', body))
  })
})
