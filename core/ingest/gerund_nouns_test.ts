/**
 * A cue of proposing written as a noun after a determiner (`gerund_nouns.ts`) leaves the
 * statement a fact (issue 16 item 3): it may change the stored one. The verb still proposes.
 * Sentences written for these tests.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "'the pricing update' is a noun",
    "The starter plan includes 10 projects.",
    "The starter plan is 4 projects as of the pricing update.",
    true,
  ],
  [
    "'pricing' as a verb still proposes",
    "The starter plan includes 10 projects.",
    "We are pricing a starter plan of 4 projects as of next month.",
    false,
  ],
];

retireCases(cases);
