/**
 * A change to a part of a tool, its settings or where something of it is kept, leaves a stored
 * fact about the tool itself (issue 16 item 3: no false retirement): the tool's connection
 * string, linter, client library, notifications, cache, state, retention, webhooks, rules or
 * snapshots moved or changed, while the tool stays. Written after trying the write path as a
 * user would, not taken from the bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const part = "a part of the tool changed";

const cases: readonly RetireCase[] = [
  [part, "We use Redis for caching.", "Moved the Redis connection string to Vault.", false],
  [part, "The API is written in Go.", "Switched the Go linter from golint to staticcheck.", false],
  [
    part,
    "Our main database is Postgres 15.",
    "Upgraded the Postgres client library to pg 8.11.",
    false,
  ],
  [
    part,
    "We deploy with Argo CD.",
    "Argo CD notifications now go to #deploys instead of #ops.",
    false,
  ],
  [part, "CI runs on GitHub Actions.", "Moved the GitHub Actions cache to S3.", false],
  [
    part,
    "Errors are tracked in Sentry.",
    "Sentry alerts now page the on-call engineer instead of emailing.",
    false,
  ],
  [part, "We use Terraform for infra.", "Terraform state moved from S3 to Terraform Cloud.", false],
  [
    part,
    "Kafka handles event streaming.",
    "Kafka retention for the audit topic was raised to 30 days.",
    false,
  ],
  [
    part,
    "Payments go through Stripe.",
    "Stripe webhooks moved from /hooks/stripe to /webhooks/stripe.",
    false,
  ],
  [part, "Auth is handled by Auth0.", "Auth0 rules were migrated to Auth0 Actions.", false],
  [
    part,
    "The search service uses Elasticsearch 8.",
    "Elasticsearch snapshots go to GCS now instead of S3.",
    false,
  ],
  [
    "an older version dropped from a matrix",
    "Node 20 is the runtime for all services.",
    "Dropped Node 18 from the CI matrix.",
    false,
  ],
];

retireCases(cases);
