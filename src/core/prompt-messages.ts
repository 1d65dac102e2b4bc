/**
 * The prompts/get messages a real MCP client accepts (bridge §2.6, §2.7). Upstream passes a
 * handler's `{messages: [...]}` through unchecked, but one bad message makes the client's SDK reject
 * the whole result with a bare schema error that never names the handler. The worker checks each
 * message's shape instead and fails the call naming the first offending field; valid messages
 * still pass through untouched. Not checked: base64 validity of `data`/`blob` and the inside of
 * `annotations`, `_meta` and `icons`.
 */
import { isJsonObject } from './json-object.js'
import * as msg from './messages.js'

const EXPECTED = msg.PROMPT_MESSAGE_EXPECTED

type Kind = 'string' | 'number' | 'object' | 'array'

const KIND_TEXT: Record<Kind, string> = { string: 'a string', number: 'a number', object: 'an object', array: 'an array' }

const OPTIONAL_KINDS: Record<string, Kind> = {
  annotations: 'object', _meta: 'object', title: 'string', description: 'string', mimeType: 'string', size: 'number',
  icons: 'array',
}

interface BlockShape {
  required: string[]
  optional: string[]
}

const MEDIA: BlockShape = { required: ['data', 'mimeType'], optional: ['annotations', '_meta'] }

const BLOCKS: Readonly<Record<string, BlockShape>> = {
  text: { required: ['text'], optional: ['annotations', '_meta'] },
  image: MEDIA,
  audio: MEDIA,
  resource_link: {
    required: ['uri', 'name'],
    optional: ['title', 'icons', 'description', 'mimeType', 'size', 'annotations', '_meta'],
  },
  resource: { required: [], optional: ['annotations', '_meta'] },
}

const RESOURCE_CONTENTS_OPTIONAL = ['mimeType', '_meta']

// [{role: "system", …}] => 'prompt handler returned an invalid prompt message: messages[0].role must be "user" or "assistant"'
export function invalidPromptMessage(messages: readonly unknown[]): string | undefined {
  for (const [i, message] of messages.entries()) {
    const problem = messageProblem(message, `messages[${i}]`)
    if (problem !== undefined) return problem
  }
  return undefined
}

function messageProblem(message: unknown, path: string): string | undefined {
  if (!isJsonObject(message)) return msg.invalidPromptMessage(path, EXPECTED.object)
  if (message.role !== 'user' && message.role !== 'assistant') return msg.invalidPromptMessage(`${path}.role`, EXPECTED.role)
  const content = message.content
  if (!isJsonObject(content)) return msg.invalidPromptMessage(`${path}.content`, EXPECTED.content)
  const shape = typeof content.type === 'string' && Object.hasOwn(BLOCKS, content.type) ? BLOCKS[content.type] : undefined
  if (shape === undefined) return msg.invalidPromptMessage(`${path}.content.type`, EXPECTED.type)
  for (const key of shape.required) {
    if (typeof content[key] !== 'string') return msg.invalidPromptMessage(`${path}.content.${key}`, EXPECTED.string)
  }
  if (content.type === 'resource') {
    const resource = content.resource
    if (!isResourceContents(resource)) return msg.invalidPromptMessage(`${path}.content.resource`, EXPECTED.resource)
    const problem = optionalProblem(resource, RESOURCE_CONTENTS_OPTIONAL, `${path}.content.resource`)
    if (problem !== undefined) return problem
  }
  return optionalProblem(content, shape.optional, `${path}.content`)
}

function optionalProblem(object: Record<string, unknown>, keys: readonly string[], path: string): string | undefined {
  for (const key of keys) {
    const kind = OPTIONAL_KINDS[key] as Kind
    if (object[key] !== undefined && !isKind(object[key], kind)) {
      return msg.invalidPromptMessage(`${path}.${key}`, EXPECTED.optional(KIND_TEXT[kind]))
    }
  }
  return undefined
}

function isResourceContents(value: unknown): value is Record<string, unknown> {
  return isJsonObject(value) && typeof value.uri === 'string' && (typeof value.text === 'string' || typeof value.blob === 'string')
}

function isKind(value: unknown, kind: Kind): boolean {
  if (kind === 'object') return isJsonObject(value)
  if (kind === 'array') return Array.isArray(value)
  return typeof value === kind
}

