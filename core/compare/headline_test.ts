import { deepEqual, equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

Deno.test("a headline's first item is its value: another value of the same subject conflicts", () => {
  deepEqual(
    contradiction(
      "session cache: Memcached, two small nodes in the private subnet",
      "The session cache is Redis.",
    ),
    { attribute: "database", values: ["Memcached", "Redis"] },
  );
  deepEqual(
    contradiction(
      "transactional email: Postmark (server token in Vault), templates in the repo",
      "Transactional mail is sent through SendGrid.",
    ),
    { attribute: "email", values: ["Postmark", "SendGrid"] },
  );
  deepEqual(
    contradiction(
      "api gateway timeout: 29s, set in the stage settings",
      "The api gateway timeout is 60 seconds.",
    ),
    { attribute: "duration", values: ["29s", "60 seconds"] },
  );
  // The plain sentence may be the incoming one.
  deepEqual(
    contradiction(
      "The session cache is Redis.",
      "session cache: Memcached, two small nodes in the private subnet",
    ),
    { attribute: "database", values: ["Redis", "Memcached"] },
  );
});

Deno.test("a headline that adds detail to the same value is a refinement, not a conflict", () => {
  equal(
    contradiction(
      "session cache: Redis 7, two small nodes in the private subnet",
      "The session cache is Redis.",
    ),
    null,
  );
  equal(
    contradiction("search: Elasticsearch 8, one index per tenant", "Search runs on Elasticsearch."),
    null,
  );
  equal(
    contradiction("api gateway: Kong 3.4, declarative config in git", "The API gateway is Kong."),
    null,
  );
});

Deno.test("a headline about another subject, environment or attribute is no conflict", () => {
  equal(
    contradiction(
      "marketing email: Mailchimp, weekly newsletter",
      "Transactional mail is sent through SendGrid.",
    ),
    null,
  );
  equal(contradiction("staging cache: Memcached, two nodes", "The prod cache is Redis."), null);
  equal(
    contradiction(
      "payments db: 16 vCPU, 64 GB memory, gp3 volumes",
      "The payments db runs Postgres 15.",
    ),
    null,
  );
});

Deno.test("a label that frames a proposal, a headline of parts and a list state no one value of the label", () => {
  equal(
    contradiction(
      "proposal: Meilisearch, to cut the cluster bill",
      "Search runs on Elasticsearch.",
    ),
    null,
  );
  equal(
    contradiction(
      "search: Meilisearch, if the load test passes next week",
      "Search runs on Elasticsearch.",
    ),
    null,
  );
  equal(
    contradiction(
      "backups: hourly snapshots kept 2 days, nightly ones kept 30 days",
      "Backups are kept for 30 days.",
    ),
    null,
  );
  // A list of values: the first is one of several, not the label's one value.
  equal(contradiction("regions: us-east-1, eu-west-1", "We deploy to eu-west-1."), null);
  equal(
    contradiction(
      "frontend stack: React, Vue for the legacy admin",
      "The frontend is built with Vue.",
    ),
    null,
  );
});

Deno.test("a date in a headline's bracketed remark dates the value; an event outside brackets is an episode", () => {
  deepEqual(
    contradiction(
      "search: Meilisearch (contract signed in March), one index per tenant",
      "Search runs on Elasticsearch.",
    ),
    { attribute: "search engine", values: ["Meilisearch", "Elasticsearch"] },
  );
  equal(
    contradiction(
      "session cache: Memcached, two nodes, migrated last Tuesday",
      "The session cache is Redis.",
    ),
    null,
  );
});
