/**
 * Changes read from the surface (`surface_change.ts`), through `change()`: values the lexicons
 * do not know, changes marked only by an arrow or `X is out`, and the look-alikes it must leave.
 */
import { deepEqual, equal } from "node:assert/strict";
import { change } from "./statements.ts";

Deno.test("a change of values no lexicon knows is read from the surface", async (t) => {
  const cases: [string, string, string, string][] = [
    [
      "Thumbnailer worker_count is 6",
      "thumbnailer worker_count 6 -> 16 after the backlog",
      "6",
      "16",
    ],
    [
      "Builds run on the ubuntu22.04 image.",
      "moved the builds to ubuntu24.04",
      "ubuntu22.04",
      "ubuntu24.04",
    ],
    [
      "Feature toggles live in Unleash.",
      "Unleash is out, toggles are served by Flagsmith now",
      "Unleash",
      "Flagsmith",
    ],
    [
      "Kafka retention on clickstream is 7 days.",
      "set kafka retention on clickstream to 3 days",
      "7",
      "3",
    ],
    ["The release branch is called trunk.", "release branch renamed trunk → main", "trunk", "main"],
  ];
  for (const [stored, incoming, from, to] of cases) {
    await t.step(incoming, () => {
      const found = change(incoming, stored);
      deepEqual([found?.from, found?.to], [from, to]);
    });
  }
});

Deno.test("look-alikes are left alone", async (t) => {
  const cases: [string, string][] = [
    ["The orders API timeout is 30s.", "We raised the search API timeout to 60s."],
    ["Redis in staging is version 7.", "Redis in staging has maxclients set to 2000."],
    ["Reverted MR !402 because it broke checkout.", "Reverted MR !417 because it broke checkout."],
    [
      "We moved the docs from Confluence to Notion.",
      "We moved the runbooks from Confluence to Backstage.",
    ],
    ["Builds run on the ubuntu22.04 image.", "the GPU builds also use ubuntu24.04 now"],
    ["Service svc-12 listens on port 8012.", "Service svc-13 moved to port 8013."],
    ["JIRA-123 tracks the login bug.", "Moved JIRA-124 to the next sprint."],
  ];
  for (const [stored, incoming] of cases) {
    await t.step(incoming, () => equal(change(incoming, stored), null));
  }
});
