/**
 * The MCP prompts/* delegates (§1.13, §5): the merged prompt list (never fails) and prompt
 * dispatch — a state prompt's handler through the hard floor and the output normaliser, or a static
 * filesystem prompt's body. A handler's own messages must be ones an MCP client accepts
 * (src/core/prompt-messages.ts); upstream passes them through unchecked.
 */
import { SkillsError, check, errorText, isAlwaysHidden, compareUtf8, validateName, messages as msg, normalizePromptOutput, userMessage, withoutShadowed, invalidPromptMessage } from '../core/index.js'
import { invokeBounded } from './bounded-invoke.js'
import { defineFunction } from './define.js'
import type { Deps } from './deps.js'
import { decodePromptRows, getStoredRow, StoredPrompt, type StoredPromptRow } from './stored-rows.js'
import { PromptGetInput, ANY_VALUE, EMPTY_INPUT } from '../schemas/index.js'

// Keys in the order upstream serialises them (sorted, §4).
interface McpPrompt {
  arguments: Array<{ description?: string; name: string; required: boolean }>
  description: string
  name: string
}

export const promptsMcpList = defineFunction({
  id: 'prompts::mcp-list',
  description: 'Internal: returns the MCP prompts/list envelope (full arguments schema for each registered prompt).',
  input: EMPTY_INPUT,
  output: ANY_VALUE,
}, listMcpPrompts)

export const promptsMcpGet = defineFunction({
  id: 'prompts::mcp-get',
  description: 'Internal: dispatches a registered prompt handler and normalizes the result for MCP prompts/get.',
  input: { schema: PromptGetInput, schemaTitle: 'PromptGetInput' },
  output: ANY_VALUE,
}, getMcpPrompt)

export async function listMcpPrompts(_input: unknown, deps: Deps) {
  let rows: StoredPromptRow[] = []
  try {
    rows = decodePromptRows(await deps.state.list(deps.config.scopes.prompts))
  } catch {
    // Swallowed like upstream: the MCP prompt list never fails, it shows what it can.
  }
  const fsPrompts = withoutShadowed(await deps.fs.prompts(), (p) => p.name, new Set(rows.map((r) => r.name)))
  const prompts: McpPrompt[] = [
    ...rows.map((row) => ({
      arguments: row.arguments.map((a) => (a.description === undefined || a.description === null
        ? { name: a.name, required: a.required }
        : { description: a.description, name: a.name, required: a.required })),
      description: row.description,
      name: row.name,
    })),
    ...fsPrompts.map((p) => ({ arguments: [], description: p.description, name: p.name })),
  ]
  return { prompts: prompts.sort((a, b) => compareUtf8(a.name, b.name)) }
}

export async function getMcpPrompt(input: PromptGetInput, deps: Deps) {
  const { name } = input
  check(validateName(name))
  const args = input.arguments === undefined || input.arguments === null ? {} : input.arguments
  const row = await getStoredRow(deps, deps.config.scopes.prompts, name, StoredPrompt, msg.decodeStoredPrompt)
  if (row !== undefined) return dispatchHandler(row, args, deps)
  const file = await deps.fs.findPrompt(name)
  if (file === undefined) throw new SkillsError(msg.promptNotFound(name))
  if (!isEmptyArguments(args)) deps.log.debug({ prompt: name }, msg.LOG.fsPromptIgnoresArguments)
  return { description: file.description, messages: [userMessage(await deps.fs.reads.body(file.path))] }
}

async function dispatchHandler(row: StoredPromptRow, args: unknown, deps: Deps) {
  const functionId = row.function_id
  check(isAlwaysHidden(functionId) ? msg.promptHandlerHidden(functionId) : undefined)
  let output: unknown
  try {
    output = await invokeBounded(deps, functionId, args)
  } catch (error) {
    throw new SkillsError(msg.triggerFailed(functionId, errorText(error)))
  }
  const messages = normalizePromptOutput(output)
  // Deliberate deviation: upstream passes a bad message through and the MCP client rejects it.
  check(invalidPromptMessage(messages))
  return { description: row.description, messages }
}

function isEmptyArguments(args: unknown): boolean {
  return typeof args === 'object' && args !== null && !Array.isArray(args) && Object.keys(args).length === 0
}
