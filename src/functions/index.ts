/**
 * The face of src/functions/: everything other folders import from it, and nothing else
 * (tests/architecture.test.ts holds every cross-folder import to a face).
 */
export { bootFsScan } from './boot-scan.js'
export { type DefinedFunction, type ToolFace } from './define.js'
export { type Deps } from './deps.js'
export { prepareFirstListing } from './first-listing.js'
export { skillsInView } from './in-view.js'
export { invokeInView } from './view-deps.js'
export { forwardFsChanges } from './fs-notify.js'
export { DEFINITION_BY_ID, DEFINITIONS, EXTENSION_DEFINITIONS, EXTENSION_FUNCTIONS, FUNCTIONS, TOOL_FACES, TRIGGER_TYPES, type AnswerOf, type FunctionId, type InputOf } from './registry.js'
export { registerRpcEndpoint } from './rpc-endpoint.js'
