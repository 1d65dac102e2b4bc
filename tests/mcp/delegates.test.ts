import { afterEach, describe, expect, it } from 'vitest'
import type { McpHttpServer } from '../../src/mcp/index.js'
import { fakeBackend, invocationFailed, type Handler } from './fake-backend.js'
import { request, rpc, startOnFreePort } from './http.js'
import { InvocationError } from 'iii-sdk/errors'

let server: McpHttpServer

afterEach(async () => {
  await server?.close()
})

async function start(handlers: Record<string, Handler> = {}, failures: Record<string, unknown> = {}) {
  const backend = fakeBackend({ handlers, failures })
  server = await startOnFreePort(backend)
  return backend
}

const DELEGATES = [
  ['resources/list', 'skills::resources-list', 'resources'],
  ['resources/read', 'skills::resources-read', 'contents'],
  ['resources/templates/list', 'skills::resources-templates', 'resourceTemplates'],
  ['prompts/list', 'prompts::mcp-list', 'prompts'],
  ['prompts/get', 'prompts::mcp-get', 'messages'],
] as const

describe.each(DELEGATES)('%s', (method, functionId, emptyKey) => {
  const answer = { [emptyKey]: [], nextCursor: 'c2' }

  it(`calls ${functionId} with the params verbatim`, async () => {
    const backend = await start({ [functionId]: () => answer })
    const params = { cursor: 'c1', _meta: { progressToken: 1 }, uri: 'iii://x', name: 'p', arguments: { a: 'b' } }
    expect((await rpc(server.url, request(method, params))).result).toEqual(answer)
    expect(backend.calls).toEqual([{ functionId, data: params }])
  })

  it.each([
    ['absent', undefined, {}],
    ['null', null, {}],
    ['an array', ['x'], ['x']],
    ['a string', 's', 's'],
  ])('sends params that are %s as %j', async (_label, params, sent) => {
    const backend = await start({ [functionId]: () => answer })
    await rpc(server.url, params === null ? { ...request(method), params: null } : request(method, params))
    expect(backend.calls).toEqual([{ functionId, data: sent }])
  })

  it.each([
    ['a string', 'text'],
    ['an array', [{ uri: 'iii://a' }]],
    ['null', null],
    ['nothing', undefined],
    ['a number', 3],
  ])(`replaces %s with the empty ${emptyKey} envelope`, async (_label, value) => {
    await start({ [functionId]: () => value })
    expect((await rpc(server.url, request(method, {}))).result).toEqual({ [emptyKey]: [] })
  })

  it.each([
    ['the function is not registered', undefined],
    ['the code is NOT_FOUND', new InvocationError({ code: 'NOT_FOUND', message: 'gone' })],
    ['the code is Function_Not_Found', new InvocationError({ code: 'Function_Not_Found', message: 'gone' })],
    ['skills reports Skill not found', invocationFailed('Skill not found: nope')],
    ['skills reports Prompt not found', invocationFailed('Prompt not found: nope')],
    ['the message says Unknown function', invocationFailed('Unknown function: x')],
    ['the message says no such function', invocationFailed('No Such Function here')],
    ['a plain error says not found', new Error('thing NOT FOUND')],
  ])(`answers with the empty ${emptyKey} envelope when %s`, async (_label, error) => {
    await start({}, error === undefined ? {} : { [functionId]: error })
    expect(await rpc(server.url, request(method, {}))).toEqual({ jsonrpc: '2.0', id: 1, result: { [emptyKey]: [] } })
  })

  it.each([
    ['a handler error', invocationFailed('missing field `uri`'), 'remote error (invocation_failed): missing field `uri`'],
    ['a timeout', new InvocationError({ code: 'TIMEOUT', message: 'invocation timed out after 30000ms' }), 'remote error (TIMEOUT): invocation timed out after 30000ms'],
    ['a plain error', new Error('iii is shutting down'), 'iii is shutting down'],
    ['a coded error without the prefix', Object.assign(new Error('stopped'), { code: 'invocation_stopped' }), 'remote error (invocation_stopped): stopped'],
  ])('answers %s with -32603 and its display string', async (_label, error, message) => {
    await start({}, { [functionId]: error })
    expect(await rpc(server.url, request(method, {}))).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message } })
  })
})

describe('post-processing', () => {
  const index = [
    '# Skills',
    '',
    '- [`resend`](iii://resend) — root entry',
    '  - [`resend/contacts`](iii://resend/contacts) — first level',
    '    - [`resend/emails/send-email`](iii://resend/emails/send-email) — deep',
    '',
    '## Custom skills',
    '- [`a/b/c`](iii://a/b/c)',
    'footer',
  ].join('\n')

  it('drops nested iii:// resources from resources/list and keeps the rest in order', async () => {
    await start({
      'skills::resources-list': () => ({
        resources: [
          { uri: 'iii://skills', name: 'skills' },
          { uri: 'iii://resend', name: 'resend' },
          { uri: 'iii://resend/emails', name: 'emails' },
          { uri: 'iii://fn/scope/echo', name: 'section' },
          { uri: 'https://example.com/a/b', name: 'web' },
          { name: 'no uri' },
          { uri: 7, name: 'numeric uri' },
          'not an object',
        ],
        nextCursor: 'n',
      }),
    })
    expect((await rpc(server.url, request('resources/list'))).result).toEqual({
      resources: [
        { uri: 'iii://skills', name: 'skills' },
        { uri: 'iii://resend', name: 'resend' },
        { uri: 'https://example.com/a/b', name: 'web' },
        { name: 'no uri' },
        { uri: 7, name: 'numeric uri' },
        'not an object',
      ],
      nextCursor: 'n',
    })
  })

  it('removes deep-link lines from the iii://skills index text', async () => {
    await start({ 'skills::resources-read': () => ({ contents: [{ uri: 'iii://skills', mimeType: 'text/markdown', text: index }, { uri: 'x', blob: 'AA==' }] }) })
    expect((await rpc(server.url, request('resources/read', { uri: 'iii://skills' }))).result).toEqual({
      contents: [
        {
          uri: 'iii://skills',
          mimeType: 'text/markdown',
          text: ['# Skills', '', '- [`resend`](iii://resend) — root entry', '  - [`resend/contacts`](iii://resend/contacts) — first level', '', '## Custom skills', 'footer'].join('\n'),
        },
        { uri: 'x', blob: 'AA==' },
      ],
    })
  })

  it.each(['iii://resend', 'iii://skills/', ' iii://skills'])('leaves the text of %j untouched', async (uri) => {
    await start({ 'skills::resources-read': () => ({ contents: [{ uri, mimeType: 'text/markdown', text: index }] }) })
    expect((await rpc(server.url, request('resources/read', { uri }))).result).toEqual({ contents: [{ uri, mimeType: 'text/markdown', text: index }] })
  })

  it('does not modify the object the backend returned', async () => {
    const answer = Object.freeze({ contents: Object.freeze([Object.freeze({ uri: 'iii://skills', text: index })]) })
    await start({ 'skills::resources-read': () => answer })
    await rpc(server.url, request('resources/read', { uri: 'iii://skills' }))
    expect(answer.contents[0]!.text).toBe(index)
  })
})
