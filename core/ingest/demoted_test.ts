/**
 * The old value named as ended or demoted while the new one takes its place (issue 16 item 3,
 * `compare/ceased.ts`), through the engine: an older version's images said to be EOL'd, the old
 * tool replaced by something no lexicon knows, the old value ended in an aside, the old value
 * kept only for something narrow (`compare/narrowed.ts`). Look-alikes: a contracted "would",
 * another scope, a word of another subject in the aside, a use narrowed to the stored subject
 * itself, a narrowed use with no new value. Sentences written for these tests, not taken from the bench.
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
  [
    "old value kept only for something narrow",
    "Deploys go through Jenkins.",
    "deploys run on Argo CD, Jenkins is only kept for the legacy monolith",
    true,
  ],
  [
    "old value just doing less",
    "Email goes out through Mailgun.",
    "email goes out through Postmark now, Mailgun just handles the old newsletter list",
    true,
  ],
  [
    "narrowed to the stored subject itself",
    "Static assets are served by Fastly.",
    "The API is behind Cloudflare, Fastly only for the static assets.",
    false,
  ],
  [
    "narrowed to the stored subject's act",
    "Deploys go through Jenkins.",
    "builds run on Argo CD, Jenkins only deploys",
    false,
  ],
  [
    "narrowed, the new value in a scope of its own",
    "Deploys go through Jenkins.",
    "deploys for the mobile app run on Argo CD, Jenkins is only kept for the monolith",
    false,
  ],
  [
    "narrowed, no new value",
    "Deploys go through Jenkins.",
    "Jenkins only deploys the monolith",
    false,
  ],
  [
    "old tool named by the head of its name, kept for less",
    "Code quality is checked by SonarQube.",
    "code quality checks moved to Codacy, the sonar server is only kept for the legacy repos",
    true,
  ],
  [
    "a word that begins another tool's name",
    "Alerts page through PagerDuty.",
    "we moved status pages to Instatus, the pager config is only kept for the old monitors",
    false,
  ],
];

retireCases(cases);
