/**
 * The package's version, read from package.json at runtime so the one version number lives there
 * (found from src/ under tsx and from dist/src/ once built): the manifest's `version` and the MCP
 * front's serverInfo.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { messages as msg } from '../core/index.js'

let cachedVersion: string | undefined

export function packageVersion(): string {
  cachedVersion ??= packageVersionFrom(dirname(fileURLToPath(import.meta.url)))
  return cachedVersion
}

/** The version of the nearest package.json at or above `dir`. */
export function packageVersionFrom(dir: string): string {
  for (let current = dir; ; current = dirname(current)) {
    const path = join(current, 'package.json')
    if (existsSync(path)) return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version
    if (dirname(current) === current) throw new Error(msg.packageJsonNotFound(dir))
  }
}
