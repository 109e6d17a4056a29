/**
 * Subjects read by structure (`loose_subject.ts`) through `contradiction()`: two wordings of one
 * subject that say several words apart conflict; a modifier, a name, a scope, a part or a value
 * that tells the subjects apart keeps them apart. Sentences written for these tests.
 */
import { deepEqual, equal } from "node:assert/strict";
import { contradiction } from "./statements.ts";

/** [a, b, whether they contradict]. */
const PAIRS: readonly [string, string, boolean][] = [
  // Words on both sides, two in common, none naming another subject.
  [
    "image uploads retry 4 times with jitter",
    "failed uploads are retried 6 times, then dropped",
    true,
  ],
  [
    "the billing bot trims history to 4k tokens",
    "billing bot history window is capped at 16k tokens",
    true,
  ],
  // A value both name stands for the subject ("Kafka").
  ["Our Redis replicas run 7.2.4.", "redis cluster version: 6.2", true],
  // A modifier of a word both say is another subject.
  ["the invoices queue retries 5 times", "the refunds queue retries 3 times", false],
  // A part of what the other names.
  ["The chat server is written in Elixir.", "Chat server plugins use Lua.", false],
  // The value in dispute names the subject ("the GraphQL API" / "the REST layer").
  ["The GraphQL API is served by Apollo Router.", "the REST layer is served by Kong", false],
  // A value on one side only tells the subjects apart.
  ["s3 exports are kept 30 days", "the audit bucket keeps 400 days of exports", false],
  // Each side's first subject word its own.
  ["Jaeger listens on 16686 in docker-compose.", "zipkin listens on 9411 in docker-compose", false],
  // A denial or a beginning is left to the word-for-word matchers.
  ["web app uses vue 3", "the web app started on vue 2 with the options api", false],
];

Deno.test("loose subjects: several words apart, one subject; modifiers, parts and names apart", () => {
  for (const [a, b, expected] of PAIRS) {
    const found = contradiction(a, b) ?? contradiction(b, a);
    equal(found !== null, expected, `${a} / ${b}: ${JSON.stringify(found)}`);
  }
});

Deno.test("loose subjects: a binary thousand is the same amount", () => {
  equal(
    contradiction(
      "the docs bot keeps 16k tokens of context",
      "docs bot: max 16384 tokens of context",
    ),
    null,
  );
});

Deno.test("loose subjects: 'window' is no platform, 'end-to-end' is e2e", () => {
  equal(
    contradiction("patch window is Friday 22:00 UTC", "patching happens Sundays 04:00 UTC")
      ?.attribute,
    "day and time",
  );
  equal(
    contradiction(
      "mobile e2e tests are written in Detox",
      "the mobile app's end-to-end suite is Appium",
    )
      ?.attribute,
    "e2e runner",
  );
});

Deno.test("loose subjects: a technology named by its kind, two disagreements of one place", () => {
  // "k6" is a load-testing tool: "the nightly k6 run" is the nightly load test.
  equal(
    contradiction("The weekly load test sends 800 RPS.", "weekly k6 run targets 300 rps")
      ?.attribute,
    "rate",
  );
  // A cloud and its region said together are one place.
  deepEqual(
    contradiction(
      "the warehouse account is in aws us-east-1",
      "the warehouse account is hosted in azure eastus",
    )
      ?.values,
    ["aws, us-east-1", "azure, eastus"],
  );
});

Deno.test("choices: well-known alternatives of no value shape", () => {
  equal(
    contradiction(
      "I want commit messages in the imperative mood.",
      "I write commit messages in past tense.",
    )
      ?.attribute,
    "commit mood",
  );
  // "self-hosted" stays a word of the subject: "a self-hosted jenkins" is another CI.
  equal(
    contradiction("ci runs on github actions", "release builds run on a self-hosted jenkins"),
    null,
  );
  equal(
    contradiction(
      "Orders use UUID primary keys.",
      "Primary keys of orders are bigint identity columns.",
    )
      ?.attribute,
    "id format",
  );
});

Deno.test("loose subjects: words after the value say more of it; a subject named after its value stays", () => {
  equal(
    contradiction(
      "Kai wants long explanations with examples",
      "Kai wants terse answers, code first",
    )
      ?.attribute,
    "answer length",
  );
  equal(contradiction("Mira owns the release rota", "Leo owns the hiring rota"), null);
  equal(
    contradiction(
      "Bumped Vue to 3.3 in the spring release.",
      "Vue 3.4.1 landed in the autumn release.",
    ),
    null,
  );
});

Deno.test("loose subjects: each side's own thing keeps them apart; a doer is its act", () => {
  equal(
    contradiction("grafana scrapes the api on :9090", "grafana scrapes the worker on :9100"),
    null,
  );
  equal(
    contradiction("order webhooks retry 5 times", "order webhook signature checks retry 3 times"),
    null,
  );
  equal(
    contradiction("CI license scanning is fossa-cli", "snyk is our license scanner in CI") !== null,
    true,
  );
});

Deno.test("loose subjects: an agent, a shared schedule and a thing of each side's own keep them apart", () => {
  equal(
    contradiction("the web container listens on 8080", "the web is published on 80 by the ingress"),
    null,
  );
  equal(contradiction("nightly exports run at 01:00", "nightly imports run at 03:00"), null);
  equal(contradiction("mysql runs on 3306 locally", "proxysql runs on 6033 locally"), null);
});

Deno.test("loose subjects: a qualifier the other side names by a technology of its kind", () => {
  equal(
    contradiction(
      "ci uses python 3.11 (setup-python)",
      "github actions runners run python 3.12 for every job",
    )
      ?.attribute,
    "python version",
  );
});

Deno.test("loose subjects: the noun after a participle is the subject; a value at the head names it", () => {
  equal(
    contradiction("the session cache ttl is 5 min", "cached session tokens expire after 15 minutes")
      ?.attribute,
    "duration",
  );
  equal(
    contradiction("otel metrics export to prometheus", "metrics are exported to datadog")
      ?.attribute,
    "monitoring",
  );
  equal(
    contradiction(
      "cargo build --features mysql enables the mysql backend",
      "cargo build --features sqlite enables the sqlite backend",
    ),
    null,
  );
});

Deno.test("loose subjects: another attribute, a narrower opening subject or a verb's object stay apart", () => {
  equal(
    contradiction(
      "the billing service listens on port 8080",
      "the billing service exposes metrics on port 9100",
    ),
    null,
  );
  equal(contradiction("prod log level is INFO", "the search module logs at DEBUG in prod"), null);
  equal(
    contradiction("celery concurrency is 8", "celery has three queues: default, mail, low"),
    null,
  );
});
