@engine @skills_protocol
Feature: Skills Protocol discovery (E2): list_skills, describe_skill, read_skill_file
  Three public functions over every skill the index lists (state rows, then the fs skills no state
  row shadows), once each. A skill's `name` is its id with every `/` replaced by `.`; its namespace
  is the id's first segment; its version is frontmatter metadata.version, else frontmatter version,
  else "0.0.0"; its description is the frontmatter description, else the index bullet's.
  The config dir (<root>) holds a copy of tests/fixtures/agent-skills at agent-kit/ (served by
  agent-kit/skills/**/SKILL.md): pdf-forms, acme, acme/billing, changelog-writer, plus refused
  folders; agent-kit/secret.txt and agent-kit/outside/ sit next to the skills and hold
  SECRET-OUTSIDE-THE-SKILL-FOLDER, which no answer may ever contain.

  Background:
    Given the iii engine is reachable
    And the Agent Skills fixture folder is copied to "agent-kit"

  # ── entries ──────────────────────────────────────────────────────────

  Scenario: the three functions are registered as public functions
    When I call "engine::functions::list" with:
      """
      {"prefix": "skill::"}
      """
    Then the engine lists the public functions "skill::list_skills, skill::describe_skill, skill::read_skill_file"

  Scenario: list_skills names every state row and fs skill once, by name, with its version
    When I register a skill with id "team/handbook" and body "# Handbook\n\nHow the team works.\n"
    And I register a skill with id "notes" and body "---\nversion: \"0.9.0\"\ndescription: Meeting notes.\n---\n# Notes\n"
    And I register a skill with id "pdf-forms" and body "# Stored pdf-forms\n"
    And I call "skill::list_skills" with:
      """
      {}
      """
    Then the result equals:
      """
      {"skills": [
        {"name": "acme", "version": "3.0.0"},
        {"name": "acme.billing", "version": "2.1.0"},
        {"name": "changelog-writer", "version": "0.0.0"},
        {"name": "long-description", "version": "0.0.0"},
        {"name": "notes", "version": "0.9.0"},
        {"name": "pdf-forms", "version": "0.0.0"},
        {"name": "team.handbook", "version": "0.0.0"},
        {"name": "wrong-name", "version": "0.0.0"}
      ], "next_cursor": null}
      """

  Scenario: detail "summary" adds the description, namespace and kind, and a namespace keeps only its entries
    When I register a skill with id "acme/oncall" and body "# On call\n\nWho to page at night.\n"
    And I register a skill with id "acmex" and body "# Not acme\n"
    And I call "skill::list_skills" with:
      """
      {"namespace": "acme", "detail": "summary"}
      """
    Then the result equals:
      """
      {"skills": [
        {"name": "acme", "version": "3.0.0", "description": "How ACME's internal services fit together, which team owns which data, and how the services talk through the iii engine. Start here before touching any ACME system.", "namespace": "acme", "kind": "instruction", "tokens": 36},
        {"name": "acme.billing", "version": "2.1.0", "description": "Issue refunds and credit notes in ACME billing, following the approval rules.", "namespace": "acme", "kind": "instruction", "tokens": 24},
        {"name": "acme.oncall", "version": "0.0.0", "description": "Who to page at night.", "namespace": "acme", "kind": "instruction", "tokens": 10}
      ], "next_cursor": null}
      """

  Scenario: a skill without any description has none in the summary
    When I register a skill with id "bare" and body "# Only a title\n"
    And I call "skill::list_skills" with:
      """
      {"namespace": "bare", "detail": "summary"}
      """
    Then the result equals:
      """
      {"skills": [{"name": "bare", "version": "0.0.0", "namespace": "bare", "kind": "instruction", "tokens": 5}], "next_cursor": null}
      """

  # ── pagination ───────────────────────────────────────────────────────

  Scenario: pages of 3 with the cursor of the previous page, the last one with a null cursor
    When I call "skill::list_skills" with:
      """
      {"limit": 3}
      """
    Then the listed names are "acme, acme.billing, changelog-writer"
    When I record the next cursor as "page2"
    And I call "skill::list_skills" with:
      """
      {"limit": 3, "cursor": "<var:page2>"}
      """
    Then the listed names are "long-description, pdf-forms, wrong-name"
    And the next cursor is null

  Scenario: a walk with limit 3 returns every entry present throughout exactly once while others come and go
    When I register a skill with id "s-bravo" and body "# Bravo\n"
    And I register a skill with id "s-delta" and body "# Delta\n"
    And I register a skill with id "s-foxtrot" and body "# Foxtrot\n"
    And I register a skill with id "s-hotel" and body "# Hotel\n"
    And I page through skill::list_skills with limit 3, changing the registry after pages:
      | page | register  | unregister |
      | 1    | a-early   |            |
      | 1    |           | s-delta    |
      | 2    | s-charlie | s-bravo    |
      | 2    | s-zulu    |            |
    Then every page held at most 3 names
    And the walk returned no name twice
    And the walk returned the names in byte order
    And the walk returned each of "acme, acme.billing, changelog-writer, pdf-forms, s-bravo, s-foxtrot, s-hotel" exactly once

  Scenario Outline: list_skills refuses <case>, naming the field
    When I call "skill::list_skills" with:
      """
      <input>
      """
    Then the call fails with "<error>"

    Examples:
      | case                      | input                  | error                                                                   |
      | an unknown detail         | {"detail": "full"}     | invalid value for field `detail`: must be one of \"names\", \"summary\" |
      | a limit of 0              | {"limit": 0}           | invalid value for field `limit`: must be an integer from 1 to 500       |
      | a limit of 501            | {"limit": 501}         | invalid value for field `limit`: must be an integer from 1 to 500       |
      | a limit that is a string  | {"limit": "3"}         | invalid type for field `limit`: expected integer, got string            |
      | a cursor that is not ours | {"cursor": "cGFnZS0y"} | invalid value for field `cursor`: not a cursor returned by list_skills  |

  Scenario: a cursor made for one namespace is refused for another
    When I call "skill::list_skills" with:
      """
      {"namespace": "acme", "limit": 1}
      """
    And I record the next cursor as "acme-page"
    And I call "skill::list_skills" with:
      """
      {"cursor": "<var:acme-page>"}
      """
    Then the call fails with "invalid value for field `cursor`: was returned for another namespace"

  # ── describe_skill ───────────────────────────────────────────────────

  Scenario: a folder's skill.toml is its manifest; the frontmatter comes with the default detail
    When I call "skill::describe_skill" with:
      """
      {"name": "pdf-forms"}
      """
    Then the result equals the golden "skills_protocol/describe-pdf-forms-summary.json"

  Scenario: without skill.toml the manifest is built, with tags; detail "full" adds SKILL.md as on disk
    When I call "skill::describe_skill" with:
      """
      {"name": "acme.billing", "version": "2.1.0", "detail": "full"}
      """
    Then the result equals the golden "skills_protocol/describe-acme-billing-full.json"

  Scenario: detail "manifest" gives only the manifest
    When I call "skill::describe_skill" with:
      """
      {"name": "changelog-writer", "detail": "manifest"}
      """
    Then the result equals the golden "skills_protocol/describe-changelog-writer-manifest.json"

  Scenario: a state row is described from its stored body, a markdown file from its text
    When I register a skill with id "notes" and body "---\nversion: \"0.9.0\"\ndescription: Weekly notes.\ntags: [meetings]\n---\n# Notes\n"
    And I call "skill::describe_skill" with:
      """
      {"name": "notes", "detail": "full"}
      """
    Then the result equals the golden "skills_protocol/describe-notes-full.json"
    Given a fs skill file at "guides/setup.md" with body "# Setup\n\nInstall the CLI first.\n"
    When I call "skill::describe_skill" with:
      """
      {"name": "guides.setup", "detail": "full"}
      """
    Then the result equals the golden "skills_protocol/describe-guides-setup-full.json"

  Scenario Outline: describe_skill refuses <case>
    When I call "skill::describe_skill" with:
      """
      <input>
      """
    Then the call fails with "<error>"

    Examples:
      | case                      | input                                        | error                                                                                |
      | an unknown name           | {"name": "nope"}                             | Skill not found: nope                                                                |
      | an id instead of its name | {"name": "acme/billing"}                     | Skill not found: acme/billing                                                        |
      | a refused folder          | {"name": "no-frontmatter"}                   | Skill not found: no-frontmatter                                                      |
      | another version           | {"name": "acme.billing", "version": "1.0.0"} | Skill version not found: acme.billing@1.0.0                                          |
      | an unknown detail         | {"name": "acme", "detail": "names"}          | invalid value for field `detail`: must be one of \"manifest\", \"summary\", \"full\" |
      | no name                   | {"detail": "full"}                           | missing field `name`                                                                 |

  # ── read_skill_file ──────────────────────────────────────────────────

  Scenario: SKILL.md is the file as it is on disk, and any file below the folder can be read
    When I read the file "SKILL.md" of the skill "pdf-forms"
    Then the content is the text of "agent-kit/skills/pdf-forms/SKILL.md" under the config dir
    When I read the file "references/field-types.md" of the skill "pdf-forms"
    Then the content is the text of "agent-kit/skills/pdf-forms/references/field-types.md" under the config dir
    When I read the file "references/latest.md" of the skill "pdf-forms"
    Then the content is the text of "agent-kit/skills/pdf-forms/references/field-types.md" under the config dir
    When I read the file "scripts/fill_form.py" of the skill "pdf-forms"
    Then the content is the text of "agent-kit/skills/pdf-forms/scripts/fill_form.py" under the config dir
    When I read the file "references/refunds.md" of the skill "acme.billing"
    Then the content is the text of "agent-kit/skills/acme/billing/references/refunds.md" under the config dir

  Scenario: a state row and a markdown file have only SKILL.md
    When I register a skill with id "notes" and body "# Notes\n"
    And I read the file "SKILL.md" of the skill "notes"
    Then the result equals:
      """
      {"content": "# Notes\n"}
      """
    When I read the file "references/more.md" of the skill "notes"
    Then the call fails with "File not found: references/more.md"
    Given a fs skill file at "guides/setup.md" with body "---\ntags: [x]\n---\n# Setup\n"
    When I read the file "SKILL.md" of the skill "guides.setup"
    Then the result equals:
      """
      {"content": "---\ntags: [x]\n---\n# Setup\n"}
      """

  Scenario: a nested skill folder's files are not the parent folder's
    When I read the file "glossary.md" of the skill "acme"
    Then the content is the text of "agent-kit/skills/acme/glossary.md" under the config dir
    When I read the file "billing/references/refunds.md" of the skill "acme"
    Then the call fails with "File not found: billing/references/refunds.md"
    When I read the file "billing/SKILL.md" of the skill "acme"
    Then the call fails with "File not found: billing/SKILL.md"

  Scenario: a version that differs from the skill's is refused
    When I call "skill::read_skill_file" with:
      """
      {"name": "pdf-forms", "version": "1.3.9", "path": "SKILL.md"}
      """
    Then the call fails with "Skill version not found: pdf-forms@1.3.9"

  Scenario: a path with a backslash is refused before anything is looked up
    When I read the file "references\\field-types.md" of the skill "pdf-forms"
    Then the call fails with 'Invalid path "references\\\\field-types.md": must not contain a backslash'
    When I read the file "..\\secret.txt" of the skill "no-such-skill"
    Then the call fails with 'Invalid path "..\\\\secret.txt": must not contain a backslash'

  Scenario Outline: read_skill_file refuses <case> and never answers with content from outside the folder
    Given a file of 1048577 bytes at "agent-kit/skills/pdf-forms/assets/huge.bin" under the config dir
    And a symlink at "agent-kit/skills/pdf-forms/dangling.md" under the config dir pointing to "../../gone.md"
    When I read the file "<path>" of the skill "pdf-forms"
    Then the call fails with "<error>"
    And nothing the call answered contains "SECRET-OUTSIDE-THE-SKILL-FOLDER"

    Examples:
      | case                        | path                           | error                                                                            |
      | an empty path               |                                | Invalid path \"\": must be non-empty                                             |
      | an absolute path            | /etc/hosts                     | Invalid path \"/etc/hosts\": must be relative to the skill folder                |
      | a parent segment            | ../../secret.txt               | Invalid path \"../../secret.txt\": must not contain a '..' segment               |
      | a parent segment further in | references/../../../secret.txt | Invalid path \"references/../../../secret.txt\": must not contain a '..' segment |
      | a NUL                       | SKILL.md\\u0000.txt            | Invalid path \"SKILL.md\0.txt\": must not contain a NUL character                |
      | a symlink to a file outside | leak.txt                       | Path resolves outside the skill folder: leak.txt                                 |
      | a symlinked folder outside  | outside-dir/notes.md           | Path resolves outside the skill folder: outside-dir/notes.md                     |
      | an absolute symlink         | etc-hosts                      | Path resolves outside the skill folder: etc-hosts                                |
      | a directory                 | references                     | Not a file: references                                                           |
      | the folder itself           | .                              | Not a file: .                                                                    |
      | a missing file              | references/missing.md          | File not found: references/missing.md                                            |
      | a dangling symlink          | dangling.md                    | File not found: dangling.md                                                      |
      | a file over 1 MiB           | assets/huge.bin                | File too large: assets/huge.bin (1048577 bytes; max 1048576)                     |
      | a binary file               | assets/logo.png                | File is not valid UTF-8 text: assets/logo.png                                    |
