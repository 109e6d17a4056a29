/**
 * Opposite stances (`stance.ts`) through `contradiction()`: one person wanting and not wanting
 * the same thing conflict; two people, or two things, do not. Sentences written for these tests.
 */
import { deepEqual, equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

Deno.test("stances: one holder, one thing, wanted and not", () => {
  deepEqual(
    contradiction(
      "Noor prefers table-driven tests for the parser",
      "Noor doesn't want table-driven tests anywhere",
    ),
    { attribute: "preference", values: ["table-driven tests", "not table-driven tests"] },
  );
  equal(
    contradiction("I like inline type hints", "I hate inline type hints in reviews")?.attribute,
    "preference",
  );
});

Deno.test("stances: another holder, another thing or the same stance is no conflict", () => {
  equal(
    contradiction("Noor prefers table-driven tests", "Sami doesn't want table-driven tests"),
    null,
  );
  equal(contradiction("Noor prefers table-driven tests", "Noor doesn't want golden files"), null);
  equal(
    contradiction("Noor prefers table-driven tests", "Noor wants table-driven tests everywhere"),
    null,
  );
});

Deno.test("stances: one holder's stances in scopes that share nothing do not conflict", () => {
  equal(
    contradiction(
      "Noor prefers table-driven tests for the parser",
      "Noor doesn't want table-driven tests for the CLI",
    ),
    null,
  );
  equal(contradiction("I prefer tabs in Go code", "I don't want tabs in YAML"), null);
});
