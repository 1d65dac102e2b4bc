/**
 * Handler of every function id, keyed like the schema table (src/schemas/functions.ts) that carries
 * the descriptions, metadata and published formats. One handler serves both fetch ids. Each goes
 * through the response guard, so no answer can exceed what the engine accepts in one frame.
 */
import type { Deps } from './deps.js'
import { describeProtocolSkill, listProtocolSkills, readProtocolSkillFile } from './discovery.js'
import { fsDiagnostics, fsWatchProblems } from './diagnostics.js'
import { fetchSkills } from './fetch.js'
import { listMcpResources } from './mcp-resources.js'
import { listSepSkills, readSepDirectory, readSepResource } from './sep-skills.js'
import { outlineSkill } from './outline.js'
import { getMcpPrompt, listMcpPrompts } from './prompt-dispatch.js'
import { listPrompts, registerPrompt, unregisterPrompt } from './prompts.js'
import { listResources, listResourceTemplates, readResource } from './resources.js'
import { guardResponse } from './response-guard.js'
import { searchSkills } from './search.js'
import { listSkills, registerSkill, unregisterSkill } from './skills.js'

// Inputs arrive already decoded by the function's zod schema, so each handler sees its own shape.
type AnyHandler = (input: any, deps: Deps) => Promise<unknown>

const UNGUARDED: Readonly<Record<string, AnyHandler>> = {
  'skills::register': registerSkill,
  'skills::unregister': unregisterSkill,
  'skills::list': listSkills,
  'skills::resources-list': listResources,
  'skills::resources-read': readResource,
  'skills::resources-templates': listResourceTemplates,
  'skills::fetch_skill': fetchSkills,
  'skill::fetch': fetchSkills,
  'prompts::register': registerPrompt,
  'prompts::unregister': unregisterPrompt,
  'prompts::list': listPrompts,
  'prompts::mcp-list': listMcpPrompts,
  'prompts::mcp-get': getMcpPrompt,
}

const guarded = (table: Readonly<Record<string, AnyHandler>>): Readonly<Record<string, AnyHandler>> =>
  Object.fromEntries(Object.entries(table).map(([id, handler]) => [id, guardResponse(handler)]))

export const HANDLERS: Readonly<Record<string, AnyHandler>> = guarded(UNGUARDED)

/** The extensions' functions, keyed like EXTENSION_FUNCTIONS in src/schemas/functions.ts. */
export const EXTENSION_HANDLERS: Readonly<Record<string, AnyHandler>> = guarded({
  'skill::list_skills': listProtocolSkills,
  'skill::describe_skill': describeProtocolSkill,
  'skill::read_skill_file': readProtocolSkillFile,
  'skill::search': searchSkills,
  'skill::outline': outlineSkill,
  'skills::diagnostics': fsDiagnostics,
  'skills::fs-watch-problems': fsWatchProblems,
  'skills::sep-list': listSepSkills,
  'skills::sep-read': readSepResource,
  'skills::sep-directory': readSepDirectory,
  'skills::mcp-resources-list': listMcpResources,
})
