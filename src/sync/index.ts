/**
 * The face of src/sync/ (`iii-skills sync`, E21): everything other folders import from it, and
 * nothing else (tests/architecture.test.ts holds every cross-folder import to a face).
 */
export type { Catalogue, CatalogueSkill, SkillFilter } from './catalogue.js'
export { engineCatalogue, type Invoke } from './engine-catalogue.js'
export { fsCatalogue } from './fs-catalogue.js'
export { MANIFEST_FILE } from './manifest.js'
export { summaryLine, syncPass, type PassReport, type SyncOptions } from './run.js'
export { Stopped, Temporaries, TEMP_PREFIX } from './target.js'
export { watchSync, type Watching } from './watch.js'
