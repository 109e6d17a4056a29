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
  ["The web app uses Next.js 14.", "The web app is on Next.js 13.", "conflict"],
  // A later version of the same thing, no change word: the upgrade it almost always is.
  ["The web app uses Next.js 13.", "The web app is on Next.js 14.", "change"],
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

  ["The web repo uses Yarn.", "We standardized on pnpm across all repos.", "change"],
  ["Logs are shipped to Papertrail.", "Logging was consolidated into Datadog.", "change"],
  [
    "The three frontend apps each have their own ESLint config.",
    "We consolidated the frontend lint setup into one shared Biome config.",
    "change",
  ],
  [
    "The status page is hosted on Statuspage.",
    "We moved the status page over to Better Stack.",
    "change",
  ],
  [
    "Nightly builds are triggered by Jenkins.",
    "Nightly builds now run on GitHub Actions.",
    "change",
  ],
  [
    "The marketing site is built with Gatsby.",
    "The marketing site was rewritten in Astro.",
    "change",
  ],
  ["We pin Node to 18 in CI.", "CI is pinned to Node 22 now.", "change"],
  ["The default PR reviewer is Ana.", "Jorge is the default PR reviewer from now on.", "change"],
  [
    "Product images are stored in S3.",
    "Product images live in Cloudflare R2 these days.",
    "change",
  ],
  [
    "Analytics events go to Mixpanel.",
    "We stopped sending analytics events to Mixpanel; Amplitude receives them.",
    "change",
  ],
  ["The job queue is Sidekiq.", "Sidekiq is being phased out in favour of GoodJob.", "change"],
  ["The worker runs 4 threads.", "We reduced the worker to 2 threads.", "change"],
  [
    "The retention for audit logs is 1 year.",
    "Audit log retention was extended to 2 years.",
    "change",
  ],
  [
    "The API is versioned in the URL path.",
    "The API is versioned with an Accept header now.",
    "change",
  ],
  [
    "Feature flags live in LaunchDarkly.",
    "Feature flags were migrated off LaunchDarkly onto GrowthBook.",
    "change",
  ],
  [
    "The Slack alerts channel is #ops-alerts.",
    "The Slack alerts channel was renamed to #oncall-alerts.",
    "change",
  ],
  [
    "Sessions are stored in Redis.",
    "Sessions are kept in Postgres since the Redis outage.",
    "change",
  ],
  [
    "The design system uses Storybook 6.",
    "Storybook was bumped to 8 in the design system.",
    "change",
  ],
  [
    "Our primary region is us-east-1.",
    "Effective Monday our primary region is us-west-2.",
    "change",
  ],
  ["Hotfixes are deployed by hand.", "Hotfixes deploy automatically from now on.", "change"],
  [
    "The mobile app targets iOS 15.",
    "The mobile app's minimum iOS version was raised to 16.",
    "change",
  ],
  ["Priya is on-call lead for Q1.", "Priya is on-call lead for Q2.", "unrelated"],
  ["The ETL job uses Spark 3.4.", "The ML job uses Spark 3.5.", "unrelated"],
  ["Our status page is on Statuspage.", "Our docs are on Mintlify.", "unrelated"],
  [
    "We deploy with Argo CD.",
    "We also deploy some lambdas with the Serverless Framework.",
    "unrelated",
  ],
  ["The worker runs 4 threads.", "The web server runs 8 threads.", "unrelated"],
  ["Code review needs one approval.", "Security-sensitive PRs need two approvals.", "unrelated"],
  ["We standardized on pnpm across all repos.", "The docs repo publishes to npm.", "unrelated"],
  ["The billing cron runs hourly.", "The billing cron was moved to a new host.", "unrelated"],
  ["Redis is our cache.", "Redis also backs the rate limiter.", "unrelated"],
  ["The legacy app uses AngularJS.", "The new app uses React.", "unrelated"],
  ["Logs are shipped to Papertrail.", "Metrics go to Datadog.", "unrelated"],
  ["The API timeout is 30 seconds.", "The DB statement timeout is 5 seconds.", "unrelated"],
  [
    "We use Terraform for AWS.",
    "We're evaluating OpenTofu as a Terraform replacement.",
    "unrelated",
  ],
  [
    "The main database is Postgres 15.",
    "The main database runs on an r6g.xlarge instance.",
    "unrelated",
  ],
  ["The team uses Jira for bugs.", "The team uses Linear for feature work.", "unrelated"],
  ["The session cookie expires after 7 days.", "The session cookie lasts 30 days.", "conflict"],
  ["The Android app is built with Gradle 8.2.", "The Android app uses Gradle 7.6.", "conflict"],
  ["Our email provider is Postmark.", "Transactional emails are sent with SendGrid.", "conflict"],
  [
    "The cluster autoscaler max is 20 nodes.",
    "The cluster autoscaler caps at 50 nodes.",
    "conflict",
  ],
  ["Standup is at 9:45.", "Standup starts at 10:00.", "conflict"],
  ["The staging DB is called staging_main.", "The staging database is named stg_core.", "conflict"],
  ["Grace owns the payments API.", "The payments API owner is Tomas.", "conflict"],

  [
    "The queue consumer is written in Python.",
    "The queue consumer used to be Python; it's Go now.",
    "change",
  ],
  [
    "Code search uses Sourcegraph.",
    "Sourcegraph is deprecated for code search - use GitHub code search.",
    "change",
  ],
  [
    "The Android release manager is Kofi.",
    "Kofi handed the Android release manager role over to Mei.",
    "change",
  ],
  [
    "Slow query logging is enabled in production.",
    "Slow query logging was disabled in production.",
    "change",
  ],
  [
    "The customer table is called `clients`.",
    "The `clients` table was renamed to `customers`.",
    "change",
  ],
  ["API keys expire after 90 days.", "We lowered API key expiry to 30 days.", "change"],
  [
    "Dashboards are built in Kibana.",
    "We swapped Kibana for Grafana for our dashboards.",
    "change",
  ],
  [
    "Docs are written in reStructuredText.",
    "We moved the docs from reStructuredText to Markdown.",
    "change",
  ],
  ["The API gateway is Tyk.", "Tyk was replaced with Kong at the edge.", "change"],
  [
    "The frontend is tested with Karma.",
    "We don't run Karma anymore; frontend tests run in Vitest.",
    "change",
  ],
  [
    "Image resizing uses ImageMagick.",
    "Image resizing now uses libvips instead of ImageMagick.",
    "change",
  ],
  ["The on-call tool is Opsgenie.", "We retired Opsgenie; PagerDuty pages on-call now.", "change"],
  [
    "Production logs go to CloudWatch.",
    "Production logs go to Loki rather than CloudWatch.",
    "change",
  ],
  ["The team standup is on Zoom.", "The team standup moved to Google Meet.", "change"],
  // change elsewhere / not changes
  ["The web app is hosted on Vercel.", "The docs site moved from Vercel to Netlify.", "unrelated"],
  [
    "The API uses Redis for rate limiting.",
    "The worker no longer uses Redis; it polls Postgres.",
    "unrelated",
  ],
  ["Kofi is the Android release manager.", "Mei took over as iOS release manager.", "unrelated"],
  ["Uploads go to the media bucket.", "Thumbnails now go to the thumbs bucket.", "unrelated"],
  [
    "The API gateway is Kong.",
    "We looked at replacing Kong with Envoy but decided against it.",
    "unrelated",
  ],
  ["Backups run nightly.", "Backups ran twice on Sunday because of a cron bug.", "unrelated"],
  [
    "The frontend uses React 18.",
    "The frontend team is planning the React 19 upgrade.",
    "unrelated",
  ],
  ["Our staging env uses Postgres 14.", "Production moved to Postgres 16 last month.", "unrelated"],
  ["The session TTL is 1 hour.", "The refresh token TTL changed to 14 days.", "unrelated"],
  ["We use Jest for unit tests.", "We also use Playwright for e2e tests now.", "unrelated"],
  ["The checkout flow has three steps.", "The signup flow was cut down to two steps.", "unrelated"],
  [
    "Payments go through Stripe.",
    "Payouts switched from Stripe Connect to Adyen for Platforms.",
    "unrelated",
  ],
  [
    "Sentry tracks errors in the web app.",
    "Sentry tracks errors in the web app; source maps are uploaded in CI.",
    "unrelated",
  ],
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
