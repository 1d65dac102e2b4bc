/**
 * E22.3: the "Config file" part of `--help`, written from the config schema's own entries
 * (schemas/config-keys.ts): one item per key, its meaning and default, laid out and wrapped by
 * commander's own help formatter, as the options above it are.
 */
import { Help } from 'commander'
import { CONFIG_KEYS } from '../schemas/index.js'

export function configHelp(width: number): string {
  const help = new Help()
  help.helpWidth = width
  const termWidth = Math.max(...CONFIG_KEYS.map(({ key }) => key.length))
  const items = CONFIG_KEYS.map(({ key, meaning, default: fallback }) =>
    help.formatItem(key, termWidth, `${meaning}${fallback === undefined ? '' : ` (default ${fallback})`}`, help))
  return ['Config file (YAML, every key optional; a missing or bad file is logged and the defaults are used):', ...items].join('\n')
}
