/** README.md and the guides its "Guides" table links (docs/*.md), in that order: where the docs' examples live. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './processes.js'

export function readmeAndGuides(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')
  const table = readme.slice(readme.indexOf('## Guides'))
  const guides = [...table.matchAll(/\]\((docs\/[a-z-]+\.md)\)/g)].map((m) => m[1]!)
  return ['README.md', ...new Set(guides)]
}
