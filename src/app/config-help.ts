/**
 * E22.3: the "Config file" part of `--help`, written from the config schema's own entries
 * (schemas/config-keys.ts): one line per key, its meaning and default, wrapped to the help's width.
 */
import { CONFIG_KEYS } from '../schemas/index.js'

// ("cache.enabled", "false: every call …", "true", 30, 100) => "  cache.enabled   false: every call … (default true)"
export function configHelp(width: number): string {
  const column = Math.max(...CONFIG_KEYS.map(({ key }) => key.length)) + 4
  const lines = CONFIG_KEYS.map(({ key, meaning, default: fallback }) =>
    wrap(`  ${key.padEnd(column - 2)}`, `${meaning}${fallback === undefined ? '' : ` (default ${fallback})`}`, column, width))
  return ['Config file (YAML, every key optional; a missing or bad file is logged and the defaults are used):', ...lines].join('\n')
}

function wrap(head: string, text: string, indent: number, width: number): string {
  const out: string[] = []
  let line = head
  for (const word of text.split(' ')) {
    if (line.length > indent && line.length + 1 + word.length > width) {
      out.push(line)
      line = ' '.repeat(indent) + word
    } else line += (line.length > indent ? ' ' : '') + word
  }
  return [...out, line].join('\n')
}
