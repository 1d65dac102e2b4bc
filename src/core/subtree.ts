/**
 * `skill::search`'s `under` filter: a subtree of the id hierarchy, named by its root id, with one
 * trailing `/` allowed. `acme` and `acme/` both keep `acme` itself and every `acme/…`, never
 * `acmex`: ids are paths, and a path prefix only counts at a segment boundary.
 */
import { validateId } from './ids.js'

// "acme/" => "acme"; "acme" => "acme"
export function subtreeRoot(under: string): string {
  return under.endsWith('/') ? under.slice(0, -1) : under
}

/** Why `under` names no subtree (an id validator's text), or undefined when it does. */
export function subtreeProblem(under: string): string | undefined {
  return validateId(subtreeRoot(under))
}

// ("acme/billing", "acme") => true; ("acmex", "acme") => false
export function inSubtree(id: string, root: string): boolean {
  return id.startsWith(root) && (id.length === root.length || id.charCodeAt(root.length) === 0x2f)
}
