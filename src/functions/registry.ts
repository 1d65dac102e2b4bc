/**
 * Every function the worker registers, as the list of their definitions (define.ts): each function's
 * id, description, schemas and handler are written once, in the module of its handler. The ids and
 * specs everything else uses (registration, `skills::rpc`, the stdio mode's wait, the tests) are
 * derived from these lists. Plus the two custom trigger types (§1.15), registered before them.
 */
import type { z } from 'zod'
import type { DefinedFunction, FunctionSpec, ToolFace } from './define.js'
import { skillDescribeSkill, skillListSkills, skillReadSkillFile } from './discovery.js'
import { skillsDiagnostics, skillsFsWatchProblems } from './diagnostics.js'
import { skillFetch, skillsFetchSkill } from './fetch.js'
import { skillsMcpResourcesList } from './mcp-resources.js'
import { skillOutline } from './outline.js'
import { promptsMcpGet, promptsMcpList } from './prompt-dispatch.js'
import { promptsList, promptsRegister, promptsUnregister } from './prompts.js'
import { skillsResourcesList, skillsResourcesRead, skillsResourcesTemplates } from './resources.js'
import { skillSearch } from './search.js'
import { skillsSepDirectory, skillsSepList, skillsSepRead } from './sep-skills.js'
import { skillsList, skillsRegister, skillsUnregister } from './skills.js'
import { knowOwnFunctions } from './view-deps.js'

/** The 13 upstream functions (§1, D12), in upstream registration order. */
export const DEFINITIONS = [
  skillsRegister,
  skillsUnregister,
  skillsList,
  skillsResourcesList,
  skillsResourcesRead,
  skillsResourcesTemplates,
  skillsFetchSkill,
  skillFetch,
  promptsRegister,
  promptsUnregister,
  promptsList,
  promptsMcpList,
  promptsMcpGet,
] as const satisfies readonly DefinedFunction[]

/**
 * The extensions' functions (docs/contract.md Part 2), registered after the 13 the same way: public
 * ones have no metadata, internal ones `{internal: true}`.
 */
export const EXTENSION_DEFINITIONS = [
  skillListSkills,
  skillDescribeSkill,
  skillReadSkillFile,
  skillSearch,
  skillOutline,
  skillsDiagnostics,
  skillsFsWatchProblems,
  skillsSepList,
  skillsSepRead,
  skillsSepDirectory,
  skillsMcpResourcesList,
] as const satisfies readonly DefinedFunction[]

type Defined = (typeof DEFINITIONS)[number] | (typeof EXTENSION_DEFINITIONS)[number]
/** The id of every function the worker registers. */
export type FunctionId = Defined['spec']['id']
type DefinitionOf<Id extends FunctionId> = Extract<Defined, { spec: { id: Id } }>
/** E22.2: what a caller sends a function, as its input schema accepts it. */
export type InputOf<Id extends FunctionId> = z.input<DefinitionOf<Id>['spec']['input']>
/** E22.2: what a function answers, inferred from its output schema (its handler is held to it). */
export type AnswerOf<Id extends FunctionId> = z.output<DefinitionOf<Id>['spec']['output']>

export const FUNCTIONS: readonly FunctionSpec[] = DEFINITIONS.map((d) => d.spec)
export const EXTENSION_FUNCTIONS: readonly FunctionSpec[] = EXTENSION_DEFINITIONS.map((d) => d.spec)
/** Every definition by its function id (`skills::rpc` and `skills::in-view` dispatch through it). */
export const DEFINITION_BY_ID: ReadonlyMap<string, DefinedFunction> = new Map([...DEFINITIONS, ...EXTENSION_DEFINITIONS].map((d) => [d.spec.id, d]))
knowOwnFunctions(DEFINITION_BY_ID.keys())
export const FUNCTION_BY_ID: ReadonlyMap<string, FunctionSpec> = new Map([...FUNCTIONS, ...EXTENSION_FUNCTIONS].map((f) => [f.id, f]))
/** E22.1: the MCP tools of this worker's public functions, by function id, in registration order. */
export const TOOL_FACES: ReadonlyMap<string, ToolFace> = new Map([...FUNCTIONS, ...EXTENSION_FUNCTIONS].flatMap((f) => (f.tool === undefined ? [] : [[f.id, f.tool]])))

interface TriggerTypeSpec {
  id: string
  description: string
}

export const TRIGGER_TYPES: readonly TriggerTypeSpec[] = [
  {
    id: 'skills::on-change',
    description: 'Fires after any mutation of the skills registry (register / unregister).',
  },
  {
    id: 'prompts::on-change',
    description: 'Fires after any mutation of the prompts registry (register / unregister).',
  },
]
