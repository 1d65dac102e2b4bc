/**
 * E22.2: the one place the catalogue page reads the worker's answers. Each call is typed by the
 * function it names: its input as the function's input schema accepts it, its answer as the
 * function's output schema describes it (the worker's handlers are held to those schemas at build,
 * functions/define.ts), so no page module picks an answer apart by hand.
 */
import { protocolName } from '../core/index.js'
import type { AnswerOf, FunctionId, InputOf } from '../functions/index.js'

/** Calls a function on the engine (the MCP front's backend). */
export type Invoke = (functionId: string, data: unknown) => Promise<unknown>

export async function ask<Id extends FunctionId>(invoke: Invoke, id: Id, input: InputOf<Id>): Promise<AnswerOf<Id>> {
  return (await invoke(id, input)) as AnswerOf<Id>
}

/** `ask`, or undefined when the function refuses (a skill gone, a file that is not text). */
export function askOrNothing<Id extends FunctionId>(invoke: Invoke, id: Id, input: InputOf<Id>): Promise<AnswerOf<Id> | undefined> {
  return ask(invoke, id, input).catch(() => undefined)
}

/** describe_skill of `id` with everything (`detail: "full"`); undefined for no such skill. */
export function describeSkill(invoke: Invoke, id: string): Promise<AnswerOf<'skill::describe_skill'> | undefined> {
  return askOrNothing(invoke, 'skill::describe_skill', { name: protocolName(id), detail: 'full' })
}

export type FileEntry = NonNullable<AnswerOf<'skill::describe_skill'>['skill']['files']>[number]
