/**
 * Every function's definition: its spec (src/schemas/functions.ts) bound to its typed handler
 * (define.ts). One handler serves both fetch ids. Each goes through the response guard, so no
 * answer can exceed what the engine accepts in one frame.
 */
import { defineFunction, type DefinedFunction } from './define.js'
import { describeProtocolSkill, listProtocolSkills, readProtocolSkillFile } from './discovery.js'
import { fsDiagnostics, fsWatchProblems } from './diagnostics.js'
import { fetchSkills } from './fetch.js'
import { listMcpResources } from './mcp-resources.js'
import { listSepSkills, readSepDirectory, readSepResource } from './sep-skills.js'
import { outlineSkill } from './outline.js'
import { getMcpPrompt, listMcpPrompts } from './prompt-dispatch.js'
import { listPrompts, registerPrompt, unregisterPrompt } from './prompts.js'
import { listResources, listResourceTemplates, readResource } from './resources.js'
import { searchSkills } from './search.js'
import { listSkills, registerSkill, unregisterSkill } from './skills.js'

/** The 13 upstream functions, in registration order (src/schemas/functions.ts FUNCTIONS). */
export const DEFINITIONS: readonly DefinedFunction[] = [
  defineFunction('skills::register', registerSkill),
  defineFunction('skills::unregister', unregisterSkill),
  defineFunction('skills::list', listSkills),
  defineFunction('skills::resources-list', listResources),
  defineFunction('skills::resources-read', readResource),
  defineFunction('skills::resources-templates', listResourceTemplates),
  defineFunction('skills::fetch_skill', fetchSkills),
  defineFunction('skill::fetch', fetchSkills),
  defineFunction('prompts::register', registerPrompt),
  defineFunction('prompts::unregister', unregisterPrompt),
  defineFunction('prompts::list', listPrompts),
  defineFunction('prompts::mcp-list', listMcpPrompts),
  defineFunction('prompts::mcp-get', getMcpPrompt),
]

/** The extensions' functions, in registration order (EXTENSION_FUNCTIONS). */
export const EXTENSION_DEFINITIONS: readonly DefinedFunction[] = [
  defineFunction('skill::list_skills', listProtocolSkills),
  defineFunction('skill::describe_skill', describeProtocolSkill),
  defineFunction('skill::read_skill_file', readProtocolSkillFile),
  defineFunction('skill::search', searchSkills),
  defineFunction('skill::outline', outlineSkill),
  defineFunction('skills::diagnostics', fsDiagnostics),
  defineFunction('skills::fs-watch-problems', fsWatchProblems),
  defineFunction('skills::sep-list', listSepSkills),
  defineFunction('skills::sep-read', readSepResource),
  defineFunction('skills::sep-directory', readSepDirectory),
  defineFunction('skills::mcp-resources-list', listMcpResources),
]
