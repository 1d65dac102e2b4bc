@engine @notifications
Feature: skills::on-change and prompts::on-change fan-out
  Each successful mutation of the skills / prompts registries fans out through the custom
  trigger types `skills::on-change` and `prompts::on-change`. These scenarios bind an in-process
  subscriber (`registerTrigger` with `config: {}`), mutate the registry, and check what the
  subscriber received: `{op, id}` for skills, `{op, name}` for prompts (the engine's
  `_caller_worker_id` aside). Validation failures, no-op unregisters and reads fire nothing; a
  later mutation is used as a marker to prove it. A file added under the fs globs fires its own
  event with `origin: "fs"` (E3; see fs_notifications.feature).

  Background:
    Given the iii engine is reachable

  Scenario: skills::register fires skills::on-change
    Given a subscriber to skills::on-change is registered
    When I register a scoped skill "note" with body "# note\nshort body"
    Then the subscriber observed at least 1 event within 3000 ms
    And the subscriber observed exactly:
      """
      [{"op": "register", "id": "<id:note>"}]
      """

  Scenario: skills::unregister fires skills::on-change
    Given a subscriber to skills::on-change is registered
    When I register a scoped skill "note" with body "# note\nshort body"
    And I unregister the scoped skill "note"
    Then the subscriber observed at least 2 events within 4000 ms
    And the subscriber observed exactly:
      """
      [{"op": "register", "id": "<id:note>"}, {"op": "unregister", "id": "<id:note>"}]
      """

  Scenario: 3 rapid skill mutations each produce a notification
    Given a subscriber to skills::on-change is registered
    When I register 3 scoped skills in quick succession
    Then the subscriber observed at least 3 events within 5000 ms
    And the subscriber observed, in any order:
      """
      [{"op": "register", "id": "<id:rapid-1>"}, {"op": "register", "id": "<id:rapid-2>"}, {"op": "register", "id": "<id:rapid-3>"}]
      """

  Scenario: re-registering a skill fires again
    Given a subscriber to skills::on-change is registered
    When I register a scoped skill "again" with body "# one"
    And I register a scoped skill "again" with body "# two"
    Then the subscriber observed exactly:
      """
      [{"op": "register", "id": "<id:again>"}, {"op": "register", "id": "<id:again>"}]
      """

  Scenario: a no-op unregister, a rejected register and reads fire nothing
    Given a subscriber to skills::on-change is registered
    And a fs skill file at "on-disk.md" with body "# On disk\n"
    When I unregister the scoped skill "never-registered"
    And I register a skill with id "Bad-Id" and body "# hi"
    And I register a skill with id "<id:empty>" and an empty body
    And I list skills
    And I read the URI "iii://skills"
    And I read the URI "iii://on-disk"
    And I register a scoped skill "marker" with body "# marker"
    Then the subscriber observed, in any order:
      """
      [{"op": "register", "id": "on-disk", "origin": "fs"}, {"op": "register", "id": "<id:marker>"}]
      """

  Scenario: every bound subscriber receives each event, and an unbound one stops
    Given a subscriber "first" to skills::on-change is registered
    And a subscriber "second" to skills::on-change is registered
    When I register a scoped skill "one" with body "# one"
    Then subscriber "first" observed exactly:
      """
      [{"op": "register", "id": "<id:one>"}]
      """
    And subscriber "second" observed exactly:
      """
      [{"op": "register", "id": "<id:one>"}]
      """
    When subscriber "first" is unbound
    And I register a scoped skill "two" with body "# two"
    Then subscriber "second" observed exactly:
      """
      [{"op": "register", "id": "<id:one>"}, {"op": "register", "id": "<id:two>"}]
      """
    And subscriber "first" observed exactly:
      """
      [{"op": "register", "id": "<id:one>"}]
      """

  Scenario: a skills subscriber hears nothing about prompts
    Given a subscriber "skills-only" to skills::on-change is registered
    When I register a scoped prompt "quiet" pointing at "test::handler"
    And I register a scoped skill "marker" with body "# marker"
    Then subscriber "skills-only" observed exactly:
      """
      [{"op": "register", "id": "<id:marker>"}]
      """

  Scenario: prompts::register fires prompts::on-change
    Given a subscriber to prompts::on-change is registered
    When I register a scoped prompt "ping" pointing at "test::handler"
    Then the subscriber observed at least 1 event within 3000 ms
    And the subscriber observed exactly:
      """
      [{"op": "register", "name": "<id:ping>"}]
      """

  Scenario: prompts::unregister fires prompts::on-change
    Given a subscriber to prompts::on-change is registered
    When I register a scoped prompt "ping" pointing at "test::handler"
    And I unregister the scoped prompt "ping"
    Then the subscriber observed at least 2 events within 4000 ms
    And the subscriber observed exactly:
      """
      [{"op": "register", "name": "<id:ping>"}, {"op": "unregister", "name": "<id:ping>"}]
      """

  Scenario: a no-op prompt unregister and a rejected prompt register fire nothing
    Given a subscriber to prompts::on-change is registered
    And a fs prompt file at "on-disk.md" with content "---\ndescription: On disk.\n---\nbody"
    When I unregister the scoped prompt "never-registered"
    And I register a prompt with name "<id:bad>", description " ", function_id "test::handler"
    And I call prompts::mcp-list
    And I register a scoped prompt "marker" pointing at "test::handler"
    Then the subscriber observed, in any order:
      """
      [{"op": "register", "name": "on-disk", "origin": "fs"}, {"op": "register", "name": "<id:marker>"}]
      """
