import { deepEqual, equal, notEqual } from "node:assert/strict";
import successionsJson from "./lexicon/successions.json" with { type: "json" };
import { change, contradiction } from "./statements.ts";
import { succeeds } from "./succession.ts";

Deno.test("a known successor said plainly changes the stored value", () => {
  deepEqual(
    change("Component tests run on Vitest.", "Component tests run on Jest."),
    { attribute: "test runner", from: "Jest", to: "Vitest" },
  );
  equal(
    change("Python formatting is done by Ruff.", "Python formatting is done by Black.")?.to,
    "Ruff",
  );
  equal(
    change(
      "The admin frontend is bundled with Vite.",
      "The admin frontend is bundled with webpack.",
    )
      ?.to,
    "Vite",
  );
});

Deno.test("the predecessor said after its successor stays a conflict", () => {
  equal(change("Component tests run on Jest.", "Component tests run on Vitest."), null);
  notEqual(contradiction("Component tests run on Jest.", "Component tests run on Vitest."), null);
  // Neither succeeds the other: two accounts, a conflict.
  equal(change("Issues are tracked in Jira.", "Issues are tracked in Linear."), null);
});

Deno.test("succession reads listed values, versions and instance families", () => {
  equal(succeeds("black, isort and flake8", "Ruff"), true);
  equal(succeeds("ESLint + Prettier", "Biome 1.9"), true);
  equal(succeeds("ESLint + Jest", "Biome"), false);
  equal(succeeds("Jest 29", "Vitest 2.1"), true);
  equal(succeeds("m5.xlarge", "m7g.xlarge"), true);
  equal(succeeds("m7g.xlarge", "m5.xlarge"), false);
  // Both named on one side: both in use, not a succession.
  equal(succeeds("Jest", "Vitest", "Jest for unit tests, Vitest for the new packages"), false);
});

Deno.test("a value said with the decision that set it changes a plainly stored one", () => {
  const stored = "Audit logs are kept for 12 months.";
  equal(
    change("Audit logs are kept for 24 months (approved by the CISO).", stored)?.to,
    "24 months",
  );
  equal(
    change("Audit logs are kept for 24 months per the new retention policy.", stored)?.to,
    "24 months",
  );
  // Said plainly, or with a decision not made: a conflict.
  equal(change("Audit logs are kept for 24 months.", stored), null);
  equal(change("Audit logs are kept for 24 months (pending legal sign-off).", stored), null);
});

Deno.test("no succession is listed both ways", () => {
  const pairs = new Set<string>();
  const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  for (const [category, entries] of Object.entries(successionsJson)) {
    if (category.startsWith("$")) continue;
    for (const entry of entries as string[]) {
      const [from, to] = entry.split(" > ").map((side) => side.split("|").map(key));
      equal(from!.length > 0 && to!.length > 0, true, entry);
      for (const a of from!) for (const b of to!) pairs.add(`${a}>${b}`);
    }
  }
  for (const pair of pairs) {
    const [a, b] = pair.split(">");
    equal(pairs.has(`${b}>${a}`), false, pair);
  }
});

Deno.test("a successor tried for a while leaves the stored value standing", () => {
  const stored = "Error reports go to Rollbar.";
  equal(change("Error reports go to Sentry.", stored)?.to, "Sentry");
  equal(change("Error reports go to Sentry for a couple of weeks, as a trial.", stored), null);
});
