/** `contradiction()` on two dates of one scheduled thing (`scheduled_dates.ts`), in wordings written for these tests. */
import { equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

/** [a, b, whether they contradict]. */
const PAIRS: readonly [string, string, boolean][] = [
  ["The H2 kickoff is on 3 July.", "H2 kickoff happens on 10 July.", true],
  [
    "The billing cutover is scheduled for 12 May.",
    "The billing cutover goes live on 19 May.",
    true,
  ],
  ["The mobile code freeze starts on 2 June.", "The mobile code freeze starts on 9 June.", true],
  // Another thing, a past event, an incident on a day, another release, a period of a role.
  ["Priya is the release captain for Q1.", "Priya is the release captain for Q2.", false],
  ["Release 1.2 ships on 3 March.", "Release 1.3 ships on 10 March.", false],
  ["The H2 kickoff is on 3 July.", "The H1 retro is on 10 July.", false],
  ["Rotated the signing keys on 2026-02-01.", "Rotated the signing keys on 2026-05-01.", false],
  ["Outage on May 2: EU checkout errors.", "Outage on Jun 19: EU checkout errors.", false],
  ["The H2 kickoff was on 3 July.", "H2 kickoff happens on 10 July.", false],
];

for (const [a, b, expected] of PAIRS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}
