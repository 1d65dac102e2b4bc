@engine @skills_resources
Feature: iii:// resource resolver (skills::resources-list / read / templates)
  The `skills::resources-*` internal RPC serves the `iii://skills` index, registered `iii://{id}`
  bodies (any depth), and `iii://fn/{...}` sections that delegate to an iii function with the
  segments after `fn/` joined by `::`. Normalization turns strings, `{content}` objects and JSON
  into the contents envelope the `mcp` worker forwards to MCP `resources/read`.

  Background:
    Given the iii engine is reachable

  # ── resources-list ────────────────────────────────────────────────────

  Scenario: resources-list exposes the iii://skills index and every registered skill
    Given a skill with id "listed" and body:
      """
      # Listed

      This skill shows up in the index.
      """
    When I call skills::resources-list
    Then the resource list includes "iii://skills"
    And the resource list includes "iii://<id:listed>"

  Scenario: resources-list names each skill by its title, an empty title, or its id
    Given a skill with id "listed" and body "# Listed\n\nThis skill shows up."
    And a skill with id "no-title" and body "plain text, no heading"
    And a skill with id "empty-title" and body "# \nbody under an empty heading"
    When I call skills::resources-list
    Then the result equals:
      """
      {"resources": [
        {"uri": "iii://skills", "name": "skills", "description": "Index of every registered skill", "mimeType": "text/markdown"},
        {"uri": "iii://<id:empty-title>", "name": "", "mimeType": "text/markdown"},
        {"uri": "iii://<id:listed>", "name": "Listed", "mimeType": "text/markdown"},
        {"uri": "iii://<id:no-title>", "name": "<id:no-title>", "mimeType": "text/markdown"}
      ]}
      """

  Scenario: resources-templates returns the two URI templates
    When I call skills::resources-templates
    Then the result equals:
      """
      {"resourceTemplates": [
        {"uriTemplate": "iii://{skill_id}", "name": "Skill", "description": "Markdown body of a registered skill (1+ segments separated by '/')", "mimeType": "text/markdown"},
        {"uriTemplate": "iii://fn/{function_path}", "name": "Skill section", "description": "Trigger the function at `function_path` (each '/' becomes '::') with empty input and serve its output. e.g. `iii://fn/scope/echo` triggers `scope::echo`.", "mimeType": "text/markdown"}
      ]}
      """

  # ── reading iii:// URIs ───────────────────────────────────────────────

  Scenario: a skill registered as "skills" is listed but iii://skills still means the index
    When I register a skill with id "skills" and body "# Shadow of the index"
    Then the call succeeds
    When I call skills::resources-list
    Then the result equals:
      """
      {"resources": [
        {"uri": "iii://skills", "name": "skills", "description": "Index of every registered skill", "mimeType": "text/markdown"},
        {"uri": "iii://skills", "name": "Shadow of the index", "mimeType": "text/markdown"}
      ]}
      """
    When I read the URI "iii://skills"
    Then the contents text contains "- [`skills`](iii://skills) — Shadow of the index"
    And the contents text does not contain "\n# Shadow of the index"

  Scenario: iii://skills renders a markdown index with title and description
    Given a skill with id "indexed" and body:
      """
      # Indexed skill

      First paragraph summary.

      Ignored second paragraph.
      """
    When I read the URI "iii://skills"
    Then the contents mime type is "text/markdown"
    And the contents text contains "# Skills"
    And the contents text contains "Indexed skill"
    And the contents text contains "First paragraph summary."
    And the contents text does not contain "Ignored second paragraph."

  Scenario: the iii://skills index of an empty registry says so
    When I read the URI "iii://skills"
    Then the contents text equals, with a final newline:
      """
      # Skills

      Read each skill's resource for orientation on when and why to call its functions. Sub-skills are indented under their parent path so a top-level skill stays small and the LLM can drill in only when it needs more detail.

      _No skills are currently registered._
      """

  Scenario: the iii://skills index shows titles, falls back to the id, and cuts descriptions at 140 characters
    Given a skill with id "a-first" and body "# First\n\nShort description\nover two lines.\n\nSecond paragraph."
    And a skill with id "b-untitled" and body "no heading here\n"
    And a skill with id "c-empty-title" and body "# \nEmpty title body."
    And a skill with id "d-long" and body:
      """
      # Long

      abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij
      """
    And a skill with id "e-heading-only" and body "# Only a title\n\n## And a subheading\n"
    When I read the URI "iii://skills"
    Then the contents text equals, with a final newline:
      """
      # Skills

      Read each skill's resource for orientation on when and why to call its functions. Sub-skills are indented under their parent path so a top-level skill stays small and the LLM can drill in only when it needs more detail.

      - [`<id:a-first>`](iii://<id:a-first>) — First — Short description over two lines.
      - [`<id:b-untitled>`](iii://<id:b-untitled>) — <id:b-untitled> — no heading here
      - [`<id:c-empty-title>`](iii://<id:c-empty-title>) —  — Empty title body.
      - [`<id:d-long>`](iii://<id:d-long>) — Long — abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij...
      - [`<id:e-heading-only>`](iii://<id:e-heading-only>) — Only a title
      """

  Scenario: iii://{id} returns the registered body as text/markdown
    Given a skill with id "body" and body:
      """
      # Body skill

      The full body goes here.
      """
    When I read the URI "iii://<id:body>"
    Then the contents mime type is "text/markdown"
    And the contents text contains "The full body goes here."
    And the result equals:
      """
      {"contents": [{"uri": "iii://<id:body>", "mimeType": "text/markdown", "text": "# Body skill\n\nThe full body goes here."}]}
      """

  Scenario: a skill body is served untrimmed
    Given a skill with id "spaced" and body "\n  # Spaced\nbody  \n\n"
    When I read the URI "iii://<id:spaced>"
    Then the contents text is "\n  # Spaced\nbody  \n\n"

  # ── section shapes (iii://fn/{...}) ───────────────────────────────────

  Scenario: iii://fn/{...} returning a markdown string is served as text/markdown
    Given the function "bdd::section-str-<suffix>" returns the string "# str-section\nbody"
    When I read the URI "iii://fn/bdd/section-str-<suffix>"
    Then the contents mime type is "text/markdown"
    And the contents text is "# str-section\nbody"

  Scenario: iii://fn/{...} returning {content} is served as text/markdown
    Given the function "bdd::section-obj-<suffix>" returns:
      """
      {"content": "# wrapped\nsection", "other": 1}
      """
    When I read the URI "iii://fn/bdd/section-obj-<suffix>"
    Then the contents mime type is "text/markdown"
    And the contents text is "# wrapped\nsection"

  Scenario: iii://fn/{...} returning arbitrary JSON falls back to application/json
    Given the function "bdd::section-json-<suffix>" returns:
      """
      {"label": "json", "count": 42}
      """
    When I read the URI "iii://fn/bdd/section-json-<suffix>"
    Then the contents mime type is "application/json"
    And the contents text contains "count"
    And the result equals:
      """
      {"contents": [{"uri": "iii://fn/bdd/section-json-<suffix>", "mimeType": "application/json", "text": "{\n  \"count\": 42,\n  \"label\": \"json\"\n}"}]}
      """

  Scenario: section JSON is pretty-printed with keys sorted at every depth
    Given the function "bdd::section-nested-<suffix>" returns:
      """
      {"b": [{"z": 1, "a": []}, "s", true], "a": {}, "c": {"y": null, "x": 1.5}}
      """
    When I read the URI "iii://fn/bdd/section-nested-<suffix>"
    Then the contents mime type is "application/json"
    And the contents text equals:
      """
      {
        "a": {},
        "b": [
          {
            "a": [],
            "z": 1
          },
          "s",
          true
        ],
        "c": {
          "x": 1.5,
          "y": null
        }
      }
      """

  Scenario: a {content} that is not a string falls back to application/json
    Given the function "bdd::section-num-<suffix>" returns:
      """
      {"content": 7}
      """
    When I read the URI "iii://fn/bdd/section-num-<suffix>"
    Then the contents mime type is "application/json"
    And the contents text is "{\n  \"content\": 7\n}"

  Scenario: a section function that returns nothing is served as JSON null
    Given the function "bdd::section-void-<suffix>" returns nothing
    When I read the URI "iii://fn/bdd/section-void-<suffix>"
    Then the contents mime type is "application/json"
    And the contents text is "null"

  Scenario: a section function is triggered with an empty input
    Given the function "bdd::section-echo-<suffix>" returns the string "ok"
    When I read the URI "iii://fn/bdd/section-echo-<suffix>"
    Then the function "bdd::section-echo-<suffix>" received:
      """
      [{}]
      """

  Scenario: a failing section function fails the read with the trigger error
    Given the function "bdd::section-boom-<suffix>" throws "kaboom"
    When I read the URI "iii://fn/bdd/section-boom-<suffix>"
    Then the call fails with an error starting with "trigger bdd::section-boom-<suffix>: "
    And the call fails with an error containing "kaboom"

  Scenario: a section whose function is not registered fails the read with the trigger error
    When I read the URI "iii://fn/bdd/never-registered-<suffix>"
    Then the call fails with an error starting with "trigger bdd::never-registered-<suffix>: "
    And the call fails with an error containing "not found"

  # ── recursion guard ──────────────────────────────────────────────────

  Scenario: the section resolver refuses state:: as a function id
    When I read the URI "iii://fn/state/set"
    Then the call fails with "Function 'state::set' is in an internal namespace and cannot back a skill resource"

  Scenario: the section resolver refuses mcp:: as a function id
    When I read the URI "iii://fn/mcp/handler"
    Then the call fails with "Function 'mcp::handler' is in an internal namespace and cannot back a skill resource"

  Scenario: the section resolver refuses skills:: to block tunnelling into the admin API
    When I read the URI "iii://fn/skills/register"
    Then the call fails with "Function 'skills::register' is in an internal namespace and cannot back a skill resource"

  Scenario: the section resolver refuses prompts:: as a function id
    When I read the URI "iii://fn/prompts/register"
    Then the call fails with "Function 'prompts::register' is in an internal namespace and cannot back a skill resource"

  # ── URI validation ───────────────────────────────────────────────────

  Scenario: a URI without the iii:// prefix is rejected
    When I read the URI "https://example.com"
    Then the call fails with "Resource URI must start with iii://: https://example.com"

  Scenario: a URI with nothing after iii:// is rejected
    When I read the URI "iii://"
    Then the call fails with "Empty resource id: iii://"

  Scenario: iii://fn alone (no function path after the prefix) is rejected
    When I read the URI "iii://fn"
    Then the call fails with "Section URI 'iii://fn' is missing a function path: expected iii://fn/{a}/{b}/...: iii://fn"

  Scenario: iii://fn/ (trailing slash) is rejected
    When I read the URI "iii://fn/"
    Then the call fails with "Resource URI may not contain empty segments (no leading, trailing, or doubled '/'): iii://fn/"

  Scenario: a section URI segment must be a valid id segment
    When I read the URI "iii://fn/Bad-Case"
    Then the call fails with:
      """
      invalid section URI segment "Bad-Case": segment may only contain lowercase ASCII letters, digits, '-' and '_': "Bad-Case"
      """

  Scenario: reading an unknown skill returns a not-found error
    When I read the URI "iii://no-such-skill-does-not-exist"
    Then the call fails with "Skill not found: no-such-skill-does-not-exist"

  Scenario: reading an unknown deep skill returns a not-found error
    When I read the URI "iii://no-parent/no-child"
    Then the call fails with "Skill not found: no-parent/no-child"

  Scenario: reading an invalid skill id returns a not-found error
    When I read the URI "iii://Bad-Id"
    Then the call fails with "Skill not found: Bad-Id"

  Scenario: a legacy worker::fn link gets a hint to the iii://fn/ form
    When I read the URI "iii://brain/brain::summarize"
    Then the call fails with "Skill not found: brain/brain::summarize (function links use iii://fn/brain/summarize)"
