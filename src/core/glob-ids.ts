/**
 * Turns a glob match into an id (§6.2). The id is the matched path relative to the pattern's
 * static prefix (the directory part before the first glob metacharacter), minus a trailing `.md`,
 * so a `my-skills/` pattern matching `my-skills/team-a/playbook.md` gives the id `team-a/playbook`.
 */
import * as msg from './messages.js'

const GLOB_META = /[*?[{]/

// "dir/**/*.md" => "dir/"; "dir/sub/file.md" => "dir/sub/"; "*.md" => ""
export function staticPrefix(pattern: string): string {
  const meta = pattern.search(GLOB_META)
  const cut = meta < 0 ? pattern : pattern.slice(0, meta)
  const slash = cut.lastIndexOf('/')
  return slash < 0 ? '' : cut.slice(0, slash + 1)
}

type DerivedId = { id: string } | { error: string }

// ("/base/dir/foo/bar.md", "/base/dir/") => { id: "foo/bar" }
export function deriveId(path: string, prefix: string): DerivedId {
  const rel = relativeTo(path, prefix)
  if (rel === undefined) return { error: msg.notUnderPrefix(path, prefix) }
  const stem = rel.endsWith('.md') ? rel.slice(0, -'.md'.length) : rel
  return { id: stem.replaceAll('\\', '/') }
}

interface PathComponents {
  absolute: boolean
  parts: string[]
}

// Path::components: repeated and trailing separators collapse and interior `.` components vanish.
function components(path: string): PathComponents {
  const absolute = path.startsWith('/')
  const parts = path.split('/').filter((part, i) => part !== '' && (part !== '.' || (i === 0 && !absolute)))
  return { absolute, parts }
}

// Path::strip_prefix: a whole-component prefix match, not a string prefix.
function relativeTo(path: string, prefix: string): string | undefined {
  const p = components(path)
  const base = components(prefix)
  if (p.absolute !== base.absolute || base.parts.length > p.parts.length) return undefined
  if (base.parts.some((part, i) => p.parts[i] !== part)) return undefined
  return p.parts.slice(base.parts.length).join('/')
}

/** PathBuf equality: `/a/./b.md` and `/a//b.md` name the same path, `/a/../b.md` does not. */
export function samePath(a: string, b: string): boolean {
  const left = components(a)
  const right = components(b)
  return left.absolute === right.absolute && left.parts.join('/') === right.parts.join('/')
}
