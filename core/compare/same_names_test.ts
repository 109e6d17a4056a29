/** One subject named in other words (`same_names.ts`), through `contradiction()` and `change()`. */
import { equal, notEqual } from "node:assert/strict";
import { contradiction } from "./statements.ts";

Deno.test("contradiction(): one word written as two names one subject", () => {
  notEqual(
    contradiction("backoffice: vue 3 since the rewrite", "The back office is built with Vue 2."),
    null,
  );
  notEqual(
    contradiction(
      "nightly export timeout: 45 minutes",
      "The nightly export times out after 20 minutes.",
    ),
    null,
  );
  // Two words that only look like the compound's parts are another subject.
  equal(
    contradiction("backoffice: vue 3 since the rewrite", "The front office is built with Vue 2."),
    null,
  );
});

Deno.test("contradiction(): words of one meaning name one subject", () => {
  notEqual(
    contradiction(
      "Employee laptops are managed with Kandji.",
      "Staff laptops are managed with Jamf.",
    ),
    null,
  );
  notEqual(contradiction("build runner: 64 GB memory", "The build runner has 16 GB RAM."), null);
  // Another group of people is another subject.
  equal(
    contradiction(
      "Contractor laptops are managed with Kandji.",
      "Staff laptops are managed with Jamf.",
    ),
    null,
  );
});

Deno.test("contradiction(): a noun made of a verb is the verb", () => {
  notEqual(
    contradiction(
      "rate limiting token bucket is 200",
      "The rate limiter uses a token bucket of 100.",
    ),
    null,
  );
  // A word that only looks derived stays apart ("edition" is no "edit", "customer" no "custom").
  equal(contradiction("The edition window is 30 minutes.", "The edit window is 10 minutes."), null);
  equal(
    contradiction(
      "Customer fields are limited to 20 per project.",
      "Custom fields are limited to 50 per project.",
    ),
    null,
  );
});

Deno.test("contradiction(): a word for a kind names its member", () => {
  notEqual(
    contradiction(
      "CI deploy credentials expire after 7 days.",
      "CI deploy tokens expire after 30 days.",
    ),
    null,
  );
  notEqual(
    contradiction(
      "Search traffic is capped at 50 per second.",
      "Search requests are capped at 20 per second.",
    ),
    null,
  );
  // Two members of one kind are two things.
  equal(
    contradiction(
      "CI deploy passwords expire after 7 days.",
      "CI deploy tokens expire after 30 days.",
    ),
    null,
  );
});

Deno.test("contradiction(): a technology named after a name says its kind", () => {
  notEqual(
    contradiction(
      "billing-db accepts connections on 6543.",
      "The billing Postgres listens on 5432.",
    ),
    null,
  );
  // Not when the technology names another thing than the name ("billing runs Redis").
  equal(
    contradiction(
      "billing-db accepts connections on 6543.",
      "Billing sessions live in Redis on 6379.",
    ),
    null,
  );
});

Deno.test("contradiction(): a qualifier said by what it implies", () => {
  notEqual(
    contradiction(
      "iOS and Android crash reports go to Sentry.",
      "Mobile crash reports go to Crashlytics.",
    ),
    null,
  );
  notEqual(
    contradiction(
      "docker compose exposes the mail catcher on 1026",
      "the local mail catcher is on 1025",
    ),
    null,
  );
  // One part is not the whole; another environment is another subject.
  equal(
    contradiction("iOS crash reports go to Sentry.", "Mobile crash reports go to Crashlytics."),
    null,
  );
  equal(
    contradiction(
      "docker compose exposes the mail catcher on 1026",
      "the staging mail catcher is on 1025",
    ),
    null,
  );
});
