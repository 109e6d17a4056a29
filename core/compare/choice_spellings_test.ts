/**
 * `contradiction()` on choices written as verbs (`lexicon.ts`: "squash-merged", "rebase-and-merge")
 * and against a choice the other side denies (`undenied.ts`); wordings written for these tests.
 */
import { equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

/** [a, b, whether they contradict]. */
const PAIRS: readonly [string, string, boolean][] = [
  [
    "Release branches are squash-merged into main.",
    "Release branches get merged into main with merge commits.",
    true,
  ],
  ["Dependabot PRs are rebase-merged.", "Dependabot PRs use squash and merge.", true],
  ["The team rebase-and-merges every PR.", "Every PR gets a merge commit, never squashed.", true],
  ["Docs PRs use merge commits, never squashed.", "Docs PRs are squash merged.", true],
  // One side's denied value is not its value; the same choice on both sides is no conflict.
  [
    "Release branches are squash-merged into main.",
    "Feature branches are squash-merged too.",
    false,
  ],
  ["We squash-merge PRs, no merge commits.", "PRs are squash-merged.", false],
];

for (const [a, b, expected] of PAIRS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}

/** Alternatives of a kind the choices lexicon lists (byte order, rendering, deletion, themes). */
const KINDS: readonly [string, string, boolean][] = [
  [
    "The telemetry frames encode integers little-endian.",
    "The telemetry frames are big-endian.",
    true,
  ],
  ["The docs portal is a client-side rendered SPA.", "The docs portal is server-rendered.", true],
  ["Invoices are soft-deleted.", "Invoices are hard-deleted.", true],
  ["The docs portal is server-rendered.", "The admin portal is a client-side rendered SPA.", false],
  ["Invoices are soft-deleted.", "Draft invoices are hard-deleted after 30 days.", false],
];

for (const [a, b, expected] of KINDS) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}

/** A count of a choice says that choice ("4-space indentation" is spaces). */
const COUNTED: readonly [string, string, boolean][] = [
  ["Nadia wants tabs in the Go code.", "Nadia prefers 4-space indentation in Go.", true],
  ["Use spaces for indentation in Python.", "Python code is indented with 4 spaces.", false],
  ["Markdown is indented with 2 spaces.", "Python is indented with 4 spaces.", false],
];

for (const [a, b, expected] of COUNTED) {
  Deno.test(`contradiction() ${expected ? "flags" : "leaves"} "${a}" / "${b}"`, () => {
    equal(contradiction(a, b) !== null || contradiction(b, a) !== null, expected);
  });
}
