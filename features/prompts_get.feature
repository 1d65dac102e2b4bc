@engine @prompts_get
Feature: prompts::mcp-get (the internal RPC behind MCP prompts/get)
  `prompts::mcp-get` looks a prompt up by name, invokes its handler via `iii.trigger`, and
  normalizes the handler output into the `{ description, messages: [...] }` shape the MCP worker
  passes to clients. Unknown prompts error; infra-namespace handlers are rejected by the hard floor.
  The scoped prompt is registered with description "bdd prompt" and called with `arguments: {}`.

  Background:
    Given the iii engine is reachable

  Scenario: a string handler is wrapped as a single user message
    Given a prompt handler that returns the string "str body"
    When I call prompts::mcp-get on the scoped prompt
    Then the call succeeds
    And the result equals:
      """
      {"description": "bdd prompt", "messages": [{"role": "user", "content": {"type": "text", "text": "str body"}}]}
      """

  Scenario: a {content} handler is wrapped as a single user message
    Given a prompt handler that returns:
      """
      {"content": "obj body", "ignored": true}
      """
    When I call prompts::mcp-get on the scoped prompt
    Then the result equals:
      """
      {"description": "bdd prompt", "messages": [{"role": "user", "content": {"type": "text", "text": "obj body"}}]}
      """

  Scenario: a {messages: [...]} handler is passed through unchanged
    Given a prompt handler that returns:
      """
      {"messages": [
        {"role": "user", "content": {"type": "text", "text": "m1"}},
        {"role": "assistant", "content": {"type": "text", "text": "m2"}, "extra": [1, {"kept": null}]}
      ], "content": "not used"}
      """
    When I call prompts::mcp-get on the scoped prompt
    Then the result equals:
      """
      {"description": "bdd prompt", "messages": [
        {"role": "user", "content": {"type": "text", "text": "m1"}},
        {"role": "assistant", "content": {"type": "text", "text": "m2"}, "extra": [1, {"kept": null}]}
      ]}
      """

  Scenario: a messages field that is not an array falls through to content
    Given a prompt handler that returns:
      """
      {"messages": "not an array", "content": "from content"}
      """
    When I call prompts::mcp-get on the scoped prompt
    Then the result equals:
      """
      {"description": "bdd prompt", "messages": [{"role": "user", "content": {"type": "text", "text": "from content"}}]}
      """

  Scenario: a handler returning an unsupported shape fails the call
    Given a prompt handler that returns:
      """
      {"unexpected": true}
      """
    When I call prompts::mcp-get on the scoped prompt
    Then the call fails with "prompt handler returned unsupported shape; expected string, { content }, or { messages: [...] }"

  Scenario: a handler returning nothing fails the call as an unsupported shape
    Given a prompt handler that returns nothing
    When I call prompts::mcp-get on the scoped prompt
    Then the call fails with "prompt handler returned unsupported shape; expected string, { content }, or { messages: [...] }"

  Scenario: the caller's arguments reach the handler as given
    Given a prompt handler that returns the string "ok"
    When I call prompts::mcp-get on the scoped prompt with arguments:
      """
      {"to": "alice@example.com", "count": 3, "nested": {"deep": [true]}}
      """
    Then the call succeeds
    And the prompt handler received:
      """
      [{"to": "alice@example.com", "count": 3, "nested": {"deep": [true]}}]
      """

  Scenario: absent arguments reach the handler as an empty object
    Given a prompt handler that returns the string "ok"
    When I call "prompts::mcp-get" with:
      """
      {"name": "<id:prompt>"}
      """
    Then the call succeeds
    And the prompt handler received:
      """
      [{}]
      """

  Scenario: a failing handler fails the call with the trigger error
    Given a prompt handler that throws "handler exploded"
    When I call prompts::mcp-get on the scoped prompt
    Then the call fails with an error starting with "trigger bdd::prompt-handler-<suffix>: "
    And the call fails with an error containing "handler exploded"

  Scenario: calling mcp-get on an unknown prompt returns a not-found error
    When I call prompts::mcp-get with an unknown name "no-such-prompt"
    Then the call fails with "Prompt not found: no-such-prompt"

  Scenario: calling mcp-get with an invalid name fails validation
    When I call prompts::mcp-get with an unknown name "Not Valid"
    Then the call fails with "name may only contain lowercase ASCII letters, digits, '-' and '_': \"Not Valid\""

  Scenario: a prompt pointing at an infra-namespace handler is rejected by the hard floor
    Given a prompt pointing at the infra function "state::set"
    When I call prompts::mcp-get on the scoped prompt
    Then the call fails with "Prompt handler 'state::set' is in an internal namespace and cannot back a prompt"

  Scenario: skill::fetch is not hard-floored and can back a prompt
    Given a skill with id "doc" and body "# Doc\nbody"
    And a prompt pointing at the function "skill::fetch"
    When I call prompts::mcp-get on the scoped prompt with arguments:
      """
      {"uri": "iii://<id:doc>"}
      """
    Then the result equals:
      """
      {"description": "bdd prompt", "messages": [{"role": "user", "content": {"type": "text", "text": "# iii://<id:doc>\n\n# Doc\nbody"}}]}
      """
