/**
 * E16.2: the first `resources/list` is answered from what the index already holds. As soon as the fs
 * index is built, the two listings an MCP front pages through (the full profile's `iii://` resources,
 * then the Skills Extension's `SKILL.md` entries) are built from it, instead of by the first page that
 * asks (at 10,000 skills, about 10 ms each), with the entries both list (settled for the response
 * guard, core/limits.ts). All are memoised on the state view, fs snapshot or index entry they come from,
 * so they are what a call would build, and a change rebuilds them on demand as before. (A plain `.md`
 * skill's SKILL.md entry needs its file read: it is left to the listing that asks, as before.)
 */
import type { Deps } from './deps.js'
import { wholeListing } from './mcp-resources.js'
import { prepareBareFolderEntries, sepCatalogue } from './sep-skills.js'

/** Builds both (and gives them, for tests). */
export async function prepareFirstListing(deps: Deps) {
  const resources = await wholeListing(deps)
  const sep = await sepCatalogue(deps)
  // The SKILL.md entries resources/list pages through (no digests): a folder skill's made once here.
  prepareBareFolderEntries(sep, deps)
  return { resources, catalogue: sep.catalogue }
}
