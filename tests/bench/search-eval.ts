/**
 * The search evaluation set (E8.1, tests/fixtures/search-eval/): skills written like real Agent
 * Skills and requests phrased as users put them, each with the id of the skill it needs. A skill is
 * stored as its fields; `evalSkillBody` writes the SKILL.md it stands for (frontmatter, title,
 * description, a workflow and a tips section).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { rankingMetrics, type RankingMetrics } from './ranking-metrics.js'

export interface EvalSkill {
  id: string
  title: string
  description: string
  steps: string[]
  tips: string
}

export interface EvalRequest {
  query: string
  id: string
}

// Run from dist/tests/bench (npm run bench) or tests/bench (vitest): tsc does not copy the fixtures.
const FIXTURES = new URL(fileURLToPath(import.meta.url).includes('/dist/tests/') ? '../../../tests/fixtures/search-eval/' : '../fixtures/search-eval/', import.meta.url)

const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'))

export const evalSkills = (): EvalSkill[] => readJson('skills.json') as EvalSkill[]
export const evalRequests = (): EvalRequest[] => readJson('requests.json') as EvalRequest[]

export function evalSkillBody(skill: EvalSkill): string {
  const name = skill.id.slice(skill.id.lastIndexOf('/') + 1)
  return [
    '---', `name: ${name}`, `description: ${JSON.stringify(skill.description)}`, '---',
    `# ${skill.title}`, '', skill.description, '',
    '## Workflow', '', ...skill.steps.map((step, i) => `${i + 1}. ${step}.`), '',
    '## Tips', '', skill.tips, '',
  ].join('\n')
}

/** Runs every request through `search` (ids, best first) and scores the rankings. */
export async function evaluateSearch(search: (query: string) => Promise<readonly string[]>): Promise<RankingMetrics> {
  const judged = []
  for (const request of evalRequests()) judged.push({ query: request.query, expected: request.id, ranked: await search(request.query) })
  return rankingMetrics(judged)
}
