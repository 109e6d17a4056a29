import { equal } from "node:assert/strict";
import { plainForm } from "./forms.ts";
import { change } from "./statements.ts";

Deno.test("forms: sed substitutions, struck-out values and out/in labels read as old -> new", () => {
  equal(
    plainForm("s|eu-west-1|eu-central-1|g in all terraform vars"),
    "eu-west-1 -> eu-central-1 in all terraform vars",
  );
  equal(
    plainForm("ran s/registry\\.old\\.io/registry.new.io/ on the charts"),
    "ran registry.old.io -> registry.new.io on the charts",
  );
  equal(plainForm("* e2e: ~~Nightwatch~~ Playwright"), "* e2e: Nightwatch -> Playwright");
  equal(plainForm("~~Heroku review apps~~"), "Heroku review apps removed");
  equal(plainForm("queue — in: SQS, out: RabbitMQ"), "queue — RabbitMQ -> SQS");
});

Deno.test("forms: paths, URLs and words with s/ are left as written", () => {
  for (
    const text of [
      "see docs/api/v2/ for the schema",
      "https://example.com/s/abc/def/ is the share link",
      "C:\\Users\\nadia\\new-notes",
      "C++ builds use g++ 13",
    ]
  ) equal(plainForm(text), text);
});

Deno.test("forms: conventional commit subjects read as their scope and past-tense verbs", () => {
  equal(
    plainForm("perf(images): switch to avif, remove the png fallback"),
    "images: switched to avif, removed the png fallback",
  );
  equal(plainForm("fix: raise the upload limit to 50 MB"), "raised the upload limit to 50 MB");
  equal(plainForm("ci: move lint to the merge queue"), "ci: moved lint to the merge queue");
  equal(plainForm("build(web)!: Replace webpack with vite"), "web: replaced webpack with vite");
  // A verb that is no verb of change stays as written.
  equal(plainForm("feat(search): add synonyms"), "search: add synonyms");
});

Deno.test("forms: a config comment giving the earlier value, headings, escaped breaks, joined names", () => {
  equal(plainForm("worker_count = 12  # was 6"), "worker_count: 6 -> 12");
  equal(plainForm("### Hosting today\ndocs site → Netlify"), "Hosting today: docs site → Netlify");
  equal(plainForm("### Hosting today\\ndocs site → Netlify"), "Hosting today: docs site → Netlify");
  equal(plainForm("tests use vitest+msw"), "tests use vitest + msw");
});

Deno.test("forms: the notations change the stored fact through every reading", () => {
  equal(
    change("library build: s/rollup/rolldown/", "The library build uses rollup.")?.to,
    "rolldown",
  );
  equal(change("e2e: ~~Nightwatch~~ Playwright", "e2e tests run on Nightwatch.") !== null, true);
  equal(
    change("refactor(queue): drop bull, adopt bullmq", "The queue runs on bull.")?.to,
    "bullmq",
  );
  equal(
    change("max_connections = 400  # was 200 until the pooler", "Postgres max_connections is 200.")
      ?.to,
    "400",
  );
  equal(
    change("ingest batch size: was 500, is 2000", "The ingest batch size is 500 rows.") !== null,
    true,
  );
  equal(change("cache.conf: `- ttl = 60` / `+ ttl = 300`", "cache ttl = 60") !== null, true);
  // Look-alikes: another scope's struck value, a question in a commit, another environment.
  equal(change("e2e tests: ~~cypress~~ playwright", "Unit tests use jest."), null);
  equal(change("chore(lint): should we drop eslint for biome?", "Linting uses ESLint."), null);
  equal(
    change("logging.level.root: INFO  # staging, was WARN", "prod logging level is WARN."),
    null,
  );
});
