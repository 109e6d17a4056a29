/**
 * The readings added for issue 16 item 3 and issue 15 item 3, through the compare service's
 * API: owners in any casing and hand-overs (`holders.ts`), settings keyed by name
 * (`settings.ts`), on/off switches (`switches.ts`), changes read from the stored frame
 * (`frame_change.ts`), subjects told apart by one paraphrase word (`conflict.ts`), and the
 * look-alikes each must leave alone. Sentences written for this test, not taken from the
 * bench sets.
 */
import { equal, notEqual } from "node:assert/strict";
import { change, contradiction, neighbourQuery } from "./statements.ts";

const CHANGES: readonly [string, string][] = [
  // hand-overs and take-overs, any casing
  [
    "The Platform team owns the billing service.",
    "billing-service was handed over to the Growth team",
  ],
  ["ana maintains the docs site", "Ana handed the docs site over to the web team"],
  ["Kofi is our contact with Adyen", "Mei took over the adyen relationship from Kofi"],
  // settings
  ["WORKER_CONCURRENCY=4", "WORKER_CONCURRENCY=12 (was 4)"],
  // switches
  ["The nightly export is enabled.", "We disabled the nightly export last night."],
  // rewrites and moves named without the old value
  ["The reports service is written in Ruby.", "reports service was rewritten in go"],
  [
    "the mac build agents sit in the basement rack",
    "mac build agents relocated to a colo in Lisbon",
  ],
  // the old value named in other ways
  ["Audit logs go to Papertrail.", "audit logs are shipped to Loki (papertrail contract ended)"],
  ["SMTP relay: mailgun", "smtp relay was mailgun, now postmark"],
  ["Crash reports go to Bugsnag.", "Bugsnag replaced with Sentry for crash reports"],
];

const CONFLICTS: readonly [string, string, string][] = [
  ["the search team owns the indexer", "the indexer belongs to the data team", "owner"],
  ["targetSdk 33 in the app", "targetSdkVersion = 34 in the app", "target_sdk"],
  ["QUEUE_DRIVER=redis for the worker", "QUEUE_DRIVER=sqs for the worker", "queu_driver"],
  ["the checkout api client timeout is 5s", "checkout api calls time out after 30s", "duration"],
  ["max_connections=100 on the ledger db", "ledger db max_connections is 300", "max_connection"],
];

const LOOKALIKES: readonly [string, string][] = [
  ["paypal callbacks go to /cb/paypal", "adyen callbacks go to /cb/adyen"],
  ["The billing service is owned by Ana.", "The billing on-call rotation is run by the Core team."],
  [
    "The rafe-planner service listens on port 3001.",
    "The planner-rafe service listens on port 3002.",
  ],
  [
    "Rolled back release 2026.3 because of OPS-12.",
    "Rolled back release 2026.4 because of OPS-19.",
  ],
  ["The cache hit rate is about 90%.", "The cache hit rate target is 97%."],
  [
    "Presigned links expire after 10 minutes.",
    "Presigned links for bulk exports expire after 12 hours.",
  ],
];

const NOT_CHANGES: readonly [string, string][] = [
  ["The Go services log with zap.", "We replaced winston with pino in the Node services."],
  ["our warehouse is bigquery", "globex (client) migrated their warehouse to snowflake"],
  ["Java services run on JDK 17.", "Java services run on Temurin 17.0.9 with ZGC enabled."],
  [
    "Unit tests use Jest.",
    "We considered switching from Jest to Vitest but decided to stay on Jest.",
  ],
];

Deno.test("change(): changes in the shapes people write them retire the stored fact", async (t) => {
  for (const [stored, incoming] of CHANGES) {
    await t.step(incoming, () => notEqual(change(incoming, stored), null));
  }
});

Deno.test("contradiction(): a flag names the attribute and both values", async (t) => {
  for (const [a, b, attribute] of CONFLICTS) {
    await t.step(`${a} / ${b}`, () => {
      const found = contradiction(b, a) ?? contradiction(a, b);
      equal(found?.attribute, attribute);
      equal(found?.values.length, 2);
      notEqual(found?.values[0], found?.values[1]);
    });
  }
});

Deno.test("contradiction(): look-alikes are left alone", async (t) => {
  for (const [a, b] of LOOKALIKES) {
    await t.step(`${a} / ${b}`, () => {
      equal(contradiction(b, a), null);
      equal(contradiction(a, b), null);
    });
  }
});

Deno.test("change(): another subject's change, a refinement or a proposal retires nothing", async (t) => {
  for (const [stored, incoming] of NOT_CHANGES) {
    await t.step(incoming, () => {
      equal(change(incoming, stored), null);
      equal(contradiction(incoming, stored), null);
    });
  }
});

Deno.test("neighbourQuery(): a setting's key finds its other spellings", () => {
  const query = neighbourQuery("Raised minSdkVersion to 26 in app/build.gradle.kts.");
  equal(query.split(" ").includes("minsdk"), true, query);
});
