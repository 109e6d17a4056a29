/**
 * A quantity named with its thing as a threshold ("uploads above 20 MB go through the
 * resumable endpoint") is the condition of another fact, not the value of a cap, so it does
 * not conflict with the cap ("uploads are capped at 50 MB"); a quantity a statement gives as
 * its value after a comparison ("latency stays under 200 ms", "CI fails if coverage drops
 * below 80 %") still does.
 */
import { equal, ok } from "node:assert/strict";
import { contradiction } from "./statements.ts";

Deno.test("a threshold in the subject is no value of the cap", () => {
  equal(
    contradiction(
      "Uploads above 20 MB go through the resumable endpoint.",
      "Uploads are capped at 50 MB.",
    ),
    null,
  );
  equal(
    contradiction("Files over 5 GB are rejected by the proxy.", "The max file size is 2 GB."),
    null,
  );
});

Deno.test("a value given after a comparison still conflicts", () => {
  ok(
    contradiction(
      "The coverage gate in CI is 70 percent.",
      "CI fails if coverage drops below 80%.",
    ),
  );
  ok(contradiction("Uploads above 20 MB are chunked.", "Uploads above 50 MB are chunked."));
});
