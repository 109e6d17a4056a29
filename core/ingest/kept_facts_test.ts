/**
 * Facts a write must not retire (issue 16 item 3), through the engine: another code in the
 * subject, a stored preference said again with its contrast, another region's move written
 * with the region in capitals. The same shapes that do change the stored fact still retire
 * it. Sentences written for these tests, not taken from the bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "another code in the subject",
    "Error E2000 means the token was rejected.",
    "Error E2001 means the token expired.",
    false,
  ],
  [
    "another path in the subject",
    "POST /api/v4/invoices is how invoices are created.",
    "POST /api/v3/invoices is deprecated and goes away in May.",
    false,
  ],
  [
    "the same code changes",
    "Error E2000 means the token was rejected.",
    "Error E2000 no longer means the token was rejected; it now means the token expired.",
    true,
  ],
  [
    "a preference said again with its contrast",
    "Noor prefers spaces rather than tabs.",
    "Noor: spaces, not tabs.",
    false,
  ],
  [
    "a preference that did change",
    "Noor prefers spaces rather than tabs.",
    "Noor switched to tabs instead of spaces.",
    true,
  ],
  [
    "another region's move, region in capitals",
    "EU traffic is routed through Dublin.",
    "Starting today US traffic is routed through Ohio instead of Texas.",
    false,
  ],
  [
    "the same region's move",
    "US traffic is routed through Texas.",
    "Starting today US traffic is routed through Ohio instead of Texas.",
    true,
  ],
];

retireCases(cases);
