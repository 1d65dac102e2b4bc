@engine @skills_register
Feature: skills::register / unregister / list
  The state-backed skills registry validates ids and bodies up front, writes to the `skills`
  scope, fans out through the `skills::on-change` trigger type, and supports idempotent removal.
  Error texts are compared whole: agents and the mcp bridge match on them.

  Background:
    Given the iii engine is reachable

  # ── id validation ─────────────────────────────────────────────────────

  Scenario: register rejects an empty id
    When I register a skill with id "" and body "# hi"
    Then the call fails with "id must be non-empty"

  Scenario: register rejects an uppercase id
    When I register a skill with id "Bad-Id" and body "# hi"
    Then the call fails with:
      """
      invalid id (segment 1 of "Bad-Id"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "Bad-Id"
      """

  Scenario: register rejects an id with a space
    When I register a skill with id "with space" and body "# hi"
    Then the call fails with:
      """
      invalid id (segment 1 of "with space"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "with space"
      """

  Scenario: register rejects an id with a leading slash
    When I register a skill with id "/leading-slash" and body "# hi"
    Then the call fails with "id may not have a leading or trailing '/': \"/leading-slash\""

  Scenario: register rejects an id with a trailing slash
    When I register a skill with id "trailing-slash/" and body "# hi"
    Then the call fails with "id may not have a leading or trailing '/': \"trailing-slash/\""

  Scenario: register rejects an id with a doubled slash
    When I register a skill with id "doubled//slash" and body "# hi"
    Then the call fails with "invalid id (segment 2 of \"doubled//slash\"): segment must be non-empty"

  Scenario: register rejects an id with a colon
    When I register a skill with id "with::colon" and body "# hi"
    Then the call fails with:
      """
      invalid id (segment 1 of "with::colon"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "with::colon"
      """

  Scenario: register rejects a 65-char id
    When I register a skill with id "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" and body "# ok"
    Then the call fails with:
      """
      invalid id (segment 1 of "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"): segment too long (65 chars; max 64): "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
      """

  Scenario: register rejects an id longer than 1024 bytes before looking at segments
    When I register a skill whose id is 103 segments of "abcdefghi"
    Then the call fails with "id too long (1029 chars; max 1024): \"<var:long-id>\""

  # ── body validation ───────────────────────────────────────────────────

  Scenario: register rejects an empty body
    When I register a skill with id "emptyid" and an empty body
    Then the call fails with "skill must be non-empty"

  Scenario: register accepts a whitespace-only body
    When I register a skill with id "blankid" and body "   "
    Then the call succeeds

  Scenario: register rejects a body bigger than 256 KiB
    When I register a skill with id "bigid" and a body of 262145 bytes
    Then the call fails with "skill body too large (262145 bytes; max 262144)"

  Scenario: register rejects a body whose UTF-8 length is over 256 KiB even when it has fewer characters
    When I register a skill with id "bigid" and a body of 131073 two-byte characters
    Then the call fails with "skill body too large (262146 bytes; max 262144)"

  Scenario: register accepts a body right at 256 KiB
    When I register a skill with id "maxid" and a body of 262144 bytes
    Then the call succeeds
    When I list skills
    Then the listing entry "maxid" has 262144 bytes

  # ── payload decoding ──────────────────────────────────────────────────

  Scenario: register rejects a payload without the skill field
    When I call "skills::register" with:
      """
      {"id": "<id:no-body>"}
      """
    Then the call fails with an error containing "missing field `skill`"

  Scenario: register ignores unknown fields
    When I call "skills::register" with:
      """
      {"id": "<id:extra>", "skill": "# Extra", "tools": ["ignored"]}
      """
    Then the call succeeds

  # ── round-trip ────────────────────────────────────────────────────────

  Scenario: register then list shows the scoped skill
    When I register a scoped skill "smoke" with body "# smoke\n\nsmoke body"
    Then the call succeeds
    When I register a scoped skill "alpha" with body "# alpha"
    And I register a scoped skill "zulu" with body "# zulu"
    And I list skills
    Then the scoped skill "smoke" appears in the listing
    And the listing entries carry bytes and registered_at but no skill body
    And the listing is sorted by id

  Scenario: register answers with the stored timestamp and list reports the body size in UTF-8 bytes
    When I register a scoped skill "shape" with body "# Shape\n\nBody é"
    Then the result equals:
      """
      {"id": "<id:shape>", "registered_at": "<var:registered_at>"}
      """
    And the recorded registered_at is an RFC 3339 UTC timestamp with a +00:00 offset
    When I list skills
    Then the result equals:
      """
      {"skills": [{"id": "<id:shape>", "bytes": 16, "registered_at": "<var:registered_at>", "origin": "state"}]}
      """

  Scenario: re-register overwrites the body and refreshes the timestamp
    When I register a scoped skill "twice" with body "# one\nfirst"
    And I record the registered_at timestamp as "first"
    And 20 ms pass
    And I register a scoped skill "twice" with body "# one\nsecond"
    Then the call succeeds
    And the registered_at timestamp differs from "first"
    When I read the URI "iii://<id:twice>"
    Then the contents text is "# one\nsecond"

  Scenario: unregister is idempotent
    When I register a scoped skill "gone" with body "# gone\nbody"
    And I unregister the scoped skill "gone"
    Then the result equals:
      """
      {"id": "<id:gone>", "removed": true}
      """
    When I unregister the scoped skill "gone"
    Then the result equals:
      """
      {"id": "<id:gone>", "removed": false}
      """
    When I list skills
    Then the scoped skill "gone" does not appear in the listing

  Scenario: unregister validates the id like register
    When I unregister the skill "Bad-Id"
    Then the call fails with:
      """
      invalid id (segment 1 of "Bad-Id"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "Bad-Id"
      """
