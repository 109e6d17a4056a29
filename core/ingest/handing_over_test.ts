/**
 * A role handed to someone else retires the stored holder through the engine (issue 16 item
 * 3) when the incoming statement names the old holder as leaving ("Kim moved to the infra
 * team", "Jo went part-time"); someone else leaving another role retires nothing. Sentences
 * written for these tests, not taken from the bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "the old holder moved on",
    "The release checklist is maintained by Kim.",
    "release checklist maintainer: Bo (Kim moved to the infra team)",
    true,
  ],
  [
    "the old holder went part-time",
    "Design reviews are run by Jo.",
    "design reviews: Pat runs them now, Jo went part-time",
    true,
  ],
  [
    "someone else left another role",
    "The release checklist is maintained by Kim.",
    "on-call roster: Bo (Ravi moved to the infra team)",
    false,
  ],
];

retireCases(cases);
