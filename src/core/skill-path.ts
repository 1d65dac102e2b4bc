/**
 * The shape a `read_skill_file` path must have before anything touches the disk (E2): relative,
 * `/`-separated, no `..` segment, no backslash, no NUL. Whether it then resolves inside the skill's
 * folder (symlinks followed) is for src/fs/folder-file.ts to check.
 * Stands alone: a pure rule (core) its handler in src/functions applies.
 */
import * as msg from './messages.js'

// "references/forms.md" => undefined; "../x" => "Invalid path \"../x\": must not contain a '..' segment"
export function checkSkillPath(path: string): string | undefined {
  const reason = pathProblem(path)
  return reason === undefined ? undefined : msg.invalidSkillPath(path, reason)
}

function pathProblem(path: string): string | undefined {
  if (path === '') return msg.PATH_EMPTY
  if (path.includes('\0')) return msg.PATH_NUL
  if (path.includes('\\')) return msg.PATH_BACKSLASH
  if (path.startsWith('/')) return msg.PATH_ABSOLUTE
  if (path.split('/').includes('..')) return msg.PATH_PARENT_SEGMENT
  return undefined
}
