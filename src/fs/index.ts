/**
 * The face of src/fs/: everything other folders import from it, and nothing else
 * (tests/architecture.test.ts holds every cross-folder import to a face).
 */
export { mapInBatches } from './batches.js'
export { reportFsHealth, scanFs, type FsHealth, type StateKeys } from './boot-diagnostics.js'
export { diagnosticSummary, diagnosticsOf, type Diagnostics } from './diagnostics.js'
export { skillFoldersIn, underNestedSkill, type NestedSkill } from './folder-file.js'
export { type FsSnapshot } from './fs-snapshot.js'
export { directView, type FsView, type ListResult, type StatResult, type TypedList } from './fs-view.js'
export { packageVersion } from './package-version.js'
export { PAIR_TABLE_FILE, readPairTableFile } from './pair-table-file.js'
export { readTextFile } from './read-text.js'
export { FsReads } from './reads.js'
export { readSkillEntry, type FsSkill } from './skill-files.js'
export { ListingError, directChildren, skillFolderFiles } from './skill-tree.js'
export { FsSources, type FsChange } from './sources.js'
