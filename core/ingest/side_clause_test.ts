/**
 * The new value in the main clause, the old one demoted to a side clause that ends it (issue 16
 * item 3, `compare/demoted.ts`), through the engine: write the stored fact, write the incoming
 * statement, see whether the stored fact was retired. Sentences written for these tests, not
 * taken from the bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "old value the side clause's subject, another head",
    "Game builds run on a GoCD server.",
    "game builds: Buildkite (hosted); the GoCD agents were wiped",
    true,
  ],
  [
    "old value the object of a negated use",
    "Design specs live in Confluence.",
    "design specs live in Notion now, nobody edits Confluence anymore",
    true,
  ],
  [
    "old value one member of a list",
    "Python code is linted with pylint.",
    "pylint/pycodestyle are dead to us; Ruff lints the python code",
    true,
  ],
  [
    "old value in a bare contrast",
    "Unit tests run with Jasmine.",
    "Mocha — not Jasmine — runs the unit tests now",
    true,
  ],
  [
    "another subject's value ending",
    "Inference runs on A40 nodes.",
    "Training jobs are scheduled onto the B200 pool; the old A40 nodes were handed back",
    false,
  ],
  [
    "a negated use with a scope of its own",
    "Unit tests run with Jasmine.",
    "Mocha runs the browser tests, Jasmine isn't used in the e2e suite",
    false,
  ],
];

retireCases(cases);
