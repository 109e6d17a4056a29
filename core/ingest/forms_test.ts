/**
 * Changes written in a developer's notations (issue 16 item 3, `compare/forms.ts`), through the
 * engine: a sed substitution, a struck-out value, a conventional commit subject, a config line
 * whose comment gives the earlier value, a diff of one key, "was X, is Y", a Markdown heading
 * over a line, a label then `old -> new`. Each retires the stored fact; the same notations about another subject, another
 * environment or attribute (a label the stored fact never says), or asked as a question leave
 * it. Sentences written for these tests, not taken
 * from the bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  ["sed substitution", "The library build uses rollup.", "library build: s/rollup/rolldown/", true],
  [
    "struck-out value",
    "e2e tests run on Nightwatch.",
    "e2e tests: ~~Nightwatch~~ Playwright",
    true,
  ],
  [
    "struck-out value of another subject",
    "Unit tests use jest.",
    "e2e tests: ~~cypress~~ playwright",
    false,
  ],
  ["commit subject", "The queue runs on bull.", "refactor(queue): drop bull, adopt bullmq", true],
  [
    "commit subject asking",
    "Linting uses ESLint.",
    "chore(lint): should we drop eslint for biome?",
    false,
  ],
  [
    "config comment",
    "Postgres max_connections is 200.",
    "max_connections = 400  # was 200 until the pooler",
    true,
  ],
  [
    "config comment, another environment",
    "prod logging level is WARN.",
    "logging.level.root: INFO  # staging, was WARN",
    false,
  ],
  [
    "was X, is Y",
    "The ingest batch size is 500 rows.",
    "ingest batch size: was 500, is 2000",
    true,
  ],
  ["diff of one key", "cache ttl = 60", "cache.conf: `- ttl = 60` / `+ ttl = 300`", true],
  [
    "heading over a line",
    "The docs site is hosted on GitHub Pages.",
    "## Hosting today\ndocs site → Netlify",
    true,
  ],
  [
    "label, old value -> new",
    "Errors are reported to Sentry.",
    "error tracking: Sentry → Rollbar",
    true,
  ],
  [
    "label naming the registry",
    "CI pushes images to Quay.",
    "container registry: Quay -> ECR",
    true,
  ],
  [
    "label of another attribute",
    "Errors are reported to Sentry.",
    "tracing: Sentry → Honeycomb",
    false,
  ],
  [
    "label of another attribute, from/to",
    "Errors are reported to Sentry.",
    "tracing: moved from Sentry to Honeycomb",
    false,
  ],
  [
    "a post marker is no label",
    "Invoices are emailed with Postmark.",
    "UPDATE: invoices go out through Resend now, Postmark account closed",
    true,
  ],
  [
    "label of the value's other use",
    "Search runs on Elasticsearch.",
    "logs: out: Elasticsearch, in: Loki",
    false,
  ],
  [
    "out/in swap",
    "Search runs on Elasticsearch.",
    "search: out: Elasticsearch, in: Typesense",
    true,
  ],
  [
    "label with =, the old value paused",
    "The cache is Redis.",
    "cache = Memcached (Redis cluster paused)",
    true,
  ],
  [
    "label with =, another subject",
    "The cache is Redis.",
    "session store = DynamoDB (Redis only for rate limits)",
    false,
  ],
];

retireCases(cases);
