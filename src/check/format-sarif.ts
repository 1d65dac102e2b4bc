/**
 * `check --format sarif` (E15.1): a SARIF 2.1.0 log, one run of the tool `iii-skills` with every rule
 * (id, name, one-line description, default level) and one result per finding, located by file (a
 * path relative to the working directory when under it, so code scanning annotates the file in the
 * repository, else a `file://` URI) and line. Pure.
 */
import { isAbsolute, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { CheckReport } from './check.js'
import { RULES, type Severity } from './rules.js'

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json'
const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = { error: 'error', warning: 'warning', info: 'note' }
const SRCROOT = '%SRCROOT%'

export function sarifReport(report: CheckReport, tool: { version: string; cwd: string }): string {
  const ruleIndex = new Map<string, number>(RULES.map((r, i) => [r.id, i]))
  return JSON.stringify({
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'iii-skills',
          version: tool.version,
          rules: RULES.map((r) => ({
            id: r.id, name: r.name, shortDescription: { text: r.summary }, defaultConfiguration: { level: LEVEL[r.severity] },
          })),
        },
      },
      originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(`${tool.cwd.replace(/\/+$/, '')}/`).href } },
      results: report.findings.map((f) => ({
        ruleId: f.rule,
        ruleIndex: ruleIndex.get(f.rule),
        level: LEVEL[f.severity],
        message: { text: f.message },
        locations: [{ physicalLocation: { artifactLocation: artifactOf(f.path, tool.cwd), region: { startLine: f.line } } }],
      })),
    }],
  }, null, 2)
}

function artifactOf(path: string, cwd: string): { uri: string; uriBaseId?: string } {
  const rel = relative(cwd, path)
  if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return { uri: rel.split(sep).map(encodeURIComponent).join('/'), uriBaseId: SRCROOT }
  return { uri: pathToFileURL(path).href }
}
