/**
 * The one YAML repair the Agent Skills integration guide describes (E5.1): frontmatter that does not
 * parse is tried once more with every top-level `key: value` line whose value is unquoted and holds
 * `: ` quoted as a whole (`description: Use when: the user asks` is YAML's nested-mapping error,
 * not what the author meant).
 */
const TOP_LEVEL = /^([A-Za-z0-9_][A-Za-z0-9_.-]*):[ \t]+(.*?)[ \t]*$/
const STRUCTURED = /^["'|>[{&*!%@`#]/

// "description: Use when: asked" => { text: 'description: "Use when: asked"', quoted: 1 }
export function quoteColonValues(block: string): { text: string; quoted: number } {
  let quoted = 0
  const text = block.split('\n').map((line) => {
    const match = TOP_LEVEL.exec(line)
    if (match === null) return line
    const [, key, value] = match as unknown as [string, string, string]
    if (STRUCTURED.test(value) || !value.includes(': ')) return line
    quoted++
    return `${key}: ${JSON.stringify(value)}`
  }).join('\n')
  return { text, quoted }
}
