/**
 * The old value named as ended or demoted while the new one takes its place (issue 16 item 3,
 * `compare/ceased.ts`), through the engine: an older version's images said to be EOL'd, the old
 * tool replaced by something no lexicon knows, the old value kept only for something narrow.
 * Look-alikes: a contracted "would", a version of another thing, a narrowed use with no new
 * value. Sentences written for these tests, not taken from the bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "older version's images EOL'd",
    "The workers run on Ruby 3.1.",
    "we're on Ruby 3.3 for all workers, the Ruby 3.1 images are EOL'd",
    true,
  ],
  ["a contracted would", "The workers run on Ruby 3.1.", "I'd move the workers to Ruby 3.3", false],
  [
    "replaced by something no lexicon knows",
    "Build caching is done by Turborepo remote cache.",
    "Turborepo got replaced by our own cachet daemon last sprint",
    true,
  ],
  [
    "replaced by something, in another scope",
    "Build caching is done by Turborepo remote cache.",
    "Turborepo got replaced by our own cachet daemon in the mobile repo",
    false,
  ],
  [
    "the old value ended in an aside",
    "Search indexing runs on Algolia.",
    "search index = Typesense (Algolia account cancelled, export kept)",
    true,
  ],
  [
    "another subject's value ended in an aside",
    "Search indexing runs on Algolia.",
    "docs search = Typesense (the docs Algolia app cancelled)",
    false,
  ],
];

retireCases(cases);
