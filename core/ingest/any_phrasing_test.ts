/**
 * Changes noticed in any phrasing (issue 16 item 3), through the engine: each reading of
 * `compare/` that retires a stored fact, with the look-alikes it must leave alone. The
 * sentences are written for these tests, not taken from the bench's labelled pairs.
 */
import { type RetireCase, retireCases } from "../../tests/fixtures/retires.ts";

const cases: readonly RetireCase[] = [
  // ceased.ts: the old value named next to a word of ending, another value given.
  [
    "ended",
    "Error reports go to Rollbar.",
    "Rollbar account closed, errors go to Sentry now",
    true,
  ],
  ["ended", "Our CI runs on CircleCI.", "CircleCI out, Buildkite in", true],
  [
    "ended",
    "The shop talks to the database through Sequelize.",
    "bye bye Sequelize, hello Prisma",
    true,
  ],
  [
    "ended",
    "Feature flags are served by LaunchDarkly.",
    "RIP LaunchDarkly. Flags come from Unleash.",
    true,
  ],
  ["ended", "I write code in Atom.", "I use Helix for everything now, Atom is uninstalled.", true],
  [
    "ended",
    "The worker queues jobs in Beanstalkd.",
    "Beanstalkd is banned by the platform team; jobs go to SQS.",
    true,
  ],
  ["ended", "Frontend tests run with Karma.", "Karma's gone, frontend tests run with Vitest", true],
  [
    "ended",
    "Remote access goes through OpenVPN.",
    "Remote access goes through WireGuard; OpenVPN certificates are revoked.",
    true,
  ],
  [
    "ended",
    "Product analytics run on Snowflake.",
    "Product analytics run on BigQuery, the Snowflake account is paused.",
    true,
  ],
  [
    "named as old",
    "Container images are scanned by scanbot.",
    "scanbot got the boot; images are scanned by trivy in CI.",
    true,
  ],
  [
    "named as old",
    "Release checklists are owned by Marta.",
    "release checklists: Jonas owns them, Marta handed it off",
    true,
  ],
  [
    "named as old",
    "The docs generator is called docsmith.",
    "`pagewright` (formerly docsmith) is the docs generator",
    true,
  ],
  [
    "named as old",
    "Metrics are scraped by collectd.",
    "metrics are scraped by the OTel collector; collectd was uninstalled everywhere",
    true,
  ],
  [
    "named as old, another thing's",
    "Release checklists are owned by Marta.",
    "the on-call rota: Jonas runs it, Priya handed it off",
    false,
  ],
  [
    "named as old",
    "The worker targets Python 3.9.",
    "the worker runs on Python 3.12 now (3.9 went EOL)",
    true,
  ],
  // …but not when the ending is elsewhere, or another thing's, or the value did the ending.
  [
    "ended elsewhere",
    "Our CDN is Fastly.",
    "Fastly removed the old edge dictionary API, we migrated our VCL.",
    false,
  ],
  [
    "ended elsewhere",
    "The storefront is on Vue 2.",
    "bumped the back office to Vue 3, storefront is a separate ticket",
    false,
  ],
  [
    "ended elsewhere",
    "Our CI runs on CircleCI.",
    "Mobile CI: Bitrise out, Codemagic in; web untouched",
    false,
  ],
  [
    "ended elsewhere",
    "checkout caches carts in memcached",
    "search removed its memcached cache, it uses an in-process lru",
    false,
  ],
  [
    "ended elsewhere",
    "The api needs node >= 20.",
    "dropped node 16 from the sdk's test matrix",
    false,
  ],
  // A change word naming the old technology, a new one of its slot, no subject word shared.
  [
    "named old",
    "I use Sublime Text as my editor.",
    "I've switched to Zed full-time, Sublime Text is only for big logs now.",
    true,
  ],
  // surface_version.ts: later versions the lexicons do not read.
  [
    "version",
    "The firmware is built against Zephyr 3.4.",
    "firmware builds against Zephyr 3.7 LTS",
    true,
  ],
  [
    "version",
    "The reports API targets net6.0.",
    "reports API: <TargetFramework>net8.0</TargetFramework>",
    true,
  ],
  ["version", "hotfix/SHOP-4417 is merged to main.", "hotfix/SHOP-4420 is merged to main.", false],
  [
    "version",
    "The firmware is built against Zephyr 3.4.",
    "the bootloader builds against Zephyr 3.7",
    false,
  ],
  [
    "version",
    "The API container runs python:3.10-slim.",
    "API container image is python:3.12-slim",
    true,
  ],
  [
    "version",
    "PR #8812 needs a review from Olivia.",
    "PR #8841 needs a review from Olivia.",
    false,
  ],
  // swap.ts: one slot swapped, marked as current; unmarked it is a conflict, not a change.
  [
    "swap",
    "Night support is covered by the Lisbon team.",
    "Effective immediately, night support is covered by the Austin team.",
    true,
  ],
  [
    "swap",
    "Card payments in Mexico are acquired through Conekta.",
    "After Monday's cutover Mexican card payments are acquired through Adyen.",
    true,
  ],
  [
    "swap",
    "Night support is covered by the Lisbon team.",
    "Night support is covered by the Austin team.",
    false,
  ],
  [
    "swap",
    "Slow query from API-725 now has a covering index.",
    "Slow query from WEB-4241 now has a covering index.",
    false,
  ],
  // Forms: a diff of one key, a version before an arrow, a before and after.
  ["form", "`config/puma.rb`: workers 2", "puma.rb diff: `- workers: 2` `+ workers: 4`", true],
  [
    "form",
    "Deploy images are built on debian-11.6.",
    "base: debian-11.6 → debian-12.5 for every image",
    true,
  ],
  [
    "form",
    "Search results use offset paging.",
    "search results: was offset paging, now keyset",
    true,
  ],
  [
    "form",
    "The nightly report is built from the replica.",
    "invoices: was built from the replica, now from the primary",
    false,
  ],
  // An addition the stored fact states too is where the thing sits.
  [
    "version",
    "Traefik 2.10 runs in front of the admin API.",
    "Upgraded Traefik to 3.1 in front of the admin API.",
    true,
  ],
  // apart.ts and surface_change.ts: a removal's `from` is its scope, another thing is left as is.
  [
    "scope",
    "The Android app supports API 24 and up.",
    "Dropped API 21-23 from the Android TV app.",
    false,
  ],
  // modifiers.ts: a statement that opens with its change or currency words still names its
  // subject after them; another modifier of the same head is another thing.
  [
    "other thing, opening cue",
    "The invoicing service uses Braintree.",
    "These days the shipping service uses Shippo.",
    false,
  ],
  [
    "other thing, opening cue",
    "The invoicing service uses Braintree.",
    "We switched the shipping service to Shippo.",
    false,
  ],
  [
    "same thing, opening cue",
    "The invoicing service uses Braintree.",
    "We switched the invoicing service to Adyen.",
    true,
  ],
];

retireCases(cases);
