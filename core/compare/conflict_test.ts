/** `contradiction()` on pairs of stored statements written for these tests. */
import { equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

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

  // look-alikes
  [
    "The checkout service times out after 10 seconds.",
    "The checkout service retries after 10 seconds.",
    false,
  ],
  [
    "The checkout service times out after 10 seconds.",
    "The checkout page times out after 30 seconds.",
    false,
  ],
  ["Our staging cluster runs 3 nodes.", "Our production cluster runs 12 nodes.", false],
  ["The users table uses UUID primary keys.", "The events table uses bigint primary keys.", false],
  ["Tomas reviews frontend PRs.", "Grace reviews backend PRs.", false],
  ["The docs site builds with Hugo.", "The blog builds with Jekyll.", false],
  ["Mobile builds take 25 minutes.", "Web builds take 6 minutes.", false],
  [
    "Redis runs with 4 GB of memory in staging.",
    "Redis runs with 16 GB of memory in production.",
    false,
  ],
  ["The nightly ETL loads into Snowflake.", "The hourly sync loads into BigQuery.", false],
  ["Ana is on call this week.", "Jorge is on call this week.", false],
  [
    "PR-4412 adds rate limiting to the login endpoint.",
    "PR-4431 adds rate limiting to the signup endpoint.",
    false,
  ],
  ["The v2 API paginates with cursors.", "The v1 API paginates with offsets.", false],
  ["The ingest worker uses 2 CPU cores.", "The ingest worker uses 4 GB of memory.", false],
  ["We support Python 3.10 and newer.", "The CLI is tested on Python 3.12.", false],
  [
    "The search service is written in Rust.",
    "The search service's indexer is written in Go.",
    false,
  ],
  ["Our Postgres runs on RDS.", "Our Redis runs on ElastiCache.", false],
  ["The billing team deploys on Mondays.", "The growth team deploys on Thursdays.", false],
  ["The app shows dates in the user's timezone.", "Logs are written in UTC.", false],
  ["Build artifacts are kept for 30 days.", "Build logs are kept for 90 days.", false],
  ["The API accepts JSON.", "The webhook payloads are signed with HMAC-SHA256.", false],
  ["In January the error rate was 0.3%.", "In February the error rate was 0.1%.", false],
  ["We chose Postgres over MySQL for billing.", "Billing uses Postgres.", false],
  ["The old admin used Django.", "The admin is built with Rails.", false],
  ["Emails are sent through Postmark.", "Marketing emails are sent through Mailchimp.", false],
  [
    "Kubernetes manifests live in the deploy repo.",
    "Terraform modules live in the infra repo.",
    false,
  ],
  ["The mobile app uses Expo 50.", "The mobile app will move to Expo 51 next sprint.", false],
  ["The cache hit rate is about 92%.", "The cache hit rate target is 95%.", false],
  ["Sam is the tech lead for payments.", "Sam is the tech lead for checkout.", false],
  ["Use `make test` to run the unit tests.", "Use `make e2e` to run the browser tests.", false],
  ["Node 20 is required for the CLI.", "Node 18 is required for the legacy scripts.", false],
  // conflicts
  ["Our staging cluster runs 3 nodes.", "The staging cluster has 5 nodes.", true],
  ["The docs site builds with Hugo.", "The docs site is generated with Docusaurus.", true],
  ["Emails are sent through Postmark.", "We send emails with SendGrid.", true],
  ["Sam is the tech lead for payments.", "The payments tech lead is Priya.", true],
  ["Node 20 is required for the CLI.", "The CLI requires Node 22.", true],
];

Deno.test("contradiction(): the same subject with incompatible values, not shared words", async (t) => {
  for (const [a, b, want] of PAIRS) {
    await t.step(`${want ? "conflict" : "look-alike"}: ${a} / ${b}`, () => {
      equal(contradiction(a, b) !== null, want);
      equal(contradiction(b, a) !== null, want, "either way round");
    });
  }
});
