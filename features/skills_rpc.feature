@engine @skills_protocol @skills_rpc
Feature: Skills Protocol discovery as JSON-RPC over HTTP
  The worker binds its internal function skills::rpc to the engine's http trigger
  {api_path: "skills/rpc", http_method: "POST"}, so the engine's HTTP port (3111 by default; the
  embedded engine serves http triggers there too) answers the discovery methods list_skills,
  describe_skill and read_skill_file as JSON-RPC 2.0: one request object per POST, HTTP 200 with
  the JSON-RPC response, HTTP 204 with no body for a notification.

  Background:
    Given the iii engine is reachable

  Scenario: an unknown method is -32601, naming the method
    When I POST to the skills RPC endpoint:
      """
      {"jsonrpc":"2.0","id":7,"method":"tools/list"}
      """
    Then the HTTP reply is 200 with content type "application/json"
    And the HTTP body is exactly:
      """
      {"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"Method not found: tools/list"}}
      """

  Scenario: a batch is -32600 with a null id
    When I POST to the skills RPC endpoint:
      """
      [{"jsonrpc":"2.0","id":1,"method":"list_skills"}]
      """
    Then the HTTP reply is 200 with content type "application/json"
    And the HTTP body is exactly:
      """
      {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Batch requests are not supported"}}
      """

  Scenario Outline: a frame that is not a request is -32600, echoing a usable id
    When I POST to the skills RPC endpoint:
      """
      <frame>
      """
    Then the HTTP reply is 200 with content type "application/json"
    And the HTTP body is exactly:
      """
      {"jsonrpc":"2.0","id":<id>,"error":{"code":-32600,"message":"Invalid JSON-RPC request"}}
      """

    Examples:
      | frame                                             | id   |
      | {"id":1,"method":"list_skills"}                   | 1    |
      | {"jsonrpc":"2.0","id":"a"}                        | "a"  |
      | {"jsonrpc":"2.0","id":2,"method":42}              | 2    |
      | {"jsonrpc":"2.0","id":3,"method":"list_skills","params":"x"} | 3 |
      | {"jsonrpc":"2.0","id":{},"method":"list_skills"}  | null |
      | "list_skills"                                     | null |

  Scenario: a notification gets HTTP 204 and no body
    When I POST to the skills RPC endpoint:
      """
      {"jsonrpc":"2.0","method":"list_skills"}
      """
    Then the HTTP reply is 204 with no body

  Scenario: the endpoint only takes POST
    When I POST to the skills RPC endpoint:
      """
      {"jsonrpc":"2.0","method":"list_skills"}
      """
    And I send GET "/skills/rpc" to the engine's HTTP port
    Then the HTTP reply is 405 with no body

  Scenario: a path no trigger is bound to is a 404 with the engine's error envelope
    When I send POST "/skills/no-such-route" to the engine's HTTP port
    Then the HTTP reply is 404 with content type "application/json"
    And the HTTP body is exactly:
      """
      {"error":{"code":"NOT_FOUND","message":"Not Found"}}
      """
