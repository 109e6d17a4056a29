/**
 * Recall without a model (issue 22), through the engine: a question's wording does not drive
 * the ranking, word forms and identifier parts the stemmer misses are found, the coding
 * lexicon stands in for a missing word, the intent weighs types, a superseded memory never
 * outranks its successor, and each signal shows in the explanation.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { tempEngine, TODAY } from "../tests/helpers.ts";

Deno.test("'which linter do we use' finds the ruff rule, not the memory that shares 'use'", async () => {
  await using t = await tempEngine({ embedder: null, project: "api" });
  const ruff = await t.engine.write({ content: "Use ruff, not flake8, for linting." });
  await t.engine.write({ content: "Frontend uses pnpm." });
  const result = await t.engine.search({ query: "which linter do we use" });
  equal(result.hits[0]?.memory.id, ruff.id);
  deepEqual(result.analysis.dropped, ["use"], "'which' and 'do we' are stop words already");
  ok(result.analysis.forms.some((f) => f.word === "linter" && f.forms.includes("linting")));
});

Deno.test("the lexicon stands in for a word the memory lacks, and says so", async () => {
  await using t = await tempEngine({ embedder: null, project: "api" });
  const ruff = await t.engine.write({ content: "Python code is checked with ruff check --fix." });
  await t.engine.write({ content: "Python 3.12 is the runtime." });
  const result = await t.engine.search({ query: "which linter for python?" });
  equal(result.hits[0]?.memory.id, ruff.id);
  equal(result.channels.expansion, "used");
  deepEqual(result.hits[0]?.explanation.expandedBy, ["ruff (linter)"]);
  ok(result.hits[0]?.explanation.channels.expansion);
});

Deno.test("'deployment' finds 'deploys' (stems deploi and deploy), 'mongo' finds MongoDB", async () => {
  await using t = await tempEngine({ embedder: null, project: "api" });
  const deploys = await t.engine.write({ content: "Staging deploys need two approvals." });
  const mongo = await t.engine.write({ content: "Sessions are stored in MongoDB." });
  await t.engine.write({ content: "Invoices are emailed nightly." });
  equal((await t.engine.search({ query: "deployment approvals" })).hits[0]?.memory.id, deploys.id);
  const found = await t.engine.search({ query: "mongo" });
  equal(found.hits[0]?.memory.id, mongo.id);
  ok(found.hits[0]?.explanation.channels.partial);
  deepEqual(found.hits[0]?.explanation.partialTokens, ["~mongo"]);
  const store = await t.engine.search({ query: "where is useSession defined" });
  deepEqual(store.analysis.parts, [{ identifier: "useSession", parts: ["use", "session"] }]);
});

Deno.test("the intent of a question weighs types, shown in the explanation", async () => {
  await using t = await tempEngine({ embedder: null, project: "api" });
  await t.engine.write({
    content: "The billing deploy failed on a missing secret.",
    type: "episode",
  });
  const steps = await t.engine.write({
    content: "Billing deploy: merge to main, tag a release, promote staging.",
    type: "procedure",
  });
  const result = await t.engine.search({ query: "how do I deploy billing?" });
  equal(result.analysis.intent?.name, "how-to");
  equal(result.hits[0]?.memory.id, steps.id);
  deepEqual(result.hits[0]?.explanation.intent, { name: "how-to", factor: 1.15 });
});

Deno.test("a superseded memory never ranks above its successor, which it brings in", async () => {
  await using t = await tempEngine({ embedder: null, project: "api" });
  const old = await t.engine.write({
    content: "Billing reads PG_BILLING_URL for Postgres 15 on RDS.",
  });
  const current = await t.engine.write({
    content: "Billing moved to SQLite with Litestream.",
    supersedes: [old.id],
  });
  // The old one matches the identifier and every word, the successor only "billing": even at
  // the superseded status factor the old one would rank first.
  const all = await t.engine.search({
    query: "billing PG_BILLING_URL",
    includeSuperseded: true,
    channels: { graph: false },
  });
  deepEqual(all.hits.map((h) => h.memory.id), [current.id, old.id]);
  equal(all.hits[1]?.explanation.belowSuccessor, current.id);
  // Only the old one shares the query's words: the successor comes in through it.
  const narrow = await t.engine.search({
    query: "postgres rds",
    includeSuperseded: true,
    channels: { graph: false },
  });
  deepEqual(narrow.hits.map((h) => h.memory.id), [current.id, old.id]);
  equal(narrow.hits[0]?.explanation.successorOf, old.id);
});

Deno.test("a question's period ('last week') lifts what happened then, leaves the keyword query, and says so", async () => {
  await using t = await tempEngine({ embedder: null, project: "api" });
  const day = 86_400_000;
  // TODAY is Sunday 2026-11-22: last week is Monday 9 to Sunday 15 November.
  const recent = await t.engine.write({
    content: "The payments deploy failed: the migration locked the orders table.",
    type: "episode",
    eventAt: new Date(TODAY - 10 * day).toISOString(),
  });
  const older = await t.engine.write({
    content: "Why the payments deploy failed: the payments CDN served a stale bundle.",
    type: "episode",
    eventAt: new Date(TODAY - 60 * day).toISOString(),
  });
  const asked = await t.engine.search({ query: "why did the payments deploy fail last week" });
  equal(asked.analysis.period?.phrase, "last week");
  ok(!asked.analysis.kept.includes("week"), "the phrase leaves the keyword query");
  equal(asked.hits[0]?.memory.id, recent.id);
  deepEqual(asked.hits[0]?.explanation.period, { phrase: "last week", factor: 1.3 });
  equal(asked.hits.find((h) => h.memory.id === older.id)?.explanation.period, undefined);
  const plain = await t.engine.search({ query: "why did the payments deploy fail" });
  equal(plain.analysis.period, undefined);
  ok(plain.hits.every((h) => h.explanation.period === undefined));
  equal(plain.hits[0]?.memory.id, older.id, "without the period, the other reading ranks first");
});
