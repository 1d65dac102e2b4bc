/**
 * A skill's markdown as the catalogue page shows it. Skills are untrusted text, so two maintained
 * libraries stand between a skill and the page: markdown-it renders with raw HTML off (tags show as
 * text, `javascript:`-style links are left unlinked), then sanitize-html keeps only a fixed set of
 * tags and attributes and the http, https and mailto schemes. Images load only from `data:` (every
 * other image becomes its alt text), so a skill can never make the page fetch anything; the page's
 * Content-Security-Policy says the same a third time.
 * `iii://` links become `#skill:<id>` (the page opens that skill), links to a file of the skill's
 * folder `#file:<path>`; headings get the outline's anchors (matched by source line), so
 * `#<anchor>` links and the outline land on them.
 */
import type { Token } from 'markdown-it'
import sanitizeHtml from 'sanitize-html'
import { linkTarget, markdownLinks as linksOf, newMarkdownIt } from '../core/index.js'

interface RenderedMarkdown {
  html: string
  /** Every link target as written in the skill, in order (for the broken-link check). */
  links: string[]
}

const markdown = newMarkdownIt({ html: false, linkify: false, typographer: false })

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'em', 'strong', 's', 'a', 'img',
    'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'], h5: ['id'], h6: ['id'],
    ol: ['start'],
    span: ['class'],
    code: ['class'],
    th: ['align'], td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
}

const DATA_IMAGE = /^data:image\/(png|gif|jpeg|webp);/i

export function renderSkillMarkdown(body: string, anchorsByLine: ReadonlyMap<number, string>): RenderedMarkdown {
  const tokens = markdown.parse(body, {})
  const links: string[] = []
  for (const token of tokens) {
    if (token.type === 'heading_open' && token.map !== null) {
      const anchor = anchorsByLine.get(token.map[0] + 1)
      if (anchor !== undefined) token.attrSet('id', anchor)
    }
    if (token.type === 'inline') rewriteInline(token.children ?? [], links)
  }
  return { html: sanitizeHtml(markdown.renderer.render(tokens, markdown.options, {}), SANITIZE), links }
}

/** Every link target in `body` as written (what renderSkillMarkdown reports), without rendering it. */
export function markdownLinks(body: string): string[] {
  return linksOf(body).filter((link) => link.kind === 'link').map((link) => link.href)
}

function rewriteInline(children: Token[], links: string[]): void {
  for (let i = 0; i < children.length; i++) {
    const token = children[i] as Token
    if (token.type === 'link_open') {
      const href = String(token.attrGet('href') ?? '')
      links.push(href)
      token.attrSet('href', pageHref(href))
      if (/^(https?|mailto):/i.test(href)) {
        token.attrSet('rel', 'noopener noreferrer nofollow')
        token.attrSet('target', '_blank')
      }
    } else if (token.type === 'image') {
      const src = String(token.attrGet('src') ?? '')
      if (!DATA_IMAGE.test(src)) children[i] = imagePlaceholder(token, src)
    }
  }
}

// "iii://acme/billing#refunds" => "#skill:acme/billing#refunds"; "references/a.md" => "#file:references/a.md"
function pageHref(href: string): string {
  const target = linkTarget(href)
  if (target.kind === 'skill' || target.kind === 'index' || target.kind === 'section') return `#skill:${target.rest}`
  return target.kind === 'file' ? `#file:${href}` : href
}

// An image the page will not load shows as its alt text: "[image: diagram]".
function imagePlaceholder(image: Token, src: string): Token {
  const alt = image.children?.map((c) => c.content).join('') ?? ''
  const text = new (image.constructor as new (type: string, tag: string, nesting: number) => Token)('text', '', 0)
  text.content = `[image not loaded: ${alt || src}]`
  return text
}
