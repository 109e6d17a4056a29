/**
 * `measureConflict` (`measure_pairs.ts`) through `contradiction()`: one measure of one subject
 * said in two frames. Wordings written for these tests.
 */
import { equal, notEqual } from "node:assert/strict";
import { contradiction } from "./statements.ts";

const either = (a: string, b: string) => contradiction(a, b) ?? contradiction(b, a);

Deno.test("one measure of one subject with two amounts conflicts", () => {
  const pairs: [string, string][] = [
    ["banner images are capped at 3 MB", "max banner size: 1 MB"],
    ["failed syncs are retried 3 times", "we retry failed syncs up to 6 times"],
  ];
  for (const [a, b] of pairs) notEqual(either(a, b), null, a);
});

Deno.test("qualified subjects, named versions and one amount in other units do not", () => {
  const pairs: [string, string][] = [
    ["banner images are capped at 3 MB", "hero banner images are capped at 1 MB"],
    [
      "the mysql 8 migration took 20 min of downtime",
      "the mysql 9 migration took 6 min of downtime",
    ],
    ["resizer function memory: 3072 MB", "the resizer function has 3 GB of memory"],
  ];
  for (const [a, b] of pairs) equal(either(a, b), null, a);
});
