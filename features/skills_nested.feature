@engine @skills_nested
Feature: nested skills (multi-level state-backed bodies + path-mapped sections)
  Skills can be registered at any depth via slashed ids (`a/b/c/...`). Each level is an
  independent state row; parents don't have to exist first. The `iii://skills` index indents
  every entry by `2 * depth` spaces. `fn` is a fixed first-segment marker: `iii://fn/a/b/c`
  triggers `a::b::c`, so `fn` is reserved as the first segment of a registered id.
  Scoped nested ids scope only their first segment: `parent/sub` => `parent-bdd-…/sub`.

  Background:
    Given the iii engine is reachable

  # ── deep state-backed bodies ─────────────────────────────────────────

  Scenario: a single-level sub-skill resolves to its own body
    Given a nested skill at "parent" with body "# parent\nrouter\n"
    And a nested skill at "parent/sub" with body "# child\nleaf body\n"
    When I read the nested skill at "parent/sub"
    Then the contents mime type is "text/markdown"
    And the contents text is "# child\nleaf body\n"

  Scenario: deep traversal — three independent bodies at depths 1/2/3
    Given a nested skill at "deep" with body "# deep\ntop\n"
    And a nested skill at "deep/middle" with body "# deep/middle\nmid\n"
    And a nested skill at "deep/middle/leaf" with body "# deep/middle/leaf\nleaf\n"
    When I read the nested skill at "deep"
    Then the contents text is "# deep\ntop\n"
    When I read the nested skill at "deep/middle"
    Then the contents text is "# deep/middle\nmid\n"
    When I read the nested skill at "deep/middle/leaf"
    Then the contents text is "# deep/middle/leaf\nleaf\n"

  Scenario: an orphan grandchild is still readable when the parents are absent
    Given a nested skill at "orphan/middle/grand" with body "# grand\nleaf only\n"
    When I read the nested skill at "orphan/middle/grand"
    Then the contents text is "# grand\nleaf only\n"
    When I read the nested skill at "orphan/middle"
    Then the call fails with "Skill not found: <id:orphan/middle>"

  Scenario: skills::list returns nested entries sorted lexicographically
    Given a nested skill at "z-tree/b" with body "# b\n"
    And a nested skill at "z-tree" with body "# z\n"
    And a nested skill at "z-tree/a" with body "# a\n"
    And a nested skill at "z-tree/a/deeper" with body "# deeper\n"
    When I list skills
    Then the listing is sorted with parent before children for "z-tree"
    And the listing ids are "<id:z-tree>, <id:z-tree/a>, <id:z-tree/a/deeper>, <id:z-tree/b>"

  Scenario: the iii://skills index indents nested entries by depth
    Given a nested skill at "tree-root" with body "# Tree root\nTop level body.\n"
    And a nested skill at "tree-root/leaf" with body "# Tree leaf\nA child entry.\n"
    When I read the URI "iii://skills"
    Then the index has the scoped entry "tree-root" indented by 0 spaces
    And the index has the scoped entry "tree-root/leaf" indented by 2 spaces

  Scenario: the iii://skills index renders every depth, orphans at their own depth
    Given a nested skill at "tree-root" with body "# Tree root\nTop level body.\n"
    And a nested skill at "tree-root/leaf" with body "# Tree leaf\nA child entry.\n"
    And a nested skill at "tree-root/leaf/tip" with body "# Tip\n"
    And a nested skill at "orphan/middle/grand" with body "# Grand\nNo parents.\n"
    When I read the URI "iii://skills"
    Then the contents text equals, with a final newline:
      """
      # Skills

      Read each skill's resource for orientation on when and why to call its functions. Sub-skills are indented under their parent path so a top-level skill stays small and the LLM can drill in only when it needs more detail.

          - [`<id:orphan/middle/grand>`](iii://<id:orphan/middle/grand>) — Grand — No parents.
      - [`<id:tree-root>`](iii://<id:tree-root>) — Tree root — Top level body.
        - [`<id:tree-root/leaf>`](iii://<id:tree-root/leaf>) — Tree leaf — A child entry.
          - [`<id:tree-root/leaf/tip>`](iii://<id:tree-root/leaf/tip>) — Tip
      """

  # ── reserved `fn` first segment ──────────────────────────────────────

  Scenario: registering id "fn" is rejected with a "reserved" hint
    When I register a skill with id "fn" and body "# nope\n"
    Then the call fails with:
      """
      id may not have "fn" as its first segment (reserved as the iii://fn/ section-URI marker): "fn"
      """

  Scenario: registering id starting with "fn/" is rejected
    When I register a skill with id "fn/anything" and body "# nope\n"
    Then the call fails with:
      """
      id may not have "fn" as its first segment (reserved as the iii://fn/ section-URI marker): "fn/anything"
      """

  Scenario: registering an id with "fn" at a non-first segment succeeds
    When I register a skill with id "docs/fn-reference" and body "# fn reference\nallowed\n"
    Then the call succeeds
    When I register a skill with id "a/fn/c" and body "# a fn c\n"
    Then the call succeeds
    When I read the URI "iii://a/fn/c"
    Then the contents text is "# a fn c\n"

  # ── path-mapped section URIs ─────────────────────────────────────────

  Scenario: iii://fn/{a}/{b} triggers a::b
    Given the function "bdd::deep-<suffix>" returns the string "# deep-section\nlevel 2"
    When I read the URI "iii://fn/bdd/deep-<suffix>"
    Then the contents mime type is "text/markdown"
    And the contents text is "# deep-section\nlevel 2"

  Scenario: iii://fn/{a}/{b}/{c} triggers a::b::c
    Given the function "bdd::deep::triple-<suffix>" returns the string "# triple-section\nthree levels"
    When I read the URI "iii://fn/bdd/deep/triple-<suffix>"
    Then the contents mime type is "text/markdown"
    And the contents text is "# triple-section\nthree levels"

  Scenario: iii://fn/{a} triggers a function id without ::
    Given the function "bdd-flat-<suffix>" returns the string "flat"
    When I read the URI "iii://fn/bdd-flat-<suffix>"
    Then the contents text is "flat"

  # ── skill::fetch composition over deep URIs ──────────────────────────

  Scenario: skill::fetch concatenates bodies across depths
    Given a nested skill at "fetched" with body "# fetched\nALPHA-BODY\n"
    And a nested skill at "fetched/sub" with body "# fetched/sub\nBETA-BODY\n"
    And a nested skill at "fetched/sub/leaf" with body "# fetched/sub/leaf\nGAMMA-BODY\n"
    When I call skill::fetch on the scoped skills "fetched,fetched/sub,fetched/sub/leaf"
    Then the fetch text contains "ALPHA-BODY"
    And the fetch text contains "BETA-BODY"
    And the fetch text contains "GAMMA-BODY"
    And the fetch text has 3 sections
    And the result is the text:
      """
      # iii://<id:fetched>

      # fetched
      ALPHA-BODY

      ---

      # iii://<id:fetched/sub>

      # fetched/sub
      BETA-BODY

      ---

      # iii://<id:fetched/sub/leaf>

      # fetched/sub/leaf
      GAMMA-BODY
      """
