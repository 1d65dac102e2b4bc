/**
 * The face of src/check/: everything other folders import from it, and nothing else
 * (tests/architecture.test.ts holds every cross-folder import to a face).
 */
export { checkSources } from './check.js'
export { jsonReport } from './format-json.js'
export { sarifReport } from './format-sarif.js'
export { textReport } from './format-text.js'
export { parseRuleOption, type Level } from './rules.js'
