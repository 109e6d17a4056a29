/**
 * Search through the engine: keyword and exact-identifier hits, scopes, statuses and validity,
 * as-of recall, explanations, determinism.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { tempEngine, wordHashEmbedder } from "../tests/helpers.ts";

const DAY = 86_400_000;

Deno.test("search() finds memories by keyword and by exact identifier", async (t) => {
  await using s = await tempEngine({ project: "web-app" });
  const { engine } = s;
  const ids = {
    lockfile: (await engine.write({
      content:
        "CI must run `pnpm install --frozen-lockfile`; the build broke when the lockfile drifted.",
      type: "convention",
    })).id,
    webhook: (await engine.write({
      content:
        "Stripe webhooks are verified in src/billing/webhooks.py using BILLING_WEBHOOK_SECRET.",
      type: "fact",
    })).id,
    store: (await engine.write({
      content: "Session state lives in useSessionStore (Zustand), not in React context.",
      type: "decision",
    })).id,
    errors: (await engine.write({
      content: "A Mongo E11000 duplicate key error means the idempotency key was reused.",
      type: "fact",
    })).id,
    noise: (await engine.write({ content: "The design system uses an 8px spacing grid." })).id,
  };
  const top = async (query: string) => (await engine.search({ query })).hits[0]?.memory.id;

  await t.step("keywords", async () => {
    equal(await top("why did the build break with the lockfile"), ids.lockfile);
    equal(await top("spacing grid design"), ids.noise);
  });
  await t.step("file path", async () => equal(await top("webhooks.py"), ids.webhook));
  await t.step("env var", async () => equal(await top("BILLING_WEBHOOK_SECRET"), ids.webhook));
  await t.step("identifier", async () => equal(await top("useSessionStore"), ids.store));
  await t.step("flag", async () => equal(await top("--frozen-lockfile"), ids.lockfile));
  await t.step("error code", async () => equal(await top("E11000"), ids.errors));
  await t.step("exact channel explains the match", async () => {
    const [hit] = (await engine.search({ query: "src/billing/webhooks.py" })).hits;
    ok(hit?.explanation.channels.exact);
    deepEqual(hit.explanation.matchedTokens, ["src/billing/webhooks.py", "webhooks.py"]);
  });
  await t.step("no hits is an empty list, not an error", async () => {
    deepEqual((await engine.search({ query: "kubernetes helm chart" })).hits, []);
  });
});

Deno.test("search() never returns another project's memories unless asked", async () => {
  await using t = await tempEngine();
  const { engine } = t;
  const billing = await engine.write({
    content: "Database: Postgres 16 for the ledger.",
    scope: "project:billing",
  });
  const web = await engine.write({
    content: "Database: SQLite via Drizzle.",
    scope: "project:web",
  });
  const global = await engine.write({
    content: "Database migrations are reviewed by two people.",
    scope: "global",
  });
  const session = await engine.write({
    content: "Database tuning notes from this session.",
    scope: "session:s1",
  });

  const ids = async (scope: Parameters<typeof engine.search>[0]["scope"]) =>
    (await engine.search({ query: "database", ...(scope ? { scope } : {}) })).hits.map((h) =>
      h.memory.id
    ).sort();
  deepEqual(await ids("project:billing"), [billing.id, global.id].sort());
  deepEqual(await ids("project:web"), [web.id, global.id].sort());
  deepEqual(await ids(["project:web", "session:s1"]), [web.id, global.id, session.id].sort());
  deepEqual(await ids("global"), [global.id]);
  deepEqual(await ids("all"), [billing.id, web.id, global.id, session.id].sort());
  deepEqual(await ids(undefined), [global.id], "no project context: global only");

  await using scoped = await tempEngine({ project: "billing" });
  await scoped.engine.write({ content: "Database: Postgres 16." });
  await scoped.engine.write({ content: "Database: SQLite.", scope: "project:web" });
  const hits = (await scoped.engine.search({ query: "database" })).hits;
  deepEqual(hits.map((h) => h.memory.scope), ["project:billing"]);
  const listed = scoped.engine.list().items.map((m) => m.scope);
  deepEqual(listed, ["project:billing"]);
});

Deno.test("superseded, forgotten and expired memories are absent by default and present when asked", async () => {
  await using t = await tempEngine({ project: "billing" });
  const { engine, clock } = t;
  const old = await engine.write({
    content: "Billing ledger runs on Postgres.",
    type: "decision",
    validFrom: "2026-03-01",
  });
  clock.advance(DAY);
  const current = await engine.write({
    content: "We moved the billing ledger from Postgres to SQLite.",
    type: "decision",
    validFrom: "2026-07-01",
    supersedes: [old.id],
  });
  deepEqual(current.superseded, [old.id]);
  const forgotten = await engine.write({
    content: "Billing ledger backups run hourly on Postgres.",
  });
  await engine.forget({ id: forgotten.id });
  const expired = await engine.write({
    content: "Billing ledger is read-only during the Postgres migration window.",
    validFrom: "2026-06-01",
    validTo: "2026-06-30",
  });

  const ids = async (extra: Record<string, boolean> = {}) =>
    new Set(
      (await engine.search({ query: "billing ledger postgres", ...extra })).hits.map((h) =>
        h.memory.id
      ),
    );
  const byDefault = await ids();
  ok(byDefault.has(current.id));
  for (const hidden of [old.id, forgotten.id, expired.id]) ok(!byDefault.has(hidden), hidden);

  ok((await ids({ includeSuperseded: true })).has(old.id));
  ok((await ids({ includeForgotten: true })).has(forgotten.id));
  const superseded = engine.get(old.id);
  equal(superseded.status, "superseded");
  equal(superseded.validTo, "2026-07-01T00:00:00.000Z");
  ok((await ids({ includeExpired: true })).has(expired.id));
  const expiredHits = await engine.search({
    query: "read-only migration window",
    asOf: "2026-06-15",
  });
  deepEqual(expiredHits.hits.map((h) => h.memory.id), [expired.id]);
  deepEqual(engine.edgesOf(current.id).map((e) => [e.from, e.relation, e.to]), [[
    current.id,
    "supersedes",
    old.id,
  ]]);
});

Deno.test("as-of recall returns the fact that was valid then", async () => {
  await using t = await tempEngine({ project: "web" });
  const { engine } = t;
  const npm = await engine.write({
    content: "The web app installs packages with npm.",
    type: "decision",
    validFrom: "2026-01-10",
  });
  const yarn = await engine.write({
    content: "The web app installs packages with yarn.",
    type: "decision",
    validFrom: "2026-04-01",
    supersedes: [npm.id],
  });
  const pnpm = await engine.write({
    content: "The web app installs packages with pnpm.",
    type: "decision",
    validFrom: "2026-08-15",
    supersedes: [yarn.id],
  });
  const at = async (asOf?: string) =>
    (await engine.search({
      query: "which package manager installs packages",
      ...(asOf ? { asOf } : {}),
    })).hits
      .map((h) => h.memory.id);
  deepEqual(await at(), [pnpm.id]);
  deepEqual(await at("2026-02-01"), [npm.id]);
  deepEqual(await at("2026-05-20T09:30:00Z"), [yarn.id]);
  deepEqual(await at("2026-09-01"), [pnpm.id]);
  deepEqual(await at("2025-12-01"), [], "nothing was known to be true before the first decision");
});

Deno.test("every hit carries an explanation: channels, fusion, decay, factors, provenance", async () => {
  await using t = await tempEngine({ project: "infra" });
  const { engine, clock } = t;
  const episode = await engine.write({
    content: "2026-11-01: terraform apply from a laptop drifted the prod state.",
    type: "episode",
    eventAt: "2026-11-01",
    importance: 7,
  });
  clock.advance(7 * DAY);
  const rule = await engine.write({
    content: "Never run terraform apply from a laptop; the pipeline applies.",
    type: "convention",
    importance: 9,
  });
  engine.relate({ from: rule.id, to: episode.id, relation: "derives" });
  const result = await engine.search({ query: "terraform apply laptop" });
  equal(result.channels.bm25, "used");
  equal(result.channels.exact, "used");
  ok(result.channels.vector.startsWith("skipped"), "no model configured");
  equal(result.hits.length, 2);
  for (const hit of result.hits) {
    const e = hit.explanation;
    ok(e.channels.bm25 && e.channels.bm25.rank >= 1);
    ok(e.fused > 0);
    ok(e.score > 0 && e.score <= 1);
    equal(hit.score, e.score);
    ok(hit.memory.provenance.length === 1);
  }
  const episodeHit = result.hits.find((h) => h.memory.id === episode.id)!;
  ok(Math.abs(episodeHit.explanation.decay - 0.5) < 1e-6, "an episode halves in 7 days");
  equal(result.hits.find((h) => h.memory.id === rule.id)!.explanation.decay, 1);
  ok(
    episodeHit.explanation.graphPath === undefined ||
      episodeHit.explanation.graphPath.nodes.length >= 2,
  );
});

Deno.test("search() is deterministic: the same state and query give the same hits, scores and traces", async () => {
  await using t = await tempEngine({ project: "p", embedder: wordHashEmbedder() });
  const { engine } = t;
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    ids.push(
      (await engine.write({
        content: `service ${i % 5} retries webhook delivery ${i}`,
        importance: 1 + (i % 10),
      })).id,
    );
  }
  for (let i = 1; i < ids.length; i += 3) {
    engine.relate({ from: ids[i - 1]!, to: ids[i]!, relation: "related_to" });
  }
  const first = await engine.search({ query: "webhook retries for service 3", limit: 8 });
  const second = await engine.search({ query: "webhook retries for service 3", limit: 8 });
  deepEqual(second, first);
  engine.rebuild();
  deepEqual(
    await engine.search({ query: "webhook retries for service 3", limit: 8 }),
    first,
    "and after a rebuild",
  );
});

Deno.test("search() without vectors keeps word-for-word copies from crowding the top", async () => {
  await using t = await tempEngine({ project: "p" });
  const text = "Deploys run from the main branch through the release pipeline every weekday";
  const first = await t.engine.write({ content: `${text}.` });
  const copy = await t.engine.write({ content: `${text}!` });
  const other = await t.engine.write({ content: "The release pipeline also deploys hotfixes." });
  const { hits } = await t.engine.search({
    query: "release pipeline deploys main branch",
    limit: 2,
  });
  equal(hits.length, 2);
  ok(hits.some((h) => h.memory.id === other.id), "the distinct memory makes the cut");
  equal(hits.filter((h) => h.memory.id === first.id || h.memory.id === copy.id).length, 1);
});
