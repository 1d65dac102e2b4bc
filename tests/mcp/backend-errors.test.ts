import { InvocationError } from 'iii-sdk/errors'
import { describe, expect, it } from 'vitest'
import { errorDisplay, isMissingFunction } from '../../src/mcp/backend-errors.js'

const coded = (code: string, message: string) => Object.assign(new Error(message), { code })

describe('errorDisplay', () => {
  it.each([
    ['an InvocationError', new InvocationError({ code: 'invocation_failed', message: 'kapow' }), 'remote error (invocation_failed): kapow'],
    ['a coded error without prefix', coded('invocation_stopped', 'Invocation stopped'), 'remote error (invocation_stopped): Invocation stopped'],
    ['a coded error with another prefix', coded('x', 'y: z'), 'remote error (x): y: z'],
    ['a plain error', new Error('iii is shutting down'), 'iii is shutting down'],
    ['a string', 'oops', 'oops'],
    ['an error body object', { code: 'FORBIDDEN', message: "function 'x' not allowed" }, "remote error (FORBIDDEN): function 'x' not allowed"],
    ['an object without message', { a: 1 }, '{"a":1}'],
    ['undefined', undefined, 'undefined'],
  ])('shows %s', (_label, error, shown) => {
    expect(errorDisplay(error)).toBe(shown)
  })
})

describe('isMissingFunction', () => {
  it.each([
    [coded('function_not_found', ''), true],
    [coded('FUNCTION_NOT_FOUND', ''), true],
    [coded('not_found', ''), true],
    [coded('OTHER', 'function not found'), true],
    [coded('OTHER', 'Unknown function: foo'), true],
    [coded('OTHER', 'no such function'), true],
    [new Error('Skill not found: x'), true],
    [new InvocationError({ code: 'invocation_failed', message: 'Prompt not found: p' }), true],
    [coded('INVALID_ARGUMENT', 'bad input'), false],
    [coded('TIMEOUT', 'invocation timed out after 10ms'), false],
    [new Error('notfound'), false],
    [coded('function_not_found_x', 'gone'), false],
    [undefined, false],
  ])('%o → %s', (error, missing) => {
    expect(isMissingFunction(error)).toBe(missing)
  })
})
