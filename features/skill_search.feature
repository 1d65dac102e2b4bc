@engine @skill_search
Feature: skill::search ranks state and fs skills by relevance
  `skill::search {query, limit?, under?}` answers `{results: [{uri, id, title, description?, score,
  snippet}]}`: BM25 over id, title, description, headings and body, best first, then by id; the
  skills a listing shows (state rows, then the fs skills no state row shadows); `limit` 1 to 100,
  default 10; `under` keeps one subtree of ids. The MCP worker lists it as the tool `skill__search`.
  Results follow E3: a change made through this worker or on disk shows in the very next call,
  another client's state write within the staleness bound (1000 ms).

  Background:
    Given the iii engine is reachable

  Scenario: state and fs skills are ranked together, with title, description and snippet
    Given a skill with id "billing" and body:
      """
      # Billing

      Refund paid invoices on request.

      ## Refunds

      Every refund needs a reason.
      """
    And a fs skill file at "returns.md" with body:
      """
      # Returns

      Returned goods are checked, then refunded.
      """
    And a skill with id "unrelated" and body "# Unrelated\n\nNothing to see.\n"
    When I search for "refund"
    Then the search results, scores aside, are:
      """
      [
        {"uri": "iii://<id:billing>", "id": "<id:billing>", "title": "Billing", "description": "Refund paid invoices on request.",
         "snippet": "Billing Refund paid invoices on request. Refunds Every refund needs a reason.", "tokens": 19},
        {"uri": "iii://returns", "id": "returns", "title": "Returns", "description": "Returned goods are checked, then refunded.",
         "snippet": "Returns Returned goods are checked, then refunded.", "tokens": 11}
      ]
      """

  Scenario: a skill without a paragraph has no description field, and no H1 means the id is the title
    Given a skill with id "heads" and body "# Heads\n\n## Only headings\n"
    And a skill with id "plain" and body "headings everywhere"
    When I search for "headings" under "<id:heads>"
    Then the search result "<id:heads>" has no description field
    And the search results, scores aside, are:
      """
      [{"uri": "iii://<id:heads>", "id": "<id:heads>", "title": "Heads", "snippet": "Heads Only headings", "tokens": 7}]
      """
    When I search for "everywhere"
    Then the search results, scores aside, are:
      """
      [{"uri": "iii://<id:plain>", "id": "<id:plain>", "title": "<id:plain>", "description": "headings everywhere", "snippet": "headings everywhere", "tokens": 3}]
      """

  Scenario: a long body gives a snippet of at most 160 characters around the best match
    Given a skill with id "long" and body:
      """
      # Long

      Nothing relevant is written in this sentence at all. Nothing relevant is written in this sentence at all.
      Nothing relevant is written in this sentence at all.

      To issue a **refund**, call `billing::refund` with the invoice id. Nothing relevant is written in this sentence at all.
      Nothing relevant is written in this sentence at all.
      """
    When I search for "refund"
    Then the search results, scores aside, are:
      """
      [{"uri": "iii://<id:long>", "id": "<id:long>", "title": "Long",
        "description": "Nothing relevant is written in this sentence at all. Nothing relevant is written in this sentence at all. Nothing relevant is written in thi...",
        "snippet": "…in this sentence at all. To issue a refund, call billing::refund with the invoice id. Nothing relevant is written in this sentence at all. Nothing relevant is…", "tokens": 70}]
      """

  Scenario: the title outranks a heading and a heading outranks the body
    Given a skill with id "a-body" and body "# Alpha\n\nSome text.\n\n## Notes\n\nThe ledger is closed monthly.\n"
    And a skill with id "b-heading" and body "# Beta\n\nSome text.\n\n## Ledger\n\nThe entry is closed monthly.\n"
    And a skill with id "c-title" and body "# Ledger\n\nSome text.\n\n## Notes\n\nThe entry is closed monthly.\n"
    When I search for "ledger"
    Then the search result ids are "<id:c-title>, <id:b-heading>, <id:a-body>"

  Scenario Outline: under "<under>" keeps the acme subtree and nothing else
    When I register a skill with id "<id:acme>" and body "refund desk"
    And I register a skill with id "<id:acme>/billing" and body "refund rules"
    And I register a skill with id "<id:acme>/billing/eu" and body "refund in euros"
    And I register a skill with id "<id:acme>x" and body "refund team"
    And I register a skill with id "<id:other>" and body "refund elsewhere"
    And I search for "refund" under "<under>"
    Then the search result ids, in any order, are "<id:acme>, <id:acme>/billing, <id:acme>/billing/eu"

    Examples:
      | under      |
      | <id:acme>  |
      | <id:acme>/ |

  Scenario: limit keeps the best results; the default is 10
    Given a skill with id "s01" and body "kiwi"
    And a skill with id "s02" and body "kiwi kiwi"
    And a skill with id "s03" and body "kiwi kiwi kiwi"
    When I search for "kiwi" with limit 2
    Then the search result ids are "<id:s03>, <id:s02>"
    Given 12 scoped skills "many" whose body is "kiwi and other words"
    When I search for "kiwi"
    Then the search returns 10 results, starting with "<id:s03>, <id:s02>"
    When I search for "kiwi" with limit 100
    Then the search returns 15 results, starting with "<id:s03>, <id:s02>"

  Scenario: a state row shadows the fs skill with its id, which is never found
    Given a fs skill file at "dup.md" with body "# Dup file\n\nThe file speaks of walnuts.\n"
    When I register a skill with id "dup" and body "# Dup row\n\nThe row speaks of hazelnuts.\n"
    And I search for "walnuts"
    Then the search finds nothing
    When I unregister the skill "dup"
    And I search for "walnuts"
    Then the search result ids are "dup"

  Scenario: register, re-register, unregister and file edits show in the very next search
    When I register a skill with id "<id:fruit>" and body "# Fruit\n\nAll about apples.\n"
    And I search for "apples"
    Then the search result ids are "<id:fruit>"
    When I register a skill with id "<id:fruit>" and body "# Fruit\n\nAll about pears.\n"
    And I search for "apples"
    Then the search finds nothing
    When I unregister the scoped skill "fruit"
    And I search for "pears"
    Then the search finds nothing
    Given a fs skill file at "veg.md" with body "# Veg\n\nAll about leeks.\n"
    When I overwrite the fs skill file at "veg.md" with body:
      """
      # Veg

      All about onions.
      """
    And I search for "leeks"
    Then the search finds nothing
    When I search for "onions"
    Then the search result ids are "veg"
    When I delete the fs skill file at "veg.md"
    And I search for "onions"
    Then the search finds nothing

  Scenario: another client's direct state write shows within the staleness bound
    When I call "state::set" with:
      """
      {"scope": "skills", "key": "<id:direct>", "value": {"id": "<id:direct>", "skill": "# Direct\n\nQuinces.\n", "registered_at": "2026-01-02T03:04:05.678+00:00"}}
      """
    Then within 1000 ms a search for "quinces" finds "<id:direct>"
    When I call "state::delete" with:
      """
      {"scope": "skills", "key": "<id:direct>"}
      """
    Then within 1000 ms a search for "quinces" finds ""

  Scenario Outline: a bad <field> is refused with an error naming it
    When I call "skill::search" with:
      """
      <payload>
      """
    Then the call fails with "<error>"

    Examples:
      | field | payload                        | error                                                                   |
      | query | {}                             | missing field `query`                                                   |
      | query | {"query": "   "}               | invalid value for field `query`: must not be blank                      |
      | query | {"query": 7}                   | invalid type for field `query`: expected string, got integer            |
      | limit | {"query": "x", "limit": 0}     | invalid value for field `limit`: must be an integer from 1 to 100       |
      | limit | {"query": "x", "limit": 101}   | invalid value for field `limit`: must be an integer from 1 to 100       |
      | limit | {"query": "x", "limit": 1.5}   | invalid type for field `limit`: expected integer or null, got float     |
      | under | {"query": "x", "under": ""}    | invalid value for field `under`: id must be non-empty                   |

  Scenario: unknown fields are ignored
    Given a skill with id "known" and body "# Known\n\nA pomegranate.\n"
    When I call "skill::search" with:
      """
      {"query": "pomegranate", "_caller_worker_id": "someone", "extra": {"nested": true}}
      """
    Then the search result ids are "<id:known>"
