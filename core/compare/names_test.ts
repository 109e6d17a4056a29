/**
 * Tools no lexicon knows (`names.ts`), through `contradiction()`: a name where a tool is said
 * conflicts with another name or a known technology of the same subject; names in other
 * positions, other subjects and plain words stay apart. Sentences written for these tests.
 */
import { deepEqual, equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

Deno.test("unknown tools: two names where a tool is said, one subject", () => {
  deepEqual(
    contradiction(
      "build metrics are shipped with Vectorly",
      "we ship all build metrics with Fluxgrid",
    )
      ?.values,
    ["Vectorly", "Fluxgrid"],
  );
  // An inner capital, a hyphenated name with a short part, a lowercase name opening "is our".
  equal(
    contradiction("bundles are signed with SigStorm", "bundle signing uses cosi-g")?.attribute,
    "tool",
  );
  equal(
    contradiction("lint-guard is our commit checker", "the commit checker is hookwarden") !== null,
    true,
  );
  // Capitalised words joined by "&".
  deepEqual(
    contradiction("traces are collected in Lumen", "we collect all traces in Moss & Fern")
      ?.values,
    ["Lumen", "Moss & Fern"],
  );
});

Deno.test("unknown tools: another subject, a plain word or another predicate is no conflict", () => {
  equal(
    contradiction(
      "build metrics are shipped with Vectorly",
      "audit logs are shipped with Fluxgrid",
    ),
    null,
  );
  equal(contradiction("Tomas reviews the payments code", "Priya reviews the payments code"), null);
  equal(
    contradiction(
      "The ranking model is served by Triton.",
      "Features for the ranking model are read from Feast.",
    ),
    null,
  );
  // A ticket id or a size is no name.
  equal(
    contradiction("the upload bug is tracked in PAY-1234", "the upload bug is tracked in PAY-987"),
    null,
  );
});

Deno.test("unknown tools: two tools of two acts are no conflict", () => {
  equal(contradiction("specs are written in Gherkin", "specs are published with Pickles"), null);
  equal(
    contradiction("firmware builds with Konstrukt", "firmware is built with BuildFox") !== null,
    true,
  );
});

Deno.test("unknown tools: a lowercase name shows itself by a version or an aside after it", () => {
  deepEqual(
    contradiction(
      "The Go services use chimux 2.x with the stock router.",
      "Our Go services run on gorilla-mux.",
    )
      ?.values,
    ["chimux", "gorilla-mux"],
  );
  equal(
    contradiction("firmware builds with Konstrukt", "firmware is built with nestor (Zephyr)")
      ?.attribute,
    "tool",
  );
});

Deno.test("unknown tools: a bare lowercase word after 'is' meets only a tool written as a name", () => {
  equal(contradiction("the deploy bot is marvin", "the release bot is jarvis"), null);
  equal(contradiction("the wiki is Confluence", "the wiki is slow"), null);
});
