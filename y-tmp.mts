import { Parser } from 'yaml'
for (const src of ['['.repeat(30000) + ']'.repeat(30000), '- '.repeat(30000) + 'x', 'a:\n  b:\n    c: [1, {d: e}]\n- x', '? '.repeat(20000)+'x']) {
  const t = Date.now()
  try { const toks = [...new Parser().parse(src)]; console.log(toks.length, toks.map(t => t.type), Date.now() - t) } catch (e) { console.log('THROW', (e as Error).message.slice(0, 80)) }
}
const toks = [...new Parser().parse('a:\n  b:\n    c: [1, {d: e}]\nx: &q - y\n')]
console.log(JSON.stringify(toks, (k, v) => k === 'source' || k === 'offset' || k === 'indent' ? undefined : v, 1).slice(0, 3000))
