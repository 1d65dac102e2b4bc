/**
 * The face of src/engine/: everything other folders import from it, and nothing else
 * (tests/architecture.test.ts holds every cross-folder import to a face).
 */
export { decodeLargeResultsInSlices } from './large-results.js'
export { LocalClient } from './local-client.js'
export { CachedStateStore, sdkConnectionId } from './registry-cache.js'
export { StateStore, clientFor } from './state-store.js'
export { Subscribers } from './subscribers.js'
