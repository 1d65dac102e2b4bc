@engine @agent_skills
Feature: Agent Skills folders in skills: globs (E1)
  A glob match named exactly `SKILL.md` is a skill folder: its id is the folder's path below the
  pattern's static prefix, its YAML frontmatter must name it correctly and describe it, and it is
  served like any fs skill (body after the frontmatter at iii://{id}, origin fs, shadowed by a state
  row, listed by the boot diagnostics or skipped with a reason).
  The worker's config dir (<root>) has, besides the fs_sources globs, the skills globs
    agent-kit/skills/**/SKILL.md and solo-skill/SKILL.md
  "the Agent Skills fixture folder" is tests/fixtures/agent-skills: pdf-forms (references/, scripts/,
  a binary asset, skill.toml, escaping symlinks), acme and acme/billing (nested), changelog-writer
  (no name, no H1), and one folder per skip reason.

  Background:
    Given the iii engine is reachable
    And the Agent Skills fixture folder is copied to "agent-kit"

  # ── ids (E1.1, E1.5) ─────────────────────────────────────────────────

  Scenario: every valid folder is listed under its folder path, nested folders included, with origin fs
    When I list skills
    Then the listing ids are "acme, acme/billing, changelog-writer, long-description, pdf-forms, wrong-name"
    And the listing has a fs entry with id "acme/billing" and origin "fs"
    And the listing entry "pdf-forms" describes the file "agent-kit/skills/pdf-forms/SKILL.md"

  Scenario: a SKILL.md right at a literal pattern's prefix takes its folder's name
    Given a skill folder "solo-skill" with SKILL.md:
      """
      ---
      description: A skill that is its own folder.
      ---
      # Solo
      """
    When I list skills
    Then the listing has a fs entry with id "solo-skill" and origin "fs"

  Scenario: a skills/**/*.md pattern serves SKILL.md as the folder and every other .md as a sub-skill
    Given a skill folder "fs-skills/pdf" with SKILL.md:
      """
      ---
      name: pdf
      description: Read PDFs.
      ---
      # PDF
      """
    And a fs skill file at "pdf/reference.md" with body "# Reference\n"
    And a fs skill file at "pdf/skill.md" with body "# Lower-case name, plain file\n"
    When I list skills
    Then the listing has a fs entry with id "pdf" and origin "fs"
    And the listing has a fs entry with id "pdf/reference" and origin "fs"
    And the listing has a fs entry with id "pdf/skill" and origin "fs"
    And no listing entry has id "pdf/SKILL"

  # ── skipped folders and boot diagnostics (E1.2, E1.3) ────────────────

  Scenario: the boot diagnostics load the valid folders and warn once per refused folder, naming its reason
    When the worker's boot diagnostics scan the config dir
    Then the boot diagnostics load the skills "acme, acme/billing, changelog-writer, long-description, pdf-forms, wrong-name"
    And the boot diagnostics warn "skipped fs entry" exactly for:
      | path                                        | reason                                                                                                                                                              |
      | agent-kit/skills/Uppercase-Skill/SKILL.md   | invalid id "Uppercase-Skill": invalid id (segment 1 of "Uppercase-Skill"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "Uppercase-Skill" |
      | agent-kit/skills/broken-yaml/SKILL.md       | invalid frontmatter YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 2 column 23                                      |
      | agent-kit/skills/empty-description/SKILL.md | frontmatter missing non-empty `description`                                                                                                                         |
      | agent-kit/skills/no-frontmatter/SKILL.md    | missing YAML frontmatter (expected --- ... --- block at file start)                                                                                                 |

  Scenario: a refused folder is not served
    When I read the URI "iii://empty-description"
    Then the call fails with "Skill not found: empty-description"

  Scenario: a folder named differently from its frontmatter name, or described at length, is served (E5.1)
    When I read the URI "iii://wrong-name"
    Then the contents text is "# Wrong name\n"

  Scenario: a folder with YAML that is not a mapping is refused with the YAML rule's text
    Given a skill folder "solo-skill" with SKILL.md:
      """
      ---
      - just
      - a list
      ---
      # Solo
      """
    When the worker's boot diagnostics scan the config dir
    Then the boot diagnostics warn "skipped fs entry" exactly for:
      | path                                        | reason                                                                                                                                                              |
      | agent-kit/skills/Uppercase-Skill/SKILL.md   | invalid id "Uppercase-Skill": invalid id (segment 1 of "Uppercase-Skill"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "Uppercase-Skill" |
      | agent-kit/skills/broken-yaml/SKILL.md       | invalid frontmatter YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 2 column 23                                      |
      | agent-kit/skills/empty-description/SKILL.md | frontmatter missing non-empty `description`                                                                                                                         |
      | agent-kit/skills/no-frontmatter/SKILL.md    | missing YAML frontmatter (expected --- ... --- block at file start)                                                                                                 |
      | solo-skill/SKILL.md                         | invalid frontmatter YAML: invalid type: sequence, expected struct SkillFrontmatter                                                                                  |

  # ── serving (E1.3) ───────────────────────────────────────────────────

  Scenario: iii://{id} serves the body after the frontmatter
    When I read the URI "iii://acme/billing"
    Then the result equals:
      """
      {"contents": [{"uri": "iii://acme/billing", "mimeType": "text/markdown", "text": "# ACME billing\n\nRefunds above 500 EUR need a second approver; see `references/refunds.md`.\n"}]}
      """

  Scenario: a state row with the same id shadows the folder
    When I register a skill with id "pdf-forms" and body "# Stored pdf-forms\n"
    And I list skills
    Then the listing has exactly one entry with id "pdf-forms", with origin "state"
    When I read the URI "iii://pdf-forms"
    Then the contents text is "# Stored pdf-forms\n"

  Scenario: an edited SKILL.md shows on the next call
    Given a skill folder "agent-kit/skills/changelog-writer" with SKILL.md:
      """
      ---
      description: Write release notes.
      ---
      # Release notes
      """
    When I read the URI "iii://skills"
    Then the index has the line "- [`changelog-writer`](iii://changelog-writer) — changelog-writer — Write release notes."

  # ── titles and descriptions (E5.3) ───────────────────────────────────

  Scenario: the index titles a folder by its frontmatter name, else its last id segment, never a body heading, and describes it by its frontmatter
    When I read the URI "iii://skills"
    Then the index has the line "- [`acme`](iii://acme) — acme — How ACME's internal services fit together, which team owns which data, and how the services talk through the iii engine. Start here before t..."
    And the index has the line "  - [`acme/billing`](iii://acme/billing) — billing — Issue refunds and credit notes in ACME billing, following the approval rules."
    And the index has the line "- [`changelog-writer`](iii://changelog-writer) — changelog-writer — Write a changelog entry from a list of merged pull requests, grouped as Added, Changed and Fixed."
    And the index has the line "- [`pdf-forms`](iii://pdf-forms) — pdf-forms — Fill in PDF forms from structured data. Use when the user hands over a PDF with form fields and the values that should go into them."

  Scenario: a folder without an H1 is titled by its frontmatter name in the index and in resources-list
    Given a skill folder "solo-skill" with SKILL.md:
      """
      ---
      name: solo-skill
      description: Named, but no heading.
      ---
      Just a paragraph.
      """
    When I read the URI "iii://skills"
    Then the index has the line "- [`solo-skill`](iii://solo-skill) — solo-skill — Named, but no heading."
    When I call skills::resources-list
    Then the resource "iii://pdf-forms" is named "pdf-forms"
    And the resource "iii://changelog-writer" is named "changelog-writer"
    And the resource "iii://solo-skill" is named "solo-skill"
