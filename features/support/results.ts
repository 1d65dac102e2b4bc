/**
 * Typed views of the worker's answers for step definitions: each throws with the whole answer
 * when the shape is not what the contract says, so a failing step shows what came back.
 */
import assert from 'node:assert/strict'
import type { Json } from './world.js'

export type Entry = Record<string, Json>

export interface ResourceContents {
  uri: string
  mimeType: string
  text: string
}

/** `{contents: [{uri, mimeType, text}]}` => its single element. */
export function contentsOf(result: unknown): ResourceContents {
  const contents = (result as { contents?: unknown } | undefined)?.contents
  assert.ok(Array.isArray(contents) && contents.length === 1, `expected one contents entry in ${show(result)}`)
  return contents[0] as ResourceContents
}

/** `{skills: [...]}`, `{prompts: [...]}`, `{resources: [...]}` => the array. */
export function entriesOf(result: unknown, key: 'skills' | 'prompts' | 'resources'): Entry[] {
  const entries = (result as Record<string, unknown> | undefined)?.[key]
  assert.ok(Array.isArray(entries), `expected a ${key} array in ${show(result)}`)
  return entries as Entry[]
}

export function textOf(result: unknown): string {
  assert.equal(typeof result, 'string', `expected a bare string, got ${show(result)}`)
  return result as string
}

/** D9: RFC 3339 UTC, `+00:00`, millisecond fraction unless it is `.000`. */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, 'Z').replace(/Z$/, '+00:00')
}

export const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+00:00$/

export function show(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value)
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
