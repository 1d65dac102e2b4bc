/**
 * `prompts::register`, `prompts::unregister`, `prompts::list` (§1.10–§1.12).
 */
import { check, SkillsError, compareUtf8, validateArguments, validateName, DESCRIPTION_EMPTY, FUNCTION_ID_EMPTY, LOG, withoutShadowed, trim, formatTimestamp, MemoKey, memoize } from '../core/index.js'
import type { FsSnapshot } from '../fs/index.js'
import { defineFunction } from './define.js'
import type { Deps } from './deps.js'
import { decodePromptRows } from './stored-rows.js'
import { ListPromptsInput, ListPromptsOutput, PromptArgument, PromptEntry, RegisterPromptInput, RegisterPromptOutput, UnregisterPromptInput, UnregisterPromptOutput } from '../schemas/index.js'

export type { RegisterPromptInput }

const FS_PROMPT_ENTRIES = new MemoKey<PromptListEntry[]>('fs prompt list entries')

export const promptsRegister = defineFunction({
  id: 'prompts::register',
  description: 'Register a slash-command prompt; clients call prompts/get to render it.',
  input: { schema: RegisterPromptInput, schemaTitle: 'RegisterPromptInput', definitions: { PromptArgument } },
  output: { schema: RegisterPromptOutput, schemaTitle: 'RegisterPromptOutput' },
}, registerPrompt)

export const promptsUnregister = defineFunction({
  id: 'prompts::unregister',
  description: 'Remove a registered prompt by name.',
  input: { schema: UnregisterPromptInput, schemaTitle: 'UnregisterPromptInput' },
  output: { schema: UnregisterPromptOutput, schemaTitle: 'UnregisterPromptOutput' },
}, unregisterPrompt)

export const promptsList = defineFunction({
  id: 'prompts::list',
  description: 'List registered prompts (name, function_id, arg count, registered_at, origin). ' +
    '`origin` is `state` for state-backed entries, `fs` for filesystem-backed.',
  input: { schema: ListPromptsInput, schemaTitle: 'ListPromptsInput' },
  output: { schema: ListPromptsOutput, schemaTitle: 'ListPromptsOutput', definitions: { PromptEntry } },
}, listPrompts)

export async function registerPrompt(input: RegisterPromptInput, deps: Deps) {
  const { name, description, function_id } = input
  check(validateName(name))
  if (trim(description) === '') throw new SkillsError(DESCRIPTION_EMPTY)
  if (trim(function_id) === '') throw new SkillsError(FUNCTION_ID_EMPTY)
  check(validateArguments(input.arguments))
  const registered_at = formatTimestamp(deps.now())
  const row = { name, description, arguments: input.arguments.map(storedArgument), function_id, registered_at }
  await deps.state.set(deps.config.scopes.prompts, name, row)
  deps.log.info({ prompt: name }, LOG.promptRegistered)
  await deps.notify.prompts.notify({ op: 'register', name })
  return { name, registered_at }
}

// Stored field order is name, description (only when given), required.
function storedArgument(arg: PromptArgument) {
  return arg.description === undefined || arg.description === null
    ? { name: arg.name, required: arg.required }
    : { name: arg.name, description: arg.description, required: arg.required }
}

export async function unregisterPrompt(input: UnregisterPromptInput, deps: Deps) {
  const { name } = input
  check(validateName(name))
  const old = await deps.state.delete(deps.config.scopes.prompts, name)
  const removed = old !== undefined && old !== null
  deps.log.info({ prompt: name, removed }, LOG.promptUnregister)
  if (removed) await deps.notify.prompts.notify({ op: 'unregister', name })
  return { name, removed }
}

interface PromptListEntry {
  name: string
  function_id: string
  arguments: number
  registered_at: string
  origin: 'state' | 'fs'
}

export async function listPrompts(_input: unknown, deps: Deps) {
  const rows = decodePromptRows(await deps.state.list(deps.config.scopes.prompts))
  const stateEntries: PromptListEntry[] = rows.map((row) => ({
    name: row.name, function_id: row.function_id, arguments: row.arguments.length,
    registered_at: row.registered_at, origin: 'state',
  }))
  const fsEntries = withoutShadowed(await fsListEntries(await deps.fs.snapshot()), (p) => p.name, new Set(rows.map((r) => r.name)))
  const prompts = [...stateEntries, ...fsEntries].sort((a, b) => compareUtf8(a.name, b.name))
  return { prompts }
}

async function fsListEntries(snapshot: FsSnapshot): Promise<PromptListEntry[]> {
  const meta = await snapshot.promptMeta()
  return memoize(snapshot, FS_PROMPT_ENTRIES, () => snapshot.prompts.map((prompt, i): PromptListEntry => ({
    name: prompt.name, function_id: '', arguments: 0,
    registered_at: (meta[i] as { registeredAt: string }).registeredAt, origin: 'fs',
  })))
}
