/** The worker's trigger through the engine, on an injected clock. */
import { deepEqual, equal } from "node:assert/strict";
import { IMPORTANCE_BUDGET } from "../mod.ts";
import { tempEngine } from "../../tests/helpers.ts";

const DAY = 86_400_000;

Deno.test("the importance budget and session ends trigger the worker", async () => {
  await using t = await tempEngine({ project: "api" });
  deepEqual(t.engine.lifecycle(), {
    lastRunAt: null,
    budget: 0,
    sessionsEnded: 0,
    openRunSince: null,
    due: null,
  });
  let budget = 0;
  for (let i = 0; budget <= IMPORTANCE_BUDGET; i++) {
    equal(t.engine.lifecycle().due, null);
    budget += (await t.engine.write({
      content: `Service ${i} listens on port ${8000 + i}.`,
      importance: 9,
    }))
      .memory.importance;
  }
  equal(t.engine.lifecycle().budget, budget);
  equal(t.engine.lifecycle().due, "importance_budget");
  await t.engine.sleep({ reason: "importance_budget" });
  // A run with nothing to change still records that it ran only if it changed something:
  // the budget restarts from the last run that did, so run it on something to archive.
  t.clock.advance(DAY);
  t.engine.recordSessionEnd({ session: "s1", startedAt: t.clock.now() - 1000 });
  equal(t.engine.lifecycle().due, "session_boundary");
});
