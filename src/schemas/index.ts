/**
 * The face of src/schemas/: everything other folders import from it, and nothing else
 * (tests/architecture.test.ts holds every cross-folder import to a face).
 */
export { ConfigSchema } from './config.js'
export { CONFIG_KEYS, type ConfigKey } from './config-keys.js'
export { DiagnosticsOutput, Skipped, Warning } from './diagnostics.js'
export { DescribeSkillRequest, DescribeSkillResponse, ListSkillsRequest, ListSkillsResponse, ProtocolSkill, ReadSkillFileRequest, ReadSkillFileResponse } from './discovery.js'
export { toDraft07, type JsonSchema, type Published } from './json-schema.js'
export { OutlineInput, OutlineOutput, OutlineSection } from './outline.js'
export { parseInput } from './parse.js'
export { ListPromptsInput, ListPromptsOutput, PromptArgument, PromptEntry, PromptGetInput, RegisterPromptInput, RegisterPromptOutput, UnregisterPromptInput, UnregisterPromptOutput } from './prompts.js'
export { ANY_VALUE, EMPTY_INPUT, FetchSkillInput, FetchSkillOutput, McpResourcesListInput, ReadResourceInput } from './resources.js'
export { RPC_FUNCTION, type RpcHttpRequest, type RpcHttpResponse } from './rpc.js'
export { SEARCH_LIMIT_DEFAULT, SearchResult, SearchSkillsInput, SearchSkillsOutput } from './search.js'
export { SepListInput, SepUriInput } from './sep.js'
export { ListSkillsInput, ListSkillsOutput, RegisterSkillInput, RegisterSkillOutput, SkillEntry, UnregisterSkillInput, UnregisterSkillOutput } from './skills.js'
export { StoredPrompt, StoredSkill } from './stored.js'
export { InViewInput } from './view-field.js'
