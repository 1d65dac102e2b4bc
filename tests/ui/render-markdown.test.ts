import { describe, expect, it } from 'vitest'
import { markdownLinks, renderSkillMarkdown } from '../../src/ui/render-markdown.js'

const render = (body: string, anchors: Array<[number, string]> = []) => renderSkillMarkdown(body, new Map(anchors))

describe('renderSkillMarkdown', () => {
  it('renders markdown with the outline anchors on the headings', () => {
    const { html } = render('# Billing\n\nSome *text*.\n\n## Refunds\n\n- one\n', [[1, 'billing'], [5, 'refunds']])
    expect(html).toBe('<h1 id="billing">Billing</h1>\n<p>Some <em>text</em>.</p>\n<h2 id="refunds">Refunds</h2>\n<ul>\n<li>one</li>\n</ul>\n')
  })

  it('shows raw HTML as text: no script, no event handler, no injected element', () => {
    const { html } = render('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> <b onclick="x()">bold</b>\n')
    expect(html).not.toMatch(/<script|<img|<b /)
    expect(html).not.toMatch(/<[^>]*\son\w+=/)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('never links javascript:, vbscript: or data: targets and keeps web links safe', () => {
    const { html, links } = render('[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](vbscript:x) [d](data:text/html,<script>) [e](https://example.com "t")\n')
    expect(html).not.toMatch(/href="(javascript|vbscript|data):/i)
    expect(html).toContain('<a href="https://example.com" title="t" rel="noopener noreferrer nofollow" target="_blank">e</a>')
    expect(links).toEqual(['https://example.com'])
  })

  it('loads no remote or relative image: only data: images stay, the others show their alt text', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo='
    const { html } = render(`![remote](https://evil.example/x.png) ![local](diagram.png) ![inline](${png})\n`)
    expect(html).toBe(`<p>[image not loaded: remote] [image not loaded: local] <img src="${png}" alt="inline" /></p>\n`)
  })

  it('turns iii:// and relative links into page links and records each target as written', () => {
    const { html, links } = render('[b](iii://acme/billing#refunds) [f](references/forms.md) [s](#usage)\n')
    expect(html).toBe('<p><a href="#skill:acme/billing#refunds">b</a> <a href="#file:references/forms.md">f</a> <a href="#usage">s</a></p>\n')
    expect(links).toEqual(['iii://acme/billing#refunds', 'references/forms.md', '#usage'])
  })

  it('finds the same link targets without rendering (the catalogue-wide check)', () => {
    const body = '# T\n\n[b](iii://acme/billing) and [f](references/forms.md)\n\n- [x](javascript:alert(1)) [w](https://example.com)\n\n```\n[not](a-link.md)\n```\n'
    expect(markdownLinks(body)).toEqual(['iii://acme/billing', 'references/forms.md', 'https://example.com'])
    expect(markdownLinks(body)).toEqual(render(body).links)
  })
})
