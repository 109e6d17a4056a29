/**
 * What a denial denies (`denial.ts`) through `contradiction()`, and a path said in words.
 * Sentences written for these tests.
 */
import { deepEqual, equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

Deno.test("denials: an act the other side does not speak of is no denial of the value", () => {
  equal(
    contradiction(
      "web app state lives in zustand",
      "the web app does not sync zustand state to localstorage",
    ),
    null,
  );
  // A denial of the value itself still conflicts.
  deepEqual(
    contradiction("web app state lives in zustand", "the web app does not use zustand for state")
      ?.values,
    ["zustand", "not zustand"],
  );
});

Deno.test("paths: a path the other side says in words narrows nothing", () => {
  equal(
    contradiction(
      "prometheus scrapes the queue metrics on :9200",
      "queue /metrics is served on port 9300 (statsd exporter)",
    )?.attribute,
    "port",
  );
});
