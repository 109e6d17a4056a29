/** A change detected in a write dated before the memory it names retires nothing, and fails nothing. */
import { deepEqual, equal } from "node:assert/strict";
import { tempEngine } from "../../tests/helpers.ts";

Deno.test("a detected change dated before the stored memory became valid retires nothing", async () => {
  await using t = await tempEngine({ project: "billing" });
  const stored = await t.engine.write({
    content: "Billing uses Postgres.",
    type: "decision",
    validFrom: "2026-07-01",
  });
  const earlier = await t.engine.write({
    content: "We moved billing from Postgres to SQLite.",
    type: "decision",
    validFrom: "2026-06-01",
  });
  deepEqual(earlier.superseded, []);
  equal(t.engine.get(stored.id).status, "active");
  const later = await t.engine.write({
    content: "We moved billing from Postgres to CockroachDB.",
    type: "decision",
    validFrom: "2026-08-01",
  });
  // Dated after both, it retires the stored fact (and the earlier move, which it outdates too).
  equal(later.superseded.includes(stored.id), true);
  equal(t.engine.get(stored.id).status, "superseded");
});
