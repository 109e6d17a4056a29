/**
 * Trials, stopgaps and the day's episodes leave standing facts standing (issue 16 item 3,
 * `compare/temporary.ts`); a change on the day still retires. Sentences written for these tests.
 */
import { equal } from "node:assert/strict";
import { tempEngine } from "../../tests/helpers.ts";

/** Writes `stored`, then `incoming`; whether the stored memory was retired. */
async function retires(stored: string, incoming: string): Promise<boolean> {
  await using t = await tempEngine({ project: "ops" });
  const old = await t.engine.write({ content: stored });
  const next = await t.engine.write({ content: incoming });
  return next.superseded.includes(old.id) && t.engine.get(old.id).status === "superseded";
}

Deno.test("a trial or a stopgap does not retire the standing fact", async () => {
  equal(
    await retires(
      "Standups happen on Zoom.",
      "These days standups happen on Around, as an experiment.",
    ),
    false,
  );
  equal(
    await retires(
      "Alerts are routed to Opsgenie.",
      "alerts are now routed to PagerDuty for two weeks",
    ),
    false,
  );
});

Deno.test("what happened today does not retire the standing fact", async () => {
  equal(
    await retires(
      "The e2e suite takes 12 minutes.",
      "Today the e2e suite took 31 minutes after a cache miss.",
    ),
    false,
  );
});

Deno.test("a change made today still retires it", async () => {
  equal(
    await retires(
      "Alerts are routed to Opsgenie.",
      "Today we migrated alert routing from Opsgenie to PagerDuty.",
    ),
    true,
  );
});
