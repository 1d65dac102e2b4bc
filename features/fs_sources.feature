@engine @fs_sources
Feature: filesystem-backed skills and prompts (skills: / prompts: globs)
  Files matched by the `skills:` and `prompts:` glob patterns in the worker config become
  registry entries whose body is read fresh from disk on every resolve. The file system is the
  single source of truth — nothing is mirrored to iii-state. The `iii://skills` index gets a
  separate `## Custom skills` section. State rows always win over files with the same id/name.
  The worker's config dir is a temp root (<root>) with the globs, in order:
    skills:  fs-skills/**/*.md, fs-extra/*.md, fs-skills/{same,twin}.md, fs-braces/{red,blue}.md
    prompts: fs-prompts/**/*.md
  "a fs skill file at P" is <root>/fs-skills/P; "a fs prompt file at P" is <root>/fs-prompts/P.

  Background:
    Given the iii engine is reachable

  # ── flat folder of skills ────────────────────────────────────────────

  Scenario: a flat folder of fs skills appears in skills::list with origin=fs
    Given a fs skill file at "alpha.md" with body:
      """
      # Alpha

      The alpha skill body.
      """
    And a fs skill file at "beta.md" with body:
      """
      # Beta

      The beta skill body.
      """
    When I list skills
    Then the listing has a fs entry with id "alpha" and origin "fs"
    And the listing has a fs entry with id "beta" and origin "fs"
    And the listing entry "alpha" describes the file "fs-skills/alpha.md"

  Scenario: fs and state skills are listed together, sorted by id
    Given a fs skill file at "m-file.md" with body "# File\n"
    And a fs skill file at "z-file.md" with body "# Later file\n"
    When I register a skill with id "a-state" and body "# State"
    And I register a skill with id "q-state" and body "# State"
    And I list skills
    Then the listing ids are "a-state, m-file, q-state, z-file"

  # ── nested directory hierarchy ───────────────────────────────────────

  Scenario: nested folders derive slashed ids
    Given a fs skill file at "team-a/playbook.md" with body:
      """
      # Team A playbook

      Top-level body.
      """
    And a fs skill file at "team-a/meetings/standup.md" with body:
      """
      # Standup

      Nested body.
      """
    When I list skills
    Then the listing has a fs entry with id "team-a/playbook" and origin "fs"
    And the listing has a fs entry with id "team-a/meetings/standup" and origin "fs"

  # ── iii://{id} reads ─────────────────────────────────────────────────

  Scenario: iii://{id} returns the file body fresh
    Given a fs skill file at "lookup.md" with body:
      """
      # Lookup

      Body content here.
      """
    When I read the URI "iii://lookup"
    Then the contents mime type is "text/markdown"
    And the contents text contains "Body content here."
    And the result equals:
      """
      {"contents": [{"uri": "iii://lookup", "mimeType": "text/markdown", "text": "# Lookup\n\nBody content here."}]}
      """

  Scenario: file changes between reads are reflected immediately
    Given a fs skill file at "live.md" with body:
      """
      # Live

      First version.
      """
    When I read the URI "iii://live"
    Then the contents text contains "First version."
    When I overwrite the fs skill file at "live.md" with body:
      """
      # Live

      Second version.
      """
    And I read the URI "iii://live"
    Then the contents text contains "Second version."
    And the contents text does not contain "First version."

  Scenario: a file added or removed after boot appears or disappears on the next call
    When I list skills
    Then no listing entry has id "late"
    Given a fs skill file at "late.md" with body "# Late\n"
    When I list skills
    Then the listing has a fs entry with id "late" and origin "fs"
    When I delete the fs skill file at "late.md"
    And I read the URI "iii://late"
    Then the call fails with "Skill not found: late"

  Scenario: an edited, added or deleted file shows in the list, the index and reads on the next call
    Given a fs skill file at "churn.md" with body "# Churn one\n\nFirst words.\n"
    When I read the URI "iii://skills"
    Then the index has the line "- [`churn`](iii://churn) — Churn one — First words."
    When I overwrite the fs skill file at "churn.md" with body:
      """
      # Churn two

      Second words, longer.
      """
    And I list skills
    Then the listing entry "churn" describes the file "fs-skills/churn.md"
    When I read the URI "iii://skills"
    Then the index has the line "- [`churn`](iii://churn) — Churn two — Second words, longer."
    When I read the URI "iii://churn"
    Then the contents text is "# Churn two\n\nSecond words, longer."
    Given a fs skill file at "churn-extra.md" with body "# Extra\n"
    When I read the URI "iii://skills"
    Then the index has the line "- [`churn-extra`](iii://churn-extra) — Extra"
    When I delete the fs skill file at "churn.md"
    And I read the URI "iii://skills"
    Then the contents text does not contain "(iii://churn)"
    When I list skills
    Then no listing entry has id "churn"

  Scenario: frontmatter is stripped from a skill body on read
    Given a fs skill file at "with-fm.md" with body "---\ntitle: ignored\ntags: [a, b]\n---\n# With frontmatter\nBody.\n"
    When I read the URI "iii://with-fm"
    Then the contents text is "# With frontmatter\nBody.\n"

  # ── index rendering ──────────────────────────────────────────────────

  Scenario: the iii://skills index has a Custom skills H2 section
    Given a fs skill file at "indexed.md" with body:
      """
      # Indexed skill

      First paragraph summary.
      """
    When I read the URI "iii://skills"
    Then the contents text contains "## Custom skills"
    And the contents text contains "Indexed skill"
    And the contents text contains "First paragraph summary."

  Scenario: the index puts fs skills after the state skills under their own heading
    Given a fs skill file at "handbook.md" with body "# Handbook\n\nHow we work.\n"
    And a fs skill file at "handbook/onboarding.md" with body "---\ndescription: x\n---\n# Onboarding\nFirst week.\n"
    When I register a skill with id "kept" and body "# Kept\n\nA state skill."
    And I read the URI "iii://skills"
    Then the contents text equals, with a final newline:
      """
      # Skills

      Read each skill's resource for orientation on when and why to call its functions. Sub-skills are indented under their parent path so a top-level skill stays small and the LLM can drill in only when it needs more detail.

      - [`kept`](iii://kept) — Kept — A state skill.

      ## Custom skills

      Loaded from `skills:` glob patterns in the worker config. The file system is the source of truth for these entries.

      - [`handbook`](iii://handbook) — Handbook — How we work.
        - [`handbook/onboarding`](iii://handbook/onboarding) — Onboarding — First week.
      """

  Scenario: an index of fs skills only has no state bullets before the Custom skills heading
    Given a fs skill file at "solo.md" with body "# Solo\n"
    When I read the URI "iii://skills"
    Then the contents text equals, with a final newline:
      """
      # Skills

      Read each skill's resource for orientation on when and why to call its functions. Sub-skills are indented under their parent path so a top-level skill stays small and the LLM can drill in only when it needs more detail.

      ## Custom skills

      Loaded from `skills:` glob patterns in the worker config. The file system is the source of truth for these entries.

      - [`solo`](iii://solo) — Solo
      """

  Scenario: nested fs skills are indented in the index by depth
    Given a fs skill file at "tree.md" with body:
      """
      # Tree root

      Top.
      """
    And a fs skill file at "tree/leaf.md" with body:
      """
      # Tree leaf

      Bottom.
      """
    When I read the URI "iii://skills"
    Then the index has a fs entry "tree" indented by 0 spaces
    And the index has a fs entry "tree/leaf" indented by 2 spaces

  Scenario: resources-list appends fs skills after the state skills
    Given a fs skill file at "aa-file.md" with body "# File title\n"
    And a fs skill file at "untitled-file.md" with body "no heading\n"
    When I register a skill with id "zz-state" and body "# State title"
    And I call skills::resources-list
    Then the result equals:
      """
      {"resources": [
        {"uri": "iii://skills", "name": "skills", "description": "Index of every registered skill", "mimeType": "text/markdown"},
        {"uri": "iii://zz-state", "name": "State title", "mimeType": "text/markdown"},
        {"uri": "iii://aa-file", "name": "File title", "mimeType": "text/markdown"},
        {"uri": "iii://untitled-file", "name": "untitled-file", "mimeType": "text/markdown"}
      ]}
      """

  # ── collisions ───────────────────────────────────────────────────────

  Scenario: a fs id colliding with a state-backed id is shadowed
    Given a fs skill file at "dual.md" with body:
      """
      # Dual

      File version.
      """
    When I register a skill with id "dual" and body "# Dual\n\nState version.\n"
    Then the call succeeds
    When I read the URI "iii://dual"
    Then the contents text contains "State version."
    And the contents text does not contain "File version."
    When I list skills
    Then the listing has exactly one entry with id "dual", with origin "state"

  Scenario: unregistering the state row makes the shadowed fs skill visible again
    Given a fs skill file at "dual.md" with body "# Dual\n\nFile version."
    When I register a skill with id "dual" and body "# Dual\n\nState version."
    And I unregister the skill "dual"
    Then the result equals:
      """
      {"id": "dual", "removed": true}
      """
    When I read the URI "iii://dual"
    Then the contents text is "# Dual\n\nFile version."

  Scenario: unregister never touches a fs skill
    Given a fs skill file at "file-only.md" with body "# File only\n"
    When I unregister the skill "file-only"
    Then the result equals:
      """
      {"id": "file-only", "removed": false}
      """
    When I read the URI "iii://file-only"
    Then the contents text is "# File only\n"

  Scenario: the first of two files with the same id wins
    Given a fs skill file at "dup.md" with body "# First copy\n"
    And a file at "fs-extra/dup.md" under the config dir with content "# Second copy\n"
    And a file at "fs-extra/extra-only.md" under the config dir with content "# Extra\n"
    When I list skills
    Then the listing ids are "dup, extra-only"
    When I read the URI "iii://dup"
    Then the contents text is "# First copy\n"

  Scenario: the same file matched by two patterns is listed once
    Given a fs skill file at "same.md" with body "# Same file\n"
    When I list skills
    Then the listing ids are "same"
    When I read the URI "iii://same"
    Then the contents text is "# Same file\n"

  # ── glob forms ───────────────────────────────────────────────────────

  Scenario: brace alternation in a glob matches each listed name
    Given a file at "fs-braces/red.md" under the config dir with content "# Red\n"
    And a file at "fs-braces/blue.md" under the config dir with content "# Blue\n"
    And a file at "fs-braces/green.md" under the config dir with content "# Green\n"
    When I list skills
    Then the listing ids are "blue, red"
    When I read the URI "iii://red"
    Then the contents text is "# Red\n"

  Scenario: relative globs resolve against the config dir, not the working directory
    Given a fs skill file at "base-check.md" with body "# Base check\n"
    Then the config dir is not the process working directory
    And there is no file "fs-skills/base-check.md" under the process working directory
    When I list skills
    Then the listing has a fs entry with id "base-check" and origin "fs"

  # ── invalid id rejection ─────────────────────────────────────────────

  Scenario: a fs skill file with uppercase in its name is skipped
    Given a fs skill file at "Bad-Name.md" with body:
      """
      # Bad

      Body.
      """
    When I list skills
    Then no listing entry has id "Bad-Name"
    And no listing entry has id "bad-name"
    When I read the URI "iii://Bad-Name"
    Then the call fails with "Skill not found: Bad-Name"

  Scenario: fs skill files whose ids are invalid are skipped
    Given a fs skill file at "dotted.name.md" with body "# Dotted\n"
    And a fs skill file at "fn/reserved.md" with body "# Reserved\n"
    And a fs skill file at "with space.md" with body "# Space\n"
    And a fs skill file at "good.md" with body "# Good\n"
    When I list skills
    Then the listing ids are "good"

  # ── line endings and frontmatter edge cases ──────────────────────────

  Scenario: a CRLF skill file is served byte for byte and titled without the CR
    Given a fs skill file at "crlf.md" with body "# Crlf skill\r\n\r\nCRLF body line.\r\n"
    When I read the URI "iii://crlf"
    Then the contents text is "# Crlf skill\r\n\r\nCRLF body line.\r\n"
    When I call skills::resources-list
    Then the resource "iii://crlf" is named "Crlf skill"
    When I read the URI "iii://skills"
    Then the index has the line "- [`crlf`](iii://crlf) — Crlf skill — CRLF body line."

  Scenario: CRLF frontmatter is stripped from a skill body
    Given a fs skill file at "crlf-fm.md" with body "---\r\ntags: x\r\n---\r\n# Crlf fm\r\nBody.\r\n"
    When I read the URI "iii://crlf-fm"
    Then the contents text is "# Crlf fm\r\nBody.\r\n"

  Scenario: a CRLF fs prompt is listed and served
    Given a fs prompt file at "crlf-prompt.md" with content "---\r\ndescription: Crlf prompt.\r\n---\r\nCRLF prompt body.\r\n"
    When I call prompts::mcp-list
    Then the mcp prompt list includes "crlf-prompt" with description "Crlf prompt."
    When I call prompts::mcp-get for "crlf-prompt"
    Then the result equals:
      """
      {"description": "Crlf prompt.", "messages": [{"role": "user", "content": {"type": "text", "text": "CRLF prompt body.\r\n"}}]}
      """

  Scenario: an unclosed frontmatter block is part of the skill body
    Given a fs skill file at "unclosed.md" with body "---\ntitle: open\n# Unclosed\nBody.\n"
    When I read the URI "iii://unclosed"
    Then the contents text is "---\ntitle: open\n# Unclosed\nBody.\n"

  Scenario: an empty frontmatter block is not recognised
    Given a fs skill file at "empty-block.md" with body "---\n---\n# Empty block\nBody.\n"
    When I read the URI "iii://empty-block"
    Then the contents text is "---\n---\n# Empty block\nBody.\n"

  Scenario: fs prompts with an unclosed or empty frontmatter block are skipped
    Given a fs prompt file at "unclosed.md" with content "---\ndescription: Never closed.\nbody\n"
    And a fs prompt file at "empty-block.md" with content "---\n---\nbody\n"
    And a fs prompt file at "fine.md" with content "---\ndescription: Fine.\n---\nbody\n"
    When I call prompts::mcp-list
    Then the result equals:
      """
      {"prompts": [{"name": "fine", "description": "Fine.", "arguments": []}]}
      """

  # ── read errors ──────────────────────────────────────────────────────

  Scenario: a fs skill with an empty body is listed but cannot be read
    Given a fs skill file at "blank.md" with body "\n\n"
    And a fs skill file at "fm-only.md" with body "---\ntitle: nothing else\n---"
    When I read the URI "iii://blank"
    Then the call fails with "file <root>/fs-skills/blank.md has empty body"
    When I read the URI "iii://fm-only"
    Then the call fails with "file <root>/fs-skills/fm-only.md has empty body"
    When I list skills
    Then the listing ids are "blank, fm-only"
    When I read the URI "iii://skills"
    Then the index has the line "- [`blank`](iii://blank) — blank"

  Scenario: a fs skill whose body is over 256 KiB cannot be read
    Given a fs skill file at "huge.md" of 262145 bytes
    And a fs skill file at "max.md" of 262144 bytes
    When I read the URI "iii://huge"
    Then the call fails with "file <root>/fs-skills/huge.md is too large (262145 bytes; max 262144)"
    When I read the URI "iii://max"
    Then the call succeeds
    When I list skills
    Then the listing entry "huge" has 262145 bytes

  Scenario: a fs prompt with an empty body cannot be served
    Given a fs prompt file at "hollow.md" with content "---\ndescription: Hollow.\n---\n\n"
    When I call prompts::mcp-get for "hollow"
    Then the call fails with "file <root>/fs-prompts/hollow.md has empty body"

  # ── prompts ─────────────────────────────────────────────────────────

  Scenario: a fs prompt with frontmatter appears in mcp-list
    Given a fs prompt file at "open-pr.md" with content:
      """
      ---
      name: open-pr
      description: Open a GitHub pull request.
      ---
      Compose a PR body that follows the repository template.
      """
    When I call prompts::mcp-list
    Then the mcp prompt list includes "open-pr" with description "Open a GitHub pull request."
    And the result equals:
      """
      {"prompts": [{"name": "open-pr", "description": "Open a GitHub pull request.", "arguments": []}]}
      """

  Scenario: prompts/get for a fs prompt returns the body as a single user-text message
    Given a fs prompt file at "static.md" with content:
      """
      ---
      description: Static prompt.
      ---
      The body content of the prompt.
      """
    When I call prompts::mcp-get for "static"
    Then the result equals:
      """
      {"description": "Static prompt.", "messages": [{"role": "user", "content": {"type": "text", "text": "The body content of the prompt."}}]}
      """

  Scenario: a fs prompt body is served without templating the caller's arguments
    Given a fs prompt file at "templated.md" with content "---\ndescription: Templated.\n---\nHello {to}.\n"
    When I call prompts::mcp-get on the prompt "templated" with arguments:
      """
      {"to": "alice"}
      """
    Then the result equals:
      """
      {"description": "Templated.", "messages": [{"role": "user", "content": {"type": "text", "text": "Hello {to}.\n"}}]}
      """

  Scenario: a fs prompt is named by its frontmatter, else by its file name
    Given a fs prompt file at "sub/file-name.md" with content "---\ndescription: By file name.\n---\nbody\n"
    And a fs prompt file at "other.md" with content "---\nname: '  by-frontmatter  '\ndescription: '  By frontmatter.  '\n---\nbody\n"
    When I call prompts::mcp-list
    Then the result equals:
      """
      {"prompts": [
        {"name": "by-frontmatter", "description": "By frontmatter.", "arguments": []},
        {"name": "file-name", "description": "By file name.", "arguments": []}
      ]}
      """

  Scenario: the first of two fs prompts with the same name wins
    Given a fs prompt file at "a.md" with content "---\nname: same\ndescription: First.\n---\nfirst body\n"
    And a fs prompt file at "b.md" with content "---\nname: same\ndescription: Second.\n---\nsecond body\n"
    When I call prompts::mcp-list
    Then the result equals:
      """
      {"prompts": [{"name": "same", "description": "First.", "arguments": []}]}
      """

  Scenario: fs prompts with a missing description, bad YAML or an invalid name are skipped
    Given a fs prompt file at "no-desc.md" with content "---\nname: no-desc\n---\nbody\n"
    And a fs prompt file at "bad-yaml.md" with content "---\ndescription: [unclosed\n---\nbody\n"
    And a fs prompt file at "bad-name.md" with content "---\nname: Bad Name\ndescription: x\n---\nbody\n"
    And a fs prompt file at "ok.md" with content "---\ndescription: Ok.\n---\nbody\n"
    When I call prompts::mcp-list
    Then the result equals:
      """
      {"prompts": [{"name": "ok", "description": "Ok.", "arguments": []}]}
      """

  Scenario: prompts::list reports fs prompts with origin fs
    Given a fs prompt file at "listed.md" with content "---\ndescription: Listed.\n---\nbody\n"
    When I register a prompt with name "state-one", description "x", function_id "test::handler"
    And I list prompts
    Then the prompt listing entry "listed" describes the file "fs-prompts/listed.md"
    And the prompt listing names are "listed, state-one"

  Scenario: a state prompt shadows a fs prompt with the same name
    Given a fs prompt file at "shared.md" with content "---\ndescription: From the file.\n---\nfile body\n"
    When I register a prompt with name "shared", description "From state.", function_id "test::handler"
    And I call prompts::mcp-list
    Then the result equals:
      """
      {"prompts": [{"name": "shared", "description": "From state.", "arguments": []}]}
      """

  Scenario: a fs prompt without frontmatter is skipped
    Given a fs prompt file at "no-fm.md" with content:
      """
      # heading
      no frontmatter
      """
    When I call prompts::mcp-list
    Then the mcp prompt list does not include "no-fm"
    When I call prompts::mcp-get for "no-fm"
    Then the call fails with "Prompt not found: no-fm"
