/**
 * What the demo config (tests/fixtures/demo, `DEMO_CONFIG`) serves, as the end-to-end suites that
 * boot it expect to see it.
 */

/**
 * `resources/list` of the full profile: the index, then every skill, nested ones included, then
 * each skill's `SKILL.md` as the MCP Skills Extension publishes it (E6.5).
 */
export const DEMO_RESOURCE_URIS = [
  'iii://skills',
  'iii://code-review',
  'iii://commit-message',
  'iii://iii-skills',
  'iii://iii-skills/publishing',
  'skill://code-review/SKILL.md',
  'skill://commit-message/SKILL.md',
  'skill://iii-skills/SKILL.md',
  'skill://iii-skills/publishing/SKILL.md',
]

/** `list_skills` with the default detail (`names`): every skill by protocol name, one page. */
export const DEMO_SKILL_NAMES = [
  { name: 'code-review', version: '0.2.0' },
  { name: 'commit-message', version: '1.0.0' },
  { name: 'iii-skills', version: '0.0.0' },
  { name: 'iii-skills.publishing', version: '0.0.0' },
]
