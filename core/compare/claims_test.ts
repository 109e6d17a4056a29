/**
 * Reading statements into claims and comparing them (`contradiction`, `change`), on
 * sentences written for these tests (the labelled bench pairs live in
 * bench/fixtures/statements/ and are measured by bench/statements.ts).
 */
import { deepEqual, equal } from "node:assert/strict";
import { readStatement } from "./claims.ts";
import { change, contradiction } from "./statements.ts";

Deno.test("readStatement() reads values into slots, old values and how the statement is meant", () => {
  const moved = readStatement("We migrated user accounts from MySQL to PostgreSQL 16.");
  deepEqual(moved.values.map((v) => [v.slots[0], v.norm, v.tense]), [
    ["tech:database", "mysql", "old"],
    ["tech:database", "postgresql", "current"],
    ["version:postgresql", "16", "current"],
  ]);
  const port = readStatement("orders-service runs on port 3001 (see `ops/ports.md`).");
  deepEqual(port.values.map((v) => [v.kind, v.norm]), [["port", "3001"], ["path", "ops/ports.md"]]);
  const owner = readStatement("The data platform's tech lead is Ben.");
  deepEqual(owner.values.map((v) => [v.slots[0], v.norm]), [["role:lead", "ben"]]);
  const interval = readStatement("crm-sync runs once an hour.");
  deepEqual(interval.values.map((v) => [v.slots[0], v.norm]), [["qty:interval", "3600"]]);
  equal(readStatement("We might move CI to Buildkite.").cues.hypothetical, true);
  equal(readStatement("The monorepo also uses Changesets.").cues.additive, true);
  equal(readStatement("On 2026-01-03 the deploy took 20 minutes.").cues.event, true);
  equal(readStatement("We don't use Redux.").values[0]?.negated, true);
});

/** [old, new, what the new one does to the old]. */
const WRITES: readonly [string, string, "change" | "conflict" | "unrelated"][] = [
  [
    "We use npm for the admin dashboard.",
    "The admin dashboard moved to pnpm last sprint.",
    "change",
  ],
  [
    "The worker queue is backed by RabbitMQ.",
    "We replaced RabbitMQ with SQS for the worker queue.",
    "change",
  ],
  ["Our docs are on GitBook.", "GitBook was replaced by Mintlify for our docs.", "change"],
  [
    "The iOS app uses CocoaPods.",
    "The iOS app no longer uses CocoaPods; everything is on Swift Package Manager.",
    "change",
  ],
  ["Staging runs on Heroku.", "Staging is now on Render.", "change"],
  ["E2E tests use Cypress.", "We use Playwright instead of Cypress for E2E tests now.", "change"],
  ["The build uses webpack.", "The build uses esbuild, not webpack, from now on.", "change"],
  ["The API is written in Python.", "We rewrote the API in Go.", "change"],
  ["Payments run on Stripe.", "As of January, payments go through Adyen.", "change"],
  ["The session timeout is 30 minutes.", "We raised the session timeout to 2 hours.", "change"],
  ["Max upload size is 10 MB.", "Max upload size was lowered to 5 MB.", "change"],
  ["Priya owns the billing service.", "Sam took over the billing service from Priya.", "change"],
  ["The frontend runs on Vue 2.", "We upgraded the frontend to Vue 3.", "change"],
  [
    "We deploy with Capistrano.",
    "We don't deploy with Capistrano anymore, it's all Kamal now.",
    "change",
  ],
  ["Secrets live in Vault.", "Starting next week, secrets move to AWS Secrets Manager.", "change"],
  ["The retry limit for webhooks is 3.", "Webhook retry limit changed to 5.", "change"],
  [
    "The data team uses Airflow for scheduling.",
    "The data team switched its scheduling to Dagster.",
    "change",
  ],
  ["CI runs on CircleCI.", "CI was migrated to GitHub Actions.", "change"],
  [
    "Error tracking is done with Bugsnag.",
    "We dropped Bugsnag and use Sentry for error tracking.",
    "change",
  ],
  [
    "The mobile app supports Android 8 and up.",
    "The mobile app now requires Android 10.",
    "change",
  ],
  ["The cache TTL is 5 minutes.", "The cache TTL is 10 minutes.", "conflict"],
  ["The orders API listens on port 8000.", "The orders API listens on port 9000.", "conflict"],
  ["Our warehouse is BigQuery.", "The data warehouse is Snowflake.", "conflict"],
  [
    "Jonas is the tech lead of the search team.",
    "The search team's tech lead is Hana.",
    "conflict",
  ],
  ["The billing database is in eu-west-1.", "The billing DB lives in us-east-2.", "conflict"],
  ["We format Python with Black.", "Python code is formatted with Ruff format.", "conflict"],
  ["The log retention is 14 days.", "Logs are retained for 30 days.", "conflict"],
  ["The web app uses Next.js 13.", "The web app is on Next.js 14.", "conflict"],
  ["Backups run at 02:00.", "Backups run at 04:30.", "conflict"],
  [
    "The API gateway rate limit is 600 requests per minute.",
    "The API gateway allows 1000 req/min.",
    "conflict",
  ],
  ["The billing service uses Postgres.", "The search service uses Elasticsearch.", "unrelated"],
  [
    "The billing service uses Postgres.",
    "The billing service also uses Redis for caching.",
    "unrelated",
  ],
  [
    "The billing service uses Postgres.",
    "We are considering moving billing to CockroachDB.",
    "unrelated",
  ],
  ["Prod runs on Kubernetes 1.29.", "Staging runs on Kubernetes 1.27.", "unrelated"],
  ["Fixed the login bug in AUTH-301.", "Fixed the login bug in AUTH-322.", "unrelated"],
  [
    "The search cluster moved from Elasticsearch to OpenSearch.",
    "The logging cluster uses Elasticsearch.",
    "unrelated",
  ],
  ["Our CI uses GitHub Actions.", "Our CD uses Argo CD.", "unrelated"],
  ["Kenji prefers Vim.", "Lena prefers VS Code.", "unrelated"],
  ["The admin app is deployed to Vercel.", "The marketing site moved to Netlify.", "unrelated"],
  ["Deploys happen on Tuesdays.", "Deploys happen on Tuesdays after the standup.", "unrelated"],
  ["The API uses Express.", "Before Express, the API used Koa.", "unrelated"],
  ["We use Datadog for metrics.", "We use Sentry for error tracking.", "unrelated"],
  ["Release 2.3.0 went out on 2026-02-01.", "Release 2.4.0 went out on 2026-03-01.", "unrelated"],
  ["The EU region uses eu-west-1.", "The US region uses us-east-1.", "unrelated"],
  ["Jest is used for unit tests.", "Playwright is used for end-to-end tests.", "unrelated"],
  ["The `users` table has 40M rows.", "The `events` table has 2B rows.", "unrelated"],
  [
    "We don't use ORMs in the ledger service.",
    "The ledger service uses sqlc for queries.",
    "unrelated",
  ],
  ["PR CI takes about 12 minutes.", "Nightly CI takes about 45 minutes.", "unrelated"],
];

Deno.test("change() and contradiction(): a write changes, contradicts or leaves a stored fact", async (t) => {
  for (const [old, next, want] of WRITES) {
    await t.step(`${want}: ${next}`, () => {
      const found = change(next, old)
        ? "change"
        : contradiction(next, old)
        ? "conflict"
        : "unrelated";
      equal(found, want, old);
    });
  }
});

/** [a, b, whether they contradict]. */
const PAIRS: readonly [string, string, boolean][] = [
  [
    "The notifications service is written in Go.",
    "notifications-service is implemented in Rust.",
    true,
  ],
  ["Our container registry is ECR.", "Images are pushed to GHCR.", true],
  [
    "The search index refreshes every 30 seconds.",
    "The search index refresh interval is 1 minute.",
    true,
  ],
  ["We use Linear for issue tracking.", "Issues are tracked in Jira.", true],
  ["The mobile team uses Bitrise for CI.", "Mobile CI runs on Codemagic.", true],
  [
    "Grafana dashboards are provisioned with Terraform.",
    "Grafana dashboards are provisioned with Pulumi.",
    true,
  ],
  ["The payments service has 3 replicas.", "The payments service runs 5 replicas.", true],
  ["The default branch is main.", "The default branch is master.", true],
  ["Lena is the owner of the design system.", "The design system is owned by Oskar.", true],
  ["The admin panel listens on port 8081.", "The admin panel runs on port 9090.", true],
  ["Log level in staging is INFO.", "Staging logs at DEBUG level.", true],
  ["The monorepo uses Turborepo.", "The monorepo is managed with Nx.", true],
  ["The CDN caches images for 1 day.", "Images stay in the CDN cache for 7 days.", true],
  ["Feature flags are managed in LaunchDarkly.", "We manage feature flags with Unleash.", true],
  ["The production database runs Postgres 15.", "Production's database is Postgres 16.", true],
  ["The nightly export runs at 01:00 UTC.", "The nightly export starts at 03:00 UTC.", true],
  [
    "The auth service hashes passwords with bcrypt.",
    "Passwords in the auth service are hashed with argon2.",
    true,
  ],
  [
    "The load balancer idle timeout is 60 seconds.",
    "The load balancer idle timeout is 120 seconds.",
    true,
  ],
  ["Coverage threshold is 80%.", "The coverage threshold is 90%.", true],
  // look-alikes
  ["The payments service has 3 replicas.", "The search service has 5 replicas.", false],
  ["The Kafka retention is 7 days.", "The Kafka cluster has 6 brokers.", false],
  ["Lena is the owner of the design system.", "Lena is the owner of the icon library.", false],
  ["Production uses Postgres 16.", "Local dev uses Postgres 15 in Docker.", false],
  ["We use Linear for issue tracking.", "We use Notion for meeting notes.", false],
  ["The admin panel listens on port 8081.", "The public site listens on port 80.", false],
  ["Coverage threshold is 80%.", "Coverage threshold for the legacy module is 50%.", false],
  ["The monorepo uses Turborepo.", "The monorepo also uses Changesets.", false],
  ["Fixed N+1 query in ORD-1201.", "Fixed N+1 query in ORD-1288.", false],
  ["The nightly export runs at 01:00 UTC.", "The weekly export runs at 05:00 UTC.", false],
  ["We used CircleCI until 2022.", "CI runs on GitHub Actions.", false],
  ["We might move CI to Buildkite.", "CI runs on GitHub Actions.", false],
  ["Search uses OpenSearch.", "We added pgvector next to OpenSearch for semantic search.", false],
  ["Jonas prefers tabs.", "I prefer spaces.", false],
  ["The iOS app uses Sentry.", "The Android app uses Crashlytics.", false],
  ["Deploys run on merge to main.", "Tests run on every push.", false],
  ["The `orders` topic has 12 partitions.", "The `payments` topic has 24 partitions.", false],
  ["On 2026-01-03 the deploy took 20 minutes.", "On 2026-02-07 the deploy took 12 minutes.", false],
  ["The CLI supports macOS and Linux.", "The CLI doesn't support Windows.", false],
  ["Our GitHub org is acme.", "Our npm org is acme-inc.", false],
];

Deno.test("contradiction(): the same subject with incompatible values, not shared words", async (t) => {
  for (const [a, b, want] of PAIRS) {
    await t.step(`${want ? "conflict" : "look-alike"}: ${a} / ${b}`, () => {
      equal(contradiction(a, b) !== null, want);
      equal(contradiction(b, a) !== null, want, "either way round");
    });
  }
});
