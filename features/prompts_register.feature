@engine @prompts_register
Feature: prompts::register / unregister / list
  The prompts registry validates name, description, function_id and arguments (no duplicate or
  empty names) before writing to the `prompts` scope. Re-registration overwrites; unregister is
  idempotent; list returns metadata sorted by name without dispatching handlers.

  Background:
    Given the iii engine is reachable

  # ── name validation ──────────────────────────────────────────────────

  Scenario: register rejects an empty name
    When I register a prompt with name "", description "x", function_id "test::handler"
    Then the call fails with "name must be non-empty"

  Scenario: register rejects an uppercase name
    When I register a prompt with name "BadName", description "x", function_id "test::handler"
    Then the call fails with "name may only contain lowercase ASCII letters, digits, '-' and '_': \"BadName\""

  Scenario: register rejects a name with a space
    When I register a prompt with name "bad name", description "x", function_id "test::handler"
    Then the call fails with "name may only contain lowercase ASCII letters, digits, '-' and '_': \"bad name\""

  Scenario: register rejects a name with :: like a function id
    When I register a prompt with name "mcp::register", description "x", function_id "test::handler"
    Then the call fails with "name may only contain lowercase ASCII letters, digits, '-' and '_': \"mcp::register\""

  Scenario: register rejects a name with a slash
    When I register a prompt with name "team/send", description "x", function_id "test::handler"
    Then the call fails with "name may only contain lowercase ASCII letters, digits, '-' and '_': \"team/send\""

  Scenario: register rejects a name longer than 64 bytes
    When I register a prompt with name "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn", description "x", function_id "test::handler"
    Then the call fails with "name too long (65 chars; max 64)"

  # ── description / function_id validation ─────────────────────────────

  Scenario: register rejects a blank description
    When I register a prompt with name "ok", description "  ", function_id "test::handler"
    Then the call fails with "description must be non-empty"

  Scenario: register rejects a missing function_id
    When I register a prompt with name "ok", description "x", function_id ""
    Then the call fails with "function_id must be non-empty"

  Scenario: register rejects a blank function_id
    When I register a prompt with name "ok", description "x", function_id " \t"
    Then the call fails with "function_id must be non-empty"

  # ── arguments validation ─────────────────────────────────────────────

  Scenario: register rejects duplicate argument names
    When I register a prompt "ok" with arguments:
      """
      [{"name": "to", "required": true}, {"name": "cc"}, {"name": "to"}]
      """
    Then the call fails with "duplicate argument name: to"

  Scenario: register rejects an empty argument name
    When I register a prompt "ok" with arguments:
      """
      [{"name": "to"}, {"name": "   "}]
      """
    Then the call fails with "argument name must be non-empty"

  Scenario: register rejects arguments that are not an array
    When I call "prompts::register" with:
      """
      {"name": "<id:ok>", "description": "x", "function_id": "test::handler", "arguments": "to"}
      """
    Then the call fails with an error containing "`arguments`"

  # ── round-trip ───────────────────────────────────────────────────────

  Scenario: register then list surfaces the scoped prompt
    When I register a scoped prompt "simple" pointing at "test::handler"
    Then the call succeeds
    When I register a scoped prompt "another" pointing at "test::other"
    And I list prompts
    Then the scoped prompt "simple" appears in the listing
    And each prompt listing entry carries arguments count, function_id, and registered_at
    And the prompt listing is sorted by name

  Scenario: register answers with the stored timestamp and list counts the arguments
    When I register a scoped prompt "shaped" pointing at "test::handler" with arguments:
      """
      [{"name": "to", "description": "Recipient", "required": true}, {"name": "cc"}]
      """
    Then the result equals:
      """
      {"name": "<id:shaped>", "registered_at": "<var:registered_at>"}
      """
    And the recorded registered_at is an RFC 3339 UTC timestamp with a +00:00 offset
    When I list prompts
    Then the result equals:
      """
      {"prompts": [{"name": "<id:shaped>", "function_id": "test::handler", "arguments": 2, "registered_at": "<var:registered_at>", "origin": "state"}]}
      """

  Scenario: register stores the description and function_id untrimmed
    When I register a prompt with name "<id:untrimmed>", description "  spaced out  ", function_id " test::handler "
    Then the call succeeds
    When I call prompts::mcp-list
    Then the result equals:
      """
      {"prompts": [{"name": "<id:untrimmed>", "description": "  spaced out  ", "arguments": []}]}
      """
    When I list prompts
    Then the prompt listing entry "<id:untrimmed>" has function_id " test::handler "

  Scenario: re-register overwrites and refreshes the timestamp
    When I register a scoped prompt "twice" pointing at "test::handler"
    And I record the registered_at timestamp as "first"
    And 20 ms pass
    And I register a prompt with name "<id:twice>", description "refreshed", function_id "test::handler"
    Then the call succeeds
    And the registered_at timestamp differs from "first"
    When I call prompts::mcp-list
    Then the mcp prompt list includes "<id:twice>" with description "refreshed"

  Scenario: unregister is idempotent
    When I register a scoped prompt "gone" pointing at "test::handler"
    And I unregister the scoped prompt "gone"
    Then the result equals:
      """
      {"name": "<id:gone>", "removed": true}
      """
    When I unregister the scoped prompt "gone"
    Then the result equals:
      """
      {"name": "<id:gone>", "removed": false}
      """
    When I list prompts
    Then the scoped prompt "gone" does not appear in the listing

  Scenario: unregister validates the name like register
    When I unregister the prompt "Bad Name"
    Then the call fails with "name may only contain lowercase ASCII letters, digits, '-' and '_': \"Bad Name\""
