import { describe, expect, it } from 'vitest'
import { HARD_FLOOR_PREFIXES, isAlwaysHidden } from '../../src/core/hidden.js'

describe('isAlwaysHidden (D2 hard floor)', () => {
  it('has exactly the nine prefixes of D2', () => {
    expect(HARD_FLOOR_PREFIXES).toEqual([
      'engine::', 'state::', 'stream::', 'iii.', 'iii::', 'mcp::', 'a2a::', 'skills::', 'prompts::',
    ])
  })

  it.each([
    'engine::foo', 'engine::workers', 'state::get', 'state::set', 'stream::publish', 'iii.on_foo',
    'iii::internal', 'mcp::handler', 'a2a::send', 'skills::register', 'skills::fetch_skill',
    'prompts::register', 'state::', 'iii.',
  ])('hides %j', (functionId) => {
    expect(isAlwaysHidden(functionId)).toBe(true)
  })

  it.each([
    'mem::observe', 'brain::summarize', 'my-worker::my-fn', 'skill::fetch', 'skill::other', 'iii', 'iiix::y',
    'State::get', 'ENGINE::x', 'xstate::get', 'skills', 'prompts', 'engine:', 'mcp', ' state::get', '',
  ])('does not hide %j', (functionId) => {
    expect(isAlwaysHidden(functionId)).toBe(false)
  })
})
