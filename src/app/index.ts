/**
 * The face of src/app/: everything other folders import from it, and nothing else
 * (tests/architecture.test.ts holds every cross-folder import to a face).
 */
export { parseCli, runMode, type CliOptions, type RunMode } from './cli.js'
export { createLogger } from './logger.js'
export { stderrSink } from './log-sink.js'
export { renderManifest } from './manifest.js'
export { type ModeContext, type RunningMode } from './modes/mode-context.js'
export { settingsOf } from './settings.js'
export { guardStdout } from './stdout-guard.js'
