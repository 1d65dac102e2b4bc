/**
 * What the publisher worker process (publisher-worker.ts) registers, shared with the tests that
 * assert on it so both sides name the same ids, bodies and prompt.
 */
export const STATUS_FUNCTION = 'demo::status'
export const STATUS_URI = 'iii://fn/demo/status'
export const STATUS_MARKDOWN = '# Demo status\n\nAll demo systems nominal.\n'

export const PROMPT_HANDLER = 'demo::greet-prompt'
export const OBSERVERS = {
  'skills::on-change': 'demo::on-skills-change',
  'prompts::on-change': 'demo::on-prompts-change',
} as const

export const PARENT_SKILL = {
  id: 'demo',
  skill: '# Demo worker\n\nPublished by a separate worker process.\n\nLive status: iii://fn/demo/status. Details: iii://demo/guide\n',
}
export const NESTED_SKILL = {
  id: 'demo/guide',
  skill: '# Demo guide\n\nHow the demo worker reports its status.\n\nThe live report: iii://fn/demo/status\n',
}

export const PROMPT = {
  name: 'demo-greet',
  description: 'Greet someone by name.',
  arguments: [{ name: 'who', description: 'Who to greet', required: true }],
  function_id: PROMPT_HANDLER,
}

export const greeting = (who: string) => `Say hello to ${who} from the demo worker.`

/** One line of the publisher's stdout protocol (other stdout lines, from the SDK, are not JSON). */
export type PublisherLine =
  | { kind: 'ready' }
  | { kind: 'published'; results: unknown[] }
  | { kind: 'event'; trigger_type: string; payload: unknown }
  | { kind: 'error'; message: string }

export function parsePublisherLine(line: string): PublisherLine | undefined {
  if (!line.startsWith('{')) return undefined
  try {
    return JSON.parse(line) as PublisherLine
  } catch {
    return undefined
  }
}
