/**
 * A fake backend that answers exactly what the skills worker returns (skills-worker.md §1.6–§1.14,
 * §3, §4): the envelopes a real MCP client must accept once they pass through the endpoint.
 */
import { fakeBackend, type FakeBackend } from './fake-backend.js'

const MD = 'text/markdown'

export const INDEX_TEXT =
  "# Skills\n\nRead each skill's resource for orientation on when and why to call its functions. Sub-skills are indented under their parent path so a top-level skill stays small and the LLM can drill in only when it needs more detail.\n\n" +
  '- [`alpha`](iii://alpha) \u2014 Alpha skill \u2014 Alpha body line.\n' +
  '- [`empty-title`](iii://empty-title) \u2014 \n' +
  '- [`tree-root`](iii://tree-root) \u2014 Tree root \u2014 Top level body.\n' +
  '  - [`tree-root/leaf`](iii://tree-root/leaf) \u2014 Tree leaf \u2014 A child entry.\n' +
  '    - [`tree-root/leaf/deep`](iii://tree-root/leaf/deep) \u2014 Deep \u2014 Too deep for the index.\n' +
  '\n## Custom skills\n\nLoaded from `skills:` glob patterns in the worker config. The file system is the source of truth for these entries.\n\n' +
  '- [`team-a`](iii://team-a) \u2014 team-a\n' +
  '    - [`team-a/meetings/standup`](iii://team-a/meetings/standup) \u2014 Standup \u2014 Daily sync.\n'

const BODIES: Record<string, string> = {
  'iii://alpha': '# Alpha skill\nAlpha body line.\n',
  'iii://tree-root/leaf': '# Tree leaf\nA child entry.\n',
}

export const RESOURCES = {
  resources: [
    { description: 'Index of every registered skill', mimeType: MD, name: 'skills', uri: 'iii://skills' },
    { mimeType: MD, name: 'Alpha skill', uri: 'iii://alpha' },
    { mimeType: MD, name: '', uri: 'iii://empty-title' },
    { mimeType: MD, name: 'Tree root', uri: 'iii://tree-root' },
    { mimeType: MD, name: 'Tree leaf', uri: 'iii://tree-root/leaf' },
    { mimeType: MD, name: 'Deep', uri: 'iii://tree-root/leaf/deep' },
    { mimeType: MD, name: 'team-a', uri: 'iii://team-a' },
    { mimeType: MD, name: 'Standup', uri: 'iii://team-a/meetings/standup' },
  ],
}

export const TEMPLATES = {
  resourceTemplates: [
    { uriTemplate: 'iii://{skill_id}', name: 'Skill', description: "Markdown body of a registered skill (1+ segments separated by '/')", mimeType: MD },
    {
      uriTemplate: 'iii://fn/{function_path}',
      name: 'Skill section',
      description:
        "Trigger the function at `function_path` (each '/' becomes '::') with empty input and serve its output. e.g. `iii://fn/scope/echo` triggers `scope::echo`.",
      mimeType: MD,
    },
  ],
}

export const PROMPTS = {
  prompts: [
    { arguments: [{ description: 'Recipient', name: 'to', required: true }, { name: 'cc', required: false }], description: 'Send an email', name: 'send-email' },
    { arguments: [], description: 'Open a GitHub pull request.', name: 'open-pr' },
  ],
}

/** The full profile's own prompt (E12.6), listed after the worker's. */
export const SKILL_PROMPT_ENTRY = {
  name: 'skill',
  title: 'Load a skill',
  description: 'Put one skill into the conversation: its whole markdown, as a resource. The name completes skill ids.',
  arguments: [{ name: 'name', description: 'The skill id (as in iii://{id}); completion lists the ids that start with what you typed.', required: true }],
}

const FETCH_INPUT = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'FetchSkillInput',
  type: 'object',
  properties: {
    uri: { description: 'A single iii:// URI to read. Must start with "iii://".', default: null, type: ['string', 'null'] },
    uris: { description: 'Multiple iii:// URIs to read and concatenate into one response.', default: null, type: ['array', 'null'], items: { type: 'string' } },
  },
}

const FETCH_DESCRIPTION =
  'Fetches the content of one or more skill resources identified by iii:// URIs. When you encounter iii:// links in skill instructions, use this tool to retrieve their contents (batch with `uris` when helpful).'

const HIDDEN_IDS = [
  'skills::register', 'skills::unregister', 'skills::list', 'skills::resources-list', 'skills::resources-read',
  'skills::resources-templates', 'skills::fetch_skill', 'prompts::register', 'prompts::unregister', 'prompts::list',
  'prompts::mcp-list', 'prompts::mcp-get', 'state::get', 'engine::functions::list',
]

function read(data: unknown) {
  const uri = (data as { uri: string }).uri
  if (uri === 'iii://skills') return { contents: [{ mimeType: MD, text: INDEX_TEXT, uri }] }
  if (uri === 'iii://fn/demo/json') return { contents: [{ mimeType: 'application/json', text: '{\n  "count": 42\n}', uri }] }
  if (uri === 'iii://broken') throw new Error("trigger demo::broken: remote error (invocation_failed): kaboom")
  const body = BODIES[uri]
  if (body === undefined) throw new Error(`Skill not found: ${uri.slice('iii://'.length)}`)
  return { contents: [{ mimeType: MD, text: body, uri }] }
}

function getPrompt(data: unknown) {
  const { name, arguments: args } = data as { name: string; arguments?: Record<string, string> }
  if (name === 'send-email') return { description: 'Send an email', messages: [{ content: { text: `Write to ${args?.to}`, type: 'text' }, role: 'user' }] }
  if (name === 'open-pr') return { description: 'Open a GitHub pull request.', messages: [{ content: { text: 'Open a PR for {branch}.\n', type: 'text' }, role: 'user' }] }
  throw new Error(`Prompt not found: ${name}`)
}

function fetchSkill(data: unknown) {
  const { uri } = data as { uri: string }
  return `# ${uri}\n\n${read({ uri }).contents[0]!.text.trimEnd()}`
}

export function skillsBackend(): FakeBackend {
  return fakeBackend({
    functions: [
      ...HIDDEN_IDS.map((function_id) => ({ function_id, description: 'Internal.', request_format: { type: 'object' }, metadata: {} })),
      { function_id: 'skill::fetch', description: FETCH_DESCRIPTION, request_format: FETCH_INPUT, metadata: { tool: { label: 'Fetch skill' } } },
      { function_id: 'demo::echo', description: 'Echo.', request_format: { type: 'object', properties: { msg: { type: 'string' } }, required: ['msg'] } },
      { function_id: 'demo::boom' },
    ],
    handlers: {
      'skills::resources-list': () => RESOURCES,
      'skills::resources-read': read,
      'skills::resources-templates': () => TEMPLATES,
      'prompts::mcp-list': () => PROMPTS,
      'prompts::mcp-get': getPrompt,
      'skill::fetch': fetchSkill,
      'demo::echo': (data) => ({ echoed: (data as { msg: string }).msg }),
      'demo::boom': () => {
        throw new Error('kapow')
      },
    },
  })
}
