/**
 * `contradiction()` leaves two objects of a many-valued verb apart (`many_valued.ts`): they add
 * to each other. A measured value still disputes. Wordings written for these tests.
 */
import { equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

/** [a, b, whether they contradict]. */
const PAIRS: readonly [string, string, boolean][] = [
  ["The game ships on Windows.", "The game ships on macOS.", false],
  ["The backend includes the Stripe SDK.", "The backend includes the PayPal SDK.", false],
  ["The portal supports Okta.", "The portal supports Auth0.", false],
  ["The desktop client bundles Sentry.", "The desktop client bundles Datadog.", false],
  ["Members can log in with Okta.", "Members can log in with Auth0.", false],
  // A measured value told apart is still one value in dispute.
  ["The app supports Android 12 and later.", "The app supports Android 14 and later.", true],
  ["The kiosk ships with Postgres 15.", "The kiosk ships with Postgres 16.", true],
  // Not the verb: "support" as a noun opening the sentence.
  ["Support tickets are tracked in Zendesk.", "Support tickets are tracked in Jira.", true],
  ["Support runs on Zendesk.", "Support runs on Freshdesk.", true],
];

for (const [a, b, expected] of PAIRS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}
