@pure @markdown
Feature: pure markdown, URI and validation helpers
  Runs without the iii engine. Covers the pure helpers behind `skills::resources-*`, the
  `iii://skills` index, and prompt normalisation, so their rules are checked without a round-trip.
  Error texts are compared whole: agents and the mcp bridge match on them.

  # ── extract_title ─────────────────────────────────────────────────────

  Scenario: extract_title picks up the first H1
    When I extract the title from:
      """
      # my skill

      body
      """
    Then the extracted title is "my skill"

  Scenario: extract_title ignores H2 headings
    When I extract the title from:
      """
      ## sub

      body
      """
    Then there is no extracted title

  # ── extract_description ───────────────────────────────────────────────

  Scenario: extract_description grabs the first paragraph
    When I extract the description from:
      """
      # title

      first paragraph here.

      second paragraph.
      """
    Then the extracted description is "first paragraph here."

  Scenario: extract_description skips subheadings before finding text
    When I extract the description from:
      """
      # title

      ## sub

      ### deeper

      finally text.
      """
    Then the extracted description is "finally text."

  Scenario: extract_description returns nothing for heading-only docs
    When I extract the description from:
      """
      # only a title
      """
    Then there is no extracted description

  Scenario: extract_description keeps a long first paragraph intact
    When I extract the description from a title and a paragraph of "x" repeated 200 times
    Then the extracted description is "x" repeated 200 times
    And the extracted description does not contain "..."

  # ── truncate_chars ────────────────────────────────────────────────────

  Scenario: truncate_chars keeps multibyte characters intact
    Given the string "áéíóú" repeated 50 times
    When I truncate it to 5 chars
    Then the truncated string is "áéíóú..."
    And the truncated string has 8 chars
    And the truncated string ends with "..."

  # ── index bullets (D1) ────────────────────────────────────────────────

  Scenario Outline: an index bullet cuts a description longer than 140 chars to 140 chars and "..."
    When I render the skills index with a skill "long" whose first paragraph is "<char>" repeated <count> times
    Then the index bullet for "long" shows "<char>" repeated 140 times followed by "..."

    Examples:
      | char | count |
      | x    | 141   |
      | x    | 500   |
      | é    | 141   |
      | 😀   | 141   |

  Scenario Outline: an index bullet keeps a description of exactly 140 chars unchanged
    When I render the skills index with a skill "exact" whose first paragraph is "<char>" repeated 140 times
    Then the index bullet for "exact" shows "<char>" repeated 140 times with no ellipsis

    Examples:
      | char |
      | x    |
      | é    |
      | 😀   |

  # ── parse_uri ─────────────────────────────────────────────────────────

  Scenario: parse_uri returns Index for iii://skills
    When I parse the URI "iii://skills"
    Then parse_uri returns the index

  Scenario: parse_uri returns Skill for iii://brain
    When I parse the URI "iii://brain"
    Then parse_uri returns a skill with id "brain"

  Scenario: parse_uri returns Skill for nested iii://parent/sub
    When I parse the URI "iii://parent/sub"
    Then parse_uri returns a skill with id "parent/sub"

  Scenario: parse_uri returns Skill for arbitrarily deep paths
    When I parse the URI "iii://a/b/c/d/e"
    Then parse_uri returns a skill with id "a/b/c/d/e"

  Scenario: parse_uri returns Section for iii://fn/{single}
    When I parse the URI "iii://fn/echo"
    Then parse_uri returns a section with function "echo"

  Scenario: parse_uri returns Section for iii://fn/{a}/{b} joining with ::
    When I parse the URI "iii://fn/scope/echo"
    Then parse_uri returns a section with function "scope::echo"

  Scenario: parse_uri returns Section for deep iii://fn/{...}
    When I parse the URI "iii://fn/resend/email/send"
    Then parse_uri returns a section with function "resend::email::send"

  Scenario: parse_uri rejects a missing scheme
    When I parse the URI "brain"
    Then parse_uri fails with "Resource URI must start with iii://: brain"

  Scenario: parse_uri rejects iii://fn alone (no function path)
    When I parse the URI "iii://fn"
    Then parse_uri fails with "Section URI 'iii://fn' is missing a function path: expected iii://fn/{a}/{b}/...: iii://fn"

  Scenario: parse_uri rejects empty segments anywhere
    When I parse the URI "iii://a//b"
    Then parse_uri fails with "Resource URI may not contain empty segments (no leading, trailing, or doubled '/'): iii://a//b"

  # ── validate_id ───────────────────────────────────────────────────────

  Scenario: validate_id accepts kebab / underscore lowercase
    When I validate the skill id "my-skill-1"
    Then the skill id validation succeeds

  Scenario: validate_id rejects uppercase
    When I validate the skill id "UpperCase"
    Then the skill id validation fails with:
      """
      invalid id (segment 1 of "UpperCase"): segment may only contain lowercase ASCII letters, digits, '-' and '_': "UpperCase"
      """

  Scenario: validate_id rejects 65-char ids
    When I validate a skill id of 65 lowercase letters
    Then the skill id validation fails with:
      """
      invalid id (segment 1 of "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"): segment too long (65 chars; max 64): "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
      """

  # ── validate_name / validate_arguments (prompts) ──────────────────────

  Scenario: validate_name accepts kebab / underscore
    When I validate the prompt name "send-email"
    Then the prompt name validation succeeds

  Scenario: validate_name rejects :: in the name
    When I validate the prompt name "mcp::send"
    Then the prompt name validation fails with "name may only contain lowercase ASCII letters, digits, '-' and '_': \"mcp::send\""

  Scenario: validate_arguments rejects duplicates
    When I validate prompt arguments named:
      | to      |
      | subject |
      | to      |
    Then argument validation fails with "duplicate argument name: to"

  Scenario: validate_arguments rejects empty names
    When I validate prompt arguments named:
      | to |
      |    |
    Then argument validation fails with "argument name must be non-empty"

  # ── normalize_function_output (iii://fn/...) ──────────────────────────

  Scenario: normalize_function_output string -> markdown
    When I normalize the function output:
      """json
      "hello"
      """
    Then the normalized mime is "text/markdown"
    And the normalized text is "hello"

  Scenario: normalize_function_output {content} -> markdown
    When I normalize the function output:
      """json
      {"content": "hi", "ignored": true}
      """
    Then the normalized mime is "text/markdown"
    And the normalized text is "hi"

  Scenario: normalize_function_output other -> JSON
    When I normalize the function output:
      """json
      {"x": 1, "a": [true, null]}
      """
    Then the normalized mime is "application/json"
    And the normalized text contains "\"x\""
    And the normalized text is:
      """
      {
        "a": [
          true,
          null
        ],
        "x": 1
      }
      """

  # ── normalize_prompt_output ───────────────────────────────────────────

  Scenario: normalize_prompt_output string -> single user message
    When I normalize the prompt output:
      """json
      "str body"
      """
    Then the normalized messages length is 1
    And the normalized messages are:
      """json
      [{"role": "user", "content": {"type": "text", "text": "str body"}}]
      """

  Scenario: normalize_prompt_output messages -> pass-through
    When I normalize the prompt output:
      """json
      {"messages": [
        {"role": "user", "content": {"type": "text", "text": "m1"}},
        {"role": "assistant", "content": {"type": "text", "text": "m2"}}
      ]}
      """
    Then the normalized messages length is 2
    And the normalized messages are the handler's messages array, untouched

  Scenario: normalize_prompt_output unsupported shape fails
    When I normalize the prompt output:
      """json
      {"unexpected": 42}
      """
    Then prompt normalization fails with "prompt handler returned unsupported shape; expected string, { content }, or { messages: [...] }"

  # ── is_always_hidden ──────────────────────────────────────────────────

  Scenario Outline: infra namespaces are hard-floored
    When I check the hard floor for "<function_id>"
    Then the function id is hard-floored

    Examples:
      | function_id       |
      | state::get        |
      | engine::workers   |
      | stream::publish   |
      | iii.on_foo        |
      | iii::internal     |
      | mcp::handler      |
      | a2a::send         |
      | skills::register  |
      | prompts::register |

  Scenario Outline: ordinary namespaces are not hard-floored
    When I check the hard floor for "<function_id>"
    Then the function id is not hard-floored

    Examples:
      | function_id      |
      | mem::observe     |
      | brain::summarize |
      | my-worker::my-fn |
