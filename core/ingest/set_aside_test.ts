/**
 * A change that sets the stored fact aside (issue 16 item 3), through the engine: a plan still
 * open, another scope moved while the stored one stays, an exception to a stored rule, what
 * held before a move. Each retires nothing; the same shapes that do change the stored fact
 * still retire it. Sentences written for these tests, not taken from the bench.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  [
    "open plan",
    "Search runs on Elasticsearch.",
    "Next quarter we evaluate moving search to OpenSearch, nothing decided.",
    false,
  ],
  [
    "other scope moved, stored one stays",
    "The EU bucket is in eu-central-1.",
    "Moved the US bucket to us-east-2, EU stays where it is.",
    false,
  ],
  [
    "stored value stays for a while: still a change",
    "Metrics are stored in InfluxDB.",
    "We migrated metrics to Prometheus; InfluxDB stays read-only until May.",
    true,
  ],
  [
    "exception to a rule",
    "Session timeout is 30 minutes.",
    "Kiosk sessions time out after 5 minutes, not the 30 default.",
    false,
  ],
  [
    "what held before a move",
    "The mobile app is built on Bitrise.",
    "Travis built the mobile app for four years before we switched.",
    false,
  ],
  [
    "another product's version, no change word",
    "The shop's cluster runs Kubernetes 1.28.",
    "the shop's GKE is on 1.30",
    false,
  ],
  [
    "the same product's later version, no change word",
    "Our database is PostgreSQL 15.",
    "our database is PostgreSQL 16",
    true,
  ],
  [
    "another kind of tool for the same subject",
    "The admin site runs on Deno 2.",
    "yarn 4.1 is the pinned yarn for the admin site.",
    false,
  ],
  [
    "another subject's version bumped",
    "The checkout service runs on Ruby 3.2.",
    "bumped the reporting cron image to ruby 3.3 for the data team",
    false,
  ],
  [
    "the old value named, another subject's words",
    "The message bus between checkout and billing is NATS.",
    "checkout→billing goes over Kafka; NATS was shut down last week",
    true,
  ],
];

retireCases(cases);
