/**
 * `choiceConflict` (`choice_pairs.ts`) through `contradiction()`: one either/or convention said
 * of one subject in two wordings. Wordings written for these tests.
 */
import { equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

Deno.test("two alternatives of one convention conflict", () => {
  const pairs: [string, string, string][] = [
    ["our repo indents with tabs", "the whole repo is indented with 4 spaces", "indentation"],
    ["billing and ledger share one repo", "the ledger lives in its own repo", "repository layout"],
    [
      "event times are stored as timestamptz",
      "we store event times without time zone",
      "timestamp type",
    ],
    [
      "Unset fields are omitted from API responses.",
      "Unset fields are returned as null in API responses.",
      "null fields",
    ],
  ];
  for (const [a, b, attribute] of pairs) {
    equal((contradiction(a, b) ?? contradiction(b, a))?.attribute, attribute, a);
  }
});

Deno.test("other subjects do not", () => {
  const pairs: [string, string][] = [
    ["the Rust crates indent with tabs", "the Kotlin modules indent with spaces"],
    ["acme/cli is MIT licensed.", "acme/server is AGPL-3.0."],
  ];
  for (const [a, b] of pairs) equal(contradiction(a, b) ?? contradiction(b, a), null, a);
});
