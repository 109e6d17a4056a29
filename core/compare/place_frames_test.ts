/**
 * `placeConflict` (`place_frames.ts`) through `contradiction()`: one subject put in two places
 * in different frames. Wordings written for these tests.
 */
import { equal, notEqual } from "node:assert/strict";
import { contradiction } from "./statements.ts";

Deno.test("one subject in two places conflicts", () => {
  const pairs: [string, string][] = [
    ["the QA team sits in the Porto office", "the QA team is based in Lisbon"],
    ["Design specs live in Figma.", "We keep design specs in the docs/design folder."],
    ["the spring offsite is in Tallinn", "spring offsite location: Riga"],
    [
      "nightly builds are uploaded to the R2 bucket nightly-dl",
      "nightly builds are published to GitHub Releases",
    ],
  ];
  for (const [a, b] of pairs) {
    notEqual(contradiction(a, b) ?? contradiction(b, a), null, a);
  }
});

Deno.test("other subjects, one place refined and later stages do not", () => {
  const pairs: [string, string][] = [
    ["the QA team sits in the Porto office", "the support team sits in the Lisbon office"],
    ["Design specs live in Figma.", "Design specs live in the Figma team space Specs."],
    ["Old invoices are stored in S3 Standard.", "Old invoices sit in Glacier after 90 days"],
    ["the QA team sits in Porto and Lisbon", "the QA team is based in Lisbon"],
  ];
  for (const [a, b] of pairs) equal(contradiction(a, b) ?? contradiction(b, a), null, a);
});
