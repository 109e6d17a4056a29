/**
 * A count's noun is never a preposition (`quantities.ts`): "raised to 40 after the audit" is
 * 40, not 40 "afters". Wordings written for these tests.
 */
import { equal } from "node:assert/strict";
import { readStatement } from "./claims.ts";

function slotsOf(text: string, number: string): string[] {
  return [...(readStatement(text).values.find((v) => v.norm === number)?.slots ?? [])];
}

Deno.test("a preposition after a number is no counted noun", () => {
  for (
    const text of [
      "The pool size went to 40 after the audit.",
      "Worker count is 12 since the migration.",
      "We run 6 alongside the canary.",
    ]
  ) {
    equal(
      slotsOf(text, "40").concat(slotsOf(text, "12"), slotsOf(text, "6")).some((s) =>
        s.startsWith("count:")
      ),
      false,
      text,
    );
  }
  equal(slotsOf("We run 6 workers.", "6").includes("count:worker"), true);
});
