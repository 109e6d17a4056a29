/**
 * `wishConflict` (`wishes.ts`) through `contradiction()`: a wish stated and refused by one
 * holder. Wordings written for these tests.
 */
import { equal, notEqual } from "node:assert/strict";
import { contradiction } from "./statements.ts";

const either = (a: string, b: string) => contradiction(a, b) ?? contradiction(b, a);

Deno.test("a wish one side states and the other refuses conflicts", () => {
  const pairs: [string, string][] = [
    [
      "Noor wants design reviews on Figma, not in Slack.",
      "Noor prefers design reviews in Slack instead of Figma.",
    ],
    [
      "Arjun wants stacked PRs rebased before merge.",
      "Arjun wants stacked PRs merged as they are, no rebasing.",
    ],
  ];
  for (const [a, b] of pairs) notEqual(either(a, b), null, a);
});

Deno.test("another holder or a narrower refusal does not", () => {
  const pairs: [string, string][] = [
    [
      "Noor wants design reviews on Figma, not in Slack.",
      "Arjun prefers design reviews in Slack instead of Figma.",
    ],
    [
      "Arjun wants stacked PRs rebased before merge.",
      "Arjun wants no rebasing of release branches.",
    ],
  ];
  for (const [a, b] of pairs) equal(either(a, b), null, a);
});
