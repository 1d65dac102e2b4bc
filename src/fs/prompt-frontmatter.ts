/** An fs prompt's frontmatter (§6.4 step 3), decoded by the one frontmatter parser. */
import { decodeFrontmatter, type FrontmatterFields } from '../core/frontmatter-yaml.js'

export { MAX_FRONTMATTER_BYTES, MAX_NESTING } from '../core/frontmatter-yaml.js'
export type PromptFrontmatter = FrontmatterFields

export function parsePromptFrontmatter(text: string): { frontmatter: PromptFrontmatter } | { error: string } {
  return decodeFrontmatter(text, 'struct PromptFrontmatter')
}
