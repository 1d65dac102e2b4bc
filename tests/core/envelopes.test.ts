import { describe, expect, it } from 'vitest'
import {
  fetchSection, INDEX_RESOURCE, joinFetchSections, readEnvelope, RESOURCE_TEMPLATES, skillResource,
} from '../../src/core/envelopes.js'

describe('INDEX_RESOURCE', () => {
  it('serialises exactly as upstream (keys sorted)', () => {
    expect(JSON.stringify(INDEX_RESOURCE)).toBe(
      '{"description":"Index of every registered skill","mimeType":"text/markdown","name":"skills","uri":"iii://skills"}',
    )
  })

  it('cannot be mutated by a caller', () => {
    expect(() => { (INDEX_RESOURCE as { name: string }).name = 'x' }).toThrow(TypeError)
  })
})

describe('RESOURCE_TEMPLATES', () => {
  it('serialises exactly the two templates of §1.8', () => {
    expect(JSON.stringify(RESOURCE_TEMPLATES)).toBe(
      '{"resourceTemplates":[' +
        '{"description":"Markdown body of a registered skill (1+ segments separated by \'/\')","mimeType":"text/markdown","name":"Skill","uriTemplate":"iii://{skill_id}"},' +
        '{"description":"Trigger the function at `function_path` (each \'/\' becomes \'::\') with empty input and serve its output. e.g. `iii://fn/scope/echo` triggers `scope::echo`.","mimeType":"text/markdown","name":"Skill section","uriTemplate":"iii://fn/{function_path}"}' +
        ']}',
    )
  })

  it('cannot be mutated by a caller', () => {
    expect(() => { RESOURCE_TEMPLATES.resourceTemplates.push(RESOURCE_TEMPLATES.resourceTemplates[0]!) }).toThrow(TypeError)
    expect(() => { RESOURCE_TEMPLATES.resourceTemplates[0]!.name = 'x' }).toThrow(TypeError)
  })
})

describe('skillResource', () => {
  it.each([
    ['the H1 title', 'brain', '# Brain skill\nbody', 'Brain skill', 'iii://brain'],
    ['"" for a bare "# "', 'blank', '# \nbody', '', 'iii://blank'],
    ['the id when there is no H1', 'team/plain', 'no heading', 'team/plain', 'iii://team/plain'],
    ['the id when the body could not be read', 'team/broken', undefined, 'team/broken', 'iii://team/broken'],
  ])('names the resource by %s', (_case, id, body, name, uri) => {
    const resource = skillResource(id, body)
    expect(resource).toEqual({ mimeType: 'text/markdown', name, uri })
    expect(JSON.stringify(resource)).toBe(`{"mimeType":"text/markdown","name":${JSON.stringify(name)},"uri":"${uri}"}`)
  })
})

describe('readEnvelope', () => {
  it.each([
    ['iii://brain', 'body', 'text/markdown' as const],
    ['iii://fn/a/b', '{\n  "x": 1\n}', 'application/json' as const],
    ['iii://skills ', '', 'text/markdown' as const],
  ])('wraps %j as one contents entry with the uri exactly as given', (uri, text, mimeType) => {
    const envelope = readEnvelope(uri, text, mimeType)
    expect(envelope).toEqual({ contents: [{ mimeType, text, uri }] })
    expect(JSON.stringify(envelope)).toBe(JSON.stringify({ contents: [{ mimeType, text, uri }] }))
  })
})

describe('fetchSection', () => {
  it.each([
    ['a plain body', 'iii://a', 'Alpha body.', '# iii://a\n\nAlpha body.'],
    ['trailing whitespace trimmed', 'iii://a', 'body \n\t\n', '# iii://a\n\nbody'],
    ['trailing Unicode whitespace trimmed (NEL, ideographic space)', 'iii://a', 'body\u0085\u3000', '# iii://a\n\nbody'],
    ['a trailing BOM kept (Rust trim_end)', 'iii://a', 'body\ufeff', '# iii://a\n\nbody\ufeff'],
    ['leading whitespace kept', 'iii://a', '\n# alpha-skill\nAlpha body line.', '# iii://a\n\n\n# alpha-skill\nAlpha body line.'],
    ['an empty body', 'iii://a', '', '# iii://a\n\n'],
    ['a whitespace-only body', 'iii://a', ' \n ', '# iii://a\n\n'],
  ])('wraps %s under the URI heading', (_case, uri, text, section) => {
    expect(fetchSection(uri, text)).toBe(section)
  })
})

describe('joinFetchSections', () => {
  it.each([
    [[], ''],
    [['# iii://a\n\nA'], '# iii://a\n\nA'],
    [['# iii://a\n\nA', '# iii://b\n\nB'], '# iii://a\n\nA\n\n---\n\n# iii://b\n\nB'],
    [['1', '2', '3'], '1\n\n---\n\n2\n\n---\n\n3'],
  ])('joins %j with "\\n\\n---\\n\\n"', (sections, output) => {
    expect(joinFetchSections(sections)).toBe(output)
  })
})
