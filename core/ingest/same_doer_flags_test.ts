/**
 * A name and its handle are one doer (issue 15 build 3): neither the write path nor the sweep
 * flags them; two people still are. Sentences written for these tests.
 */
import { type FlagCase, flagCases } from "../../tests/fixtures/flags.ts";

const cases: readonly FlagCase[] = [
  [
    "a handle and its name",
    "@rosa maintains acme/docs.",
    "acme/docs — maintainer: Rosa (@rosa).",
    "left",
  ],
  ["two people", "@rosa maintains acme/docs.", "acme/docs — maintainer: Kim (@kim).", "flagged"],
];

flagCases(cases);
