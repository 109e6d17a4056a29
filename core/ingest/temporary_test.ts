/**
 * Trials, stopgaps and the day's episodes leave standing facts standing (issue 16 item 3,
 * `compare/temporary.ts`); a change on the day still retires. Sentences written for these tests.
 */
import { equal } from "node:assert/strict";
import { retires } from "../../tests/fixtures/retires.ts";

Deno.test("a trial or a stopgap does not retire the standing fact", async () => {
  equal(
    await retires(
      "Standups happen on Zoom.",
      "These days standups happen on Around, as an experiment.",
      "ops",
    ),
    false,
  );
  equal(
    await retires(
      "Alerts are routed to Opsgenie.",
      "alerts are now routed to PagerDuty for two weeks",
      "ops",
    ),
    false,
  );
});

Deno.test("what happened today does not retire the standing fact", async () => {
  equal(
    await retires(
      "The e2e suite takes 12 minutes.",
      "Today the e2e suite took 31 minutes after a cache miss.",
      "ops",
    ),
    false,
  );
});

Deno.test("a change made today still retires it", async () => {
  equal(
    await retires(
      "Alerts are routed to Opsgenie.",
      "Today we migrated alert routing from Opsgenie to PagerDuty.",
      "ops",
    ),
    true,
  );
});
