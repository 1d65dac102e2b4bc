@engine @skills_fetch
Feature: skills::fetch_skill and skill::fetch — batched iii:// resource fetch
  The fetch tool resolves one or more iii:// URIs through the same resolver as
  `skills::resources-read`, wraps each result as `# {uri}\n\n{text}` (text with trailing
  whitespace trimmed), and joins sections with `\n\n---\n\n`. Both ids share one handler:
  `skills::fetch_skill` is the internal id, `skill::fetch` the public alias MCP clients see.

  Background:
    Given the iii engine is reachable
    And a skill with id "alpha" and body:
      """
      # alpha-skill
      Alpha body line.
      """
    And a skill with id "beta" and body:
      """
      # beta-skill
      Beta body line.
      """

  # ── happy paths ───────────────────────────────────────────────────────

  Scenario: skills::fetch_skill with a single uri returns the body wrapped under the URI heading
    When I call skills::fetch_skill on the scoped skills "alpha"
    Then the call succeeds
    And the fetch text starts with "# iii://<id:alpha>"
    And the fetch text contains "Alpha body line."
    And the fetch text has 1 section
    And the result is the text:
      """
      # iii://<id:alpha>

      # alpha-skill
      Alpha body line.
      """

  Scenario: skills::fetch_skill with a uris array concatenates sections separated by ---
    When I call skills::fetch_skill on the scoped skills "alpha,beta"
    Then the call succeeds
    And the fetch text contains "Alpha body line."
    And the fetch text contains "Beta body line."
    And the fetch text has 2 sections
    And the result is the text:
      """
      # iii://<id:alpha>

      # alpha-skill
      Alpha body line.

      ---

      # iii://<id:beta>

      # beta-skill
      Beta body line.
      """

  Scenario: skill::fetch alias returns identical output to skills::fetch_skill
    When I call skill::fetch on the scoped skills "alpha,beta"
    Then the call succeeds
    And the fetch text contains "Alpha body line."
    And the fetch text contains "Beta body line."
    And the fetch text has 2 sections
    And the result is the same as skills::fetch_skill gives for the scoped skills "alpha,beta"

  Scenario: uris takes precedence over uri when both are provided
    When I call skills::fetch_skill with the payload:
      """
      {"uris": ["iii://<id:beta>"], "uri": "iii://<id:alpha>"}
      """
    Then the call succeeds
    And the fetch text contains "Beta body line."
    And the fetch text does not contain "Alpha body line."
    And the fetch text has 1 section

  Scenario: fetch trims each URI and each body's trailing whitespace
    Given a skill with id "trailing" and body "# trailing\nbody with spaces   \n\n\n"
    When I call skills::fetch_skill with the payload:
      """
      {"uris": ["  iii://<id:trailing>\t", "", "iii://<id:alpha>"]}
      """
    Then the result is the text "# iii://<id:trailing>\n\n# trailing\nbody with spaces\n\n---\n\n# iii://<id:alpha>\n\n# alpha-skill\nAlpha body line."

  Scenario: fetch can read the index and sections as well as skills
    Given the function "bdd::fetched-section-<suffix>" returns the string "section text\n"
    When I call skills::fetch_skill with the payload:
      """
      {"uris": ["iii://fn/bdd/fetched-section-<suffix>", "iii://skills"]}
      """
    Then the call succeeds
    And the fetch text starts with "# iii://fn/bdd/fetched-section-<suffix>\n\nsection text\n\n---\n\n# iii://skills\n\n# Skills\n\n"
    And the fetch text has 2 sections

  # ── validation ───────────────────────────────────────────────────────

  Scenario: missing uri and uris fields returns a validation error
    When I call skills::fetch_skill with no uri or uris
    Then the call fails with "Provide uri or a non-empty uris array"

  Scenario: a non-iii:// URI is rejected
    When I call skills::fetch_skill with the raw URI "https://example.com"
    Then the call fails with "Invalid URI (must start with iii://): https://example.com"

  Scenario: the first non-iii:// URI is named, trimmed
    When I call skills::fetch_skill with the payload:
      """
      {"uris": ["iii://<id:alpha>", "  ftp://first  ", "https://second"]}
      """
    Then the call fails with "Invalid URI (must start with iii://): ftp://first"

  Scenario: a blank uri string is rejected
    When I call skills::fetch_skill with the raw URI "   "
    Then the call fails with "Provide uri or a non-empty uris array"

  Scenario: a uris array of blanks does not fall back to uri
    When I call skills::fetch_skill with the payload:
      """
      {"uris": ["  ", ""], "uri": "iii://<id:alpha>"}
      """
    Then the call fails with "Provide uri or a non-empty uris array"

  Scenario: an empty uris array falls back to uri
    When I call skills::fetch_skill with the payload:
      """
      {"uris": [], "uri": "iii://<id:alpha>"}
      """
    Then the call succeeds
    And the fetch text has 1 section

  Scenario: an unknown iii:// id surfaces a not-found error
    When I call skills::fetch_skill with the raw URI "iii://does-not-exist-xyz"
    Then the call fails with "Skill not found: does-not-exist-xyz"

  Scenario: the first failing URI aborts the whole fetch
    When I call skills::fetch_skill with the payload:
      """
      {"uris": ["iii://<id:alpha>", "iii://missing-one", "iii://fn/state/get"]}
      """
    Then the call fails with "Skill not found: missing-one"

  # ── alias parity on the validation branch ────────────────────────────

  Scenario: skill::fetch surfaces the same validation error as skills::fetch_skill
    When I call skill::fetch with no uri or uris
    Then the call fails with "Provide uri or a non-empty uris array"
