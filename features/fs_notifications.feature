@engine @notifications @fs_sources
Feature: fs on-change events (E3)
  Files under the `skills:` / `prompts:` globs are registry entries too, so their changes fan out
  on `skills::on-change` / `prompts::on-change` like registers and unregisters do, with
  `origin: "fs"` added: `{op, id, origin}` for skills, `{op, name, origin}` for prompts. An added
  file, or an edit that changes a file's content, is a `register`; a deleted or renamed-away file an
  `unregister`. The watcher sends them by itself, with no call needed, once the files have been
  quiet for a moment (a file added and removed again in that moment sends nothing). A change that
  changes no
  entry sends nothing: a touch, a rewrite with the same bytes, a file the globs do not match, or
  a file whose id a state row shadows. Events from `skills::register` / `prompts::register` carry
  no `origin`, as before. Globs as in fs_sources.feature; "a fs skill file at P" is
  <root>/fs-skills/P, "the file P" is <root>/P.

  Background:
    Given the iii engine is reachable

  Scenario: adding an fs skill file fires register with origin fs, with no call made
    Given a subscriber to skills::on-change is registered
    When a fs skill file at "team/added.md" with body "# Added\n"
    Then the subscriber observed exactly:
      """
      [{"op": "register", "id": "team/added", "origin": "fs"}]
      """

  Scenario: an edit fires register; a touch or a rewrite with the same bytes fires nothing
    Given a fs skill file at "edited.md" with body "# Before\n"
    And the worker has announced every fs change so far
    And a subscriber to skills::on-change is registered
    When I touch the fs skill file at "edited.md"
    And I rewrite the fs skill file at "edited.md" with the same content
    And the worker has announced every fs change so far
    And I overwrite the fs skill file at "edited.md" with body:
      """
      # After
      """
    Then the subscriber observed exactly:
      """
      [{"op": "register", "id": "edited", "origin": "fs"}]
      """

  Scenario: deleting an fs skill file fires unregister
    Given a fs skill file at "doomed.md" with body "# Doomed\n"
    And the worker has announced every fs change so far
    And a subscriber to skills::on-change is registered
    When I delete the fs skill file at "doomed.md"
    Then the subscriber observed exactly:
      """
      [{"op": "unregister", "id": "doomed", "origin": "fs"}]
      """

  Scenario: renaming a file or a folder is the old ids going and the new ones coming
    Given a fs skill file at "old-name.md" with body "# Renamed\n"
    And a fs skill file at "crew/one.md" with body "# One\n"
    And the worker has announced every fs change so far
    And a subscriber to skills::on-change is registered
    When I rename the file "fs-skills/old-name.md" to "fs-skills/new-name.md"
    And I rename the file "fs-skills/crew" to "fs-skills/team"
    Then the subscriber observed, in any order:
      """
      [
        {"op": "unregister", "id": "old-name", "origin": "fs"},
        {"op": "register", "id": "new-name", "origin": "fs"},
        {"op": "unregister", "id": "crew/one", "origin": "fs"},
        {"op": "register", "id": "team/one", "origin": "fs"}
      ]
      """

  Scenario: files the globs do not match and skipped files fire nothing
    Given a subscriber to skills::on-change is registered
    When I write the file "fs-skills/.notes.md.swp" with content "swap"
    And I write the file "fs-skills/notes.md~" with content "backup"
    And I write the file "fs-skills/Bad-Name.md" with content "# Not a valid id\n"
    And I write the file "elsewhere/loose.md" with content "# Not under any glob\n"
    And the worker has announced every fs change so far
    And I register a scoped skill "marker" with body "# marker"
    Then the subscriber observed exactly:
      """
      [{"op": "register", "id": "<id:marker>"}]
      """

  Scenario: a file a state row shadows fires nothing; the state events keep their shape
    Given a fs skill file at "shadowed.md" with body "# From the file\n"
    And the worker has announced every fs change so far
    And a subscriber to skills::on-change is registered
    When I register a skill with id "shadowed" and body "# From state"
    And I overwrite the fs skill file at "shadowed.md" with body:
      """
      # The file, edited
      """
    And the worker has announced every fs change so far
    And I unregister the skill "shadowed"
    Then the subscriber observed exactly:
      """
      [{"op": "register", "id": "shadowed"}, {"op": "unregister", "id": "shadowed"}]
      """

  Scenario: fs prompts fire prompts::on-change with origin fs
    Given a fs prompt file at "kept.md" with content "---\ndescription: Kept.\n---\nBody.\n"
    And the worker has announced every fs change so far
    And a subscriber to prompts::on-change is registered
    When a fs prompt file at "fresh.md" with content "---\ndescription: Fresh.\n---\nHello.\n"
    And I write the file "fs-prompts/kept.md" with content "---\ndescription: Kept, edited.\n---\nBody.\n"
    And the worker has announced every fs change so far
    And I rename the file "fs-prompts/fresh.md" to "elsewhere/fresh.md"
    Then the subscriber observed, in any order:
      """
      [
        {"op": "register", "name": "fresh", "origin": "fs"},
        {"op": "register", "name": "kept", "origin": "fs"},
        {"op": "unregister", "name": "fresh", "origin": "fs"}
      ]
      """
