@engine @mcp_bridge
Feature: skills::resources-* and prompts::mcp-* bridge to the mcp worker
  The `mcp` worker serves MCP `resources/*` and `prompts/*` by calling the internal RPC this
  worker exposes. These scenarios lock in the exact envelopes the `mcp` dispatcher expects, so
  a renamed field or a missing key is caught immediately.

  Background:
    Given the iii engine is reachable
    And a skill and a prompt are registered for the bridge test

  Scenario: skills::resources-list returns the MCP resources/list envelope
    When I call skills::resources-list
    Then the resource list includes "iii://skills"
    And the resource list includes "iii://<id:bridge>"
    And the result equals:
      """
      {"resources": [
        {"uri": "iii://skills", "name": "skills", "description": "Index of every registered skill", "mimeType": "text/markdown"},
        {"uri": "iii://<id:bridge>", "name": "bridge", "mimeType": "text/markdown"}
      ]}
      """

  Scenario: skills::resources-read round-trips a registered skill body
    When I read the URI "iii://<id:bridge>"
    Then the contents mime type is "text/markdown"
    And the contents text contains "body content"
    And the result equals:
      """
      {"contents": [{"uri": "iii://<id:bridge>", "mimeType": "text/markdown", "text": "# bridge\n\nbody content\n"}]}
      """

  Scenario: prompts::mcp-list returns the MCP-shaped arguments array
    When I call prompts::mcp-list
    Then the result equals:
      """
      {"prompts": [{"name": "<id:bridge-prompt>", "description": "bdd bridge", "arguments": [{"name": "to", "description": "Recipient", "required": true}]}]}
      """

  Scenario: prompts::mcp-list omits an absent argument description and defaults required to false
    When I register a prompt "<id:plain-args>" with arguments:
      """
      [{"name": "subject"}, {"name": "body", "description": null, "required": false}]
      """
    And I call prompts::mcp-list
    Then the mcp prompt list entry "<id:plain-args>" has arguments:
      """
      [{"name": "subject", "required": false}, {"name": "body", "required": false}]
      """

  Scenario: prompts::mcp-get dispatches the handler and returns the MCP messages shape
    When I call prompts::mcp-get on the prompt "<id:bridge-prompt>" with arguments:
      """
      {"to": "alice@example.com"}
      """
    Then the result equals:
      """
      {"description": "bdd bridge", "messages": [{"role": "user", "content": {"type": "text", "text": "bridge body"}}]}
      """
    And the function "bdd::bridge-handler-<suffix>" received:
      """
      [{"to": "alice@example.com"}]
      """

  Scenario: skill::fetch answers with a bare string the mcp worker passes on as text
    When I call "skill::fetch" with:
      """
      {"uri": "iii://<id:bridge>"}
      """
    Then the result is the text "# iii://<id:bridge>\n\n# bridge\n\nbody content"
