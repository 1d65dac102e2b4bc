/**
 * `check` on the real corpora (shared/corpora, 1,485 skills): the SARIF log validates against the
 * SARIF 2.1.0 schema (as @microsoft/jest-sarif ships it) with a rule id, a file and a line on every
 * result (E15.1), and the whole check takes at most a generous 3× of E15.3's 3 s in this process
 * (`npm run bench` reports the figure of the built command line).
 */
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import AjvModule from 'ajv-draft-04'
import addFormatsModule from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { parseCheckCli, runCheck } from '../../src/app/modes/check.js'
import { RULES } from '../../src/check/rules.js'
import { CORPORA_ROOT_ARGS, CORPORA_SKILLS } from '../support/corpora.js'
import { REPO_ROOT } from '../support/processes.js'
import { silentLogger } from '../support/silent-logger.js'

const require = createRequire(import.meta.url)
// Both are CommonJS: under NodeNext the default import is the module, its `default` the export.
const Ajv = (AjvModule.default ?? AjvModule) as typeof AjvModule.default
const addFormats = (addFormatsModule.default ?? addFormatsModule) as typeof addFormatsModule.default
const SARIF_SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json')

async function checkCorpora(format: string): Promise<{ code: number; text: string; ms: number }> {
  let text = ''
  const out = new Writable({ write(chunk, _enc, done) { text += String(chunk); done() } })
  const started = performance.now()
  const code = await runCheck(parseCheckCli([...CORPORA_ROOT_ARGS, '--format', format]), out, silentLogger())
  return { code, text, ms: performance.now() - started }
}

interface SarifLog {
  version: string
  runs: Array<{
    tool: { driver: { name: string; rules: Array<{ id: string }> } }
    results: Array<{ ruleId: string; level: string; message: { text: string }; locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number } } }> }>
  }>
}

describe('check over shared/corpora', () => {
  it('writes a SARIF 2.1.0 log that validates against the schema, every result with a rule id, a file and a line', async () => {
    const { code, text } = await checkCorpora('sarif')
    const log = JSON.parse(text) as SarifLog
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }) // the schema's `language` pattern is not valid with the u flag
    addFormats(ajv)
    const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')) as object)
    expect(validate(log) ? [] : validate.errors?.slice(0, 5)).toEqual([])
    const first = log.runs[0]?.results[0]
    expect([validate({ ...log, version: '2.0.0' }), validate({ ...log, runs: [{ ...log.runs[0], results: [{ ...first, level: 'fatal' }] }] })]).toEqual([false, false])
    expect(log.version).toBe('2.1.0')
    const [run] = log.runs
    expect(run?.tool.driver.rules.map((r) => r.id)).toEqual(RULES.map((r) => r.id))
    const results = run?.results ?? []
    expect(results.length).toBeGreaterThan(1000)
    const cwd = process.cwd()
    const unlocated = results.filter((r) => {
      const where = r.locations[0]?.physicalLocation
      if (!RULES.some((rule) => rule.id === r.ruleId) || where === undefined || !(where.region.startLine >= 1)) return true
      const path = where.artifactLocation.uriBaseId === '%SRCROOT%' ? `${cwd}/${decodeURIComponent(where.artifactLocation.uri)}` : fileURLToPath(where.artifactLocation.uri)
      return !existsSync(path)
    })
    expect(unlocated).toEqual([])
    expect(code).toBe(results.some((r) => r.level === 'error') ? 1 : 0)
  }, 60_000)

  it('finds the same with the built command line, which checks the folders on worker threads', async () => {
    const built = join(REPO_ROOT, 'dist/src/check/rule-threads.js')
    expect(existsSync(built), 'npm test builds dist/ first').toBe(true)
    const child = spawnSync(process.execPath, [join(REPO_ROOT, 'dist/src/main.js'), 'check', ...CORPORA_ROOT_ARGS, '--format', 'json'], {
      cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LOG_LEVEL: 'silent' },
    })
    const { code, text } = await checkCorpora('json')
    expect(child.status).toBe(code)
    expect(JSON.parse(child.stdout)).toEqual(JSON.parse(text))
  }, 60_000)

  it('checks all 1,485 skills in a generous 3x of E15.3\'s 3 s', async () => {
    const { text, ms } = await checkCorpora('json')
    expect((JSON.parse(text) as { checked: number }).checked).toBe(CORPORA_SKILLS)
    expect(ms).toBeLessThan(9000)
  }, 60_000)
})
