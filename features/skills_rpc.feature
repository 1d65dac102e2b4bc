@engine @skills_protocol @skills_rpc
Feature: Skills Protocol discovery as JSON-RPC over HTTP
  The worker binds its internal function skills::rpc to the engine's http trigger
  {api_path: "skills/rpc", http_method: "POST"}, so the engine's HTTP port (3111 by default; the
  embedded engine serves http triggers there too) answers the discovery methods list_skills,
  describe_skill and read_skill_file as JSON-RPC 2.0: one request object per POST, HTTP 200 with
  the JSON-RPC response, HTTP 204 with no body for a notification.

  Background:
    Given the iii engine is reachable

  Scenario: list_skills lists every skill by name, with detail "summary"
    Given a fs skill file at "pdf/SKILL.md" with body:
      """
      ---
      description: Fill and merge PDF forms.
      metadata:
        version: "1.2.0"
      ---
      # PDF
      """
    And a skill with id "notes" and body "# Notes\n\nTeam notes.\n"
    When I POST to the skills RPC endpoint:
      """
      {"jsonrpc":"2.0","id":1,"method":"list_skills","params":{"detail":"summary"}}
      """
    Then the HTTP reply is 200 with content type "application/json"
    And the HTTP body is the JSON:
      """
      {"jsonrpc":"2.0","id":1,"result":{"skills":[
        {"name":"<id:notes>","version":"0.0.0","description":"Team notes.","namespace":"<id:notes>","kind":"instruction","tokens":6},
        {"name":"pdf","version":"1.2.0","description":"Fill and merge PDF forms.","namespace":"pdf","kind":"instruction","tokens":2}
      ],"next_cursor":null}}
      """

  Scenario: describe_skill names a nested skill folder with dots
    Given a fs skill file at "acme/billing/SKILL.md" with body:
      """
      ---
      description: Billing runbooks.
      version: "2.0.0"
      tags: [billing, finance]
      ---
      # Billing
      """
    When I POST to the skills RPC endpoint:
      """
      {"jsonrpc":"2.0","id":"d","method":"describe_skill","params":{"name":"acme.billing","detail":"full"}}
      """
    Then the HTTP reply is 200 with content type "application/json"
    And the HTTP body is the JSON of the golden "skills_rpc/describe-acme-billing-full.json"

  Scenario: read_skill_file reads a file of the skill folder
    Given a fs skill file at "pdf/SKILL.md" with body "---\ndescription: PDF.\n---\n# PDF\n"
    And a fs skill file at "pdf/scripts/fill.py" with body "print('fill')\n"
    When I POST to the skills RPC endpoint:
      """
      {"jsonrpc":"2.0","id":3,"method":"read_skill_file","params":{"name":"pdf","path":"scripts/fill.py"}}
      """
    Then the HTTP reply is 200 with content type "application/json"
    And the HTTP body is the JSON:
      """
      {"jsonrpc":"2.0","id":3,"result":{"content":"print('fill')\n"}}
      """

  Scenario Outline: the function's refusal is -32602 with its message
    Given a fs skill file at "pdf/SKILL.md" with body "---\ndescription: PDF.\n---\n# PDF\n"
    When I POST to the skills RPC endpoint:
      """
      {"jsonrpc":"2.0","id":9,"method":"<method>","params":<params>}
      """
    Then the HTTP reply is 200 with content type "application/json"
    And the HTTP body is the JSON:
      """
      {"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"<message>"}}
      """

    Examples:
      | method          | params                                  | message                                                            |
      | describe_skill  | {"name":"nope"}                         | Skill not found: nope                                              |
      | describe_skill  | {"name":"pdf","version":"9.9.9"}        | Skill version not found: pdf@9.9.9                                 |
      | describe_skill  | {}                                      | missing field `name`                                               |
      | read_skill_file | {"name":"pdf","path":"scripts/nope.py"} | File not found: scripts/nope.py                                    |
      | read_skill_file | {"name":"pdf","path":"../x.md"}         | Invalid path \"../x.md\": must not contain a '..' segment           |
      | list_skills     | {"limit":0}                             | invalid value for field `limit`: must be an integer from 1 to 500 |

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
