import { deepEqual, equal, match, notEqual, ok, rejects, throws } from "node:assert/strict";
import { isHelixError, MAX_CONTENT_LENGTH } from "./mod.ts";
import { tempEngine, TODAY, wordHashEmbedder } from "../tests/helpers.ts";

const DAY = 86_400_000;
const WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split(" ");

Deno.test("write() stores the content verbatim with defaults and provenance", async () => {
  await using t = await tempEngine({ project: "billing-svc" });
  const content = "  Money is stored as integer cents in `amount_cents`.\n  Never floats.  ";
  const result = await t.engine.write({
    content,
    source: { agent: "claude-code", ref: "session:42" },
  });
  equal(result.action, "added");
  equal(result.memory.content, content);
  equal(result.memory.type, "fact");
  equal(result.memory.cognitive, "semantic");
  equal(result.memory.scope, "project:billing-svc");
  equal(result.memory.status, "active");
  // Rated by the heuristic when the writer gives none: a fact (5) with a "never" rule.
  equal(result.memory.importance, 7);
  equal(result.memory.validFrom, new Date(TODAY).toISOString());
  equal(result.memory.validTo, null);
  match(result.id, /^mem_money_stored_integer_cents_[0-9a-z]{4}$/);
  deepEqual(result.memory.provenance.map((p) => [p.origin, p.agent, p.ref, p.extractor]), [
    ["agent-ingested", "claude-code", "session:42", "verbatim"],
  ]);
  equal(result.embedded, false);
  deepEqual(t.engine.get(result.id), result.memory);
});

Deno.test("write() puts identity and preferences in global scope unless told otherwise", async () => {
  await using t = await tempEngine({ project: "web" });
  equal(
    (await t.engine.write({ content: "Prefers terse answers.", type: "preference" })).memory.scope,
    "global",
  );
  equal(
    (await t.engine.write({ content: "Senior backend dev.", type: "identity" })).memory.scope,
    "global",
  );
  equal(
    (await t.engine.write({ content: "Uses Vite.", type: "decision" })).memory.scope,
    "project:web",
  );
  equal(
    (await t.engine.write({
      content: "Team prefers tabs here.",
      type: "preference",
      scope: "project:web",
    })).memory
      .scope,
    "project:web",
  );
});

Deno.test("ids are stable and human-readable; the same text in two scopes gets two ids", async () => {
  await using t = await tempEngine();
  const a = await t.engine.write({ content: "Deploys are frozen on Fridays." });
  const b = await t.engine.write({ content: "Deploys are frozen on Fridays.", scope: "project:x" });
  notEqual(a.id, b.id);
  equal((await t.engine.write({ content: "Deploys are frozen on Fridays." })).id, a.id);
  const patched = await t.engine.patch(a.id, {
    content: "Deploys are frozen on Fridays and holidays.",
  });
  equal(patched.id, a.id);
});

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

Deno.test("graph expansion brings in linked memories the query does not mention, with the path", async () => {
  await using t = await tempEngine({ project: "platform" });
  const { engine } = t;
  const service = await engine.write({
    content: "auth-svc issues session tokens for every app.",
    type: "entity",
  });
  const owner = await engine.write({
    content: "Priya is the on-call contact for it.",
    type: "entity",
  });
  await engine.write({ content: "Unrelated: the docs site is built with Astro." });
  engine.relate({ from: owner.id, to: service.id, relation: "owns" });
  const withGraph = await engine.search({ query: "who reviews auth-svc changes" });
  const hit = withGraph.hits.find((h) => h.memory.id === owner.id);
  ok(hit, "the owner comes in through the owns edge");
  deepEqual(hit.explanation.graphPath, { nodes: [service.id, owner.id], relations: ["owns"] });
  const withoutGraph = await engine.search({
    query: "who reviews auth-svc changes",
    channels: { graph: false },
  });
  ok(!withoutGraph.hits.some((h) => h.memory.id === owner.id));
});

Deno.test("context() puts profile and conventions first, stays under budget and is identical across runs", async () => {
  await using t = await tempEngine({ project: "billing" });
  const { engine } = t;
  await engine.write({
    content: "Prefers pytest over unittest.",
    type: "preference",
    importance: 7,
  });
  await engine.write({
    content: "Senior backend developer; terse answers.",
    type: "identity",
    importance: 8,
  });
  await engine.write({
    content: "All API errors use RFC 7807 problem+json.",
    type: "convention",
    importance: 8,
  });
  for (let i = 0; i < 40; i++) {
    await engine.write({
      content: `Decision ${i}: the billing worker ${i} retries webhooks with jitter up to ${
        i + 3
      } times.`,
      type: "decision",
      importance: 1 + (i % 10),
    });
  }
  const full = await engine.context({ budgetTokens: 4000 });
  const sections = full.items.map((i) => i.section);
  deepEqual(sections.slice(0, 3), ["profile", "profile", "conventions"]);
  ok(full.text.indexOf("## Profile") < full.text.indexOf("## Conventions"));
  ok(full.text.indexOf("## Conventions") < full.text.indexOf("## Relevant"));
  for (const budget of [16, 40, 64, 100, 180, 333, 700, 1500]) {
    const pack = await engine.context({ budgetTokens: budget, query: "webhook retries" });
    ok(pack.tokens <= budget, `budget ${budget}: used ${pack.tokens}`);
    const again = await engine.context({ budgetTokens: budget, query: "webhook retries" });
    equal(again.text, pack.text);
    equal(again.hash, pack.hash);
  }
  const small = await engine.context({ budgetTokens: 120, query: "webhook retries" });
  ok(small.cut.length > 0, "what did not fit is reported");
});

Deno.test("rebuild() refolds every table from the log and reproduces the state hash", async () => {
  await using t = await tempEngine({ project: "p" });
  const { engine, clock } = t;
  const a = await engine.write({ content: "Alpha uses Redis for rate limits.", tags: ["redis"] });
  clock.advance(1000);
  const b = await engine.write({ content: "Beta caches sessions in Redis.", type: "decision" });
  const c = await engine.write({ content: "Gamma is deprecated.", importance: 2 });
  await engine.patch(a.id, {
    content: "Alpha uses Redis 7 for rate limits.",
    importance: 8,
    tags: ["redis", "limits"],
  });
  engine.relate({ from: a.id, to: b.id, relation: "related_to", weight: 0.5 });
  const edge = engine.relate({ from: b.id, to: c.id, relation: "depends_on" });
  engine.unrelate(edge.id);
  await engine.forget({ id: c.id });
  await engine.write({ content: "Beta moved sessions to Valkey.", supersedes: [b.id] });
  const before = engine.stateHash();
  const result = engine.rebuild();
  ok(result.identical);
  equal(result.before, before);
  equal(result.after, before);
  equal(result.ops, engine.history({ limit: 1000 }).length);
  equal(engine.stateHash(), before);
  deepEqual(engine.verifyLog(), []);
  equal(
    (await engine.search({ query: "Valkey sessions" })).hits.length,
    1,
    "indexes work after a rebuild",
  );
});

Deno.test("patch(), forget() by query, relate() and history() go through the op log", async () => {
  await using t = await tempEngine({ project: "p" });
  const { engine, clock } = t;
  const m = await engine.write({ content: "Lint with ruff.", type: "convention", importance: 4 });
  clock.advance(1000);
  const patched = await engine.patch(m.id, { importance: 9, tags: ["python"] });
  equal(patched.importance, 9);
  deepEqual(patched.tags, ["python"]);
  equal(patched.updatedAt, new Date(TODAY + 1000).toISOString());
  const unchanged = engine.history({ id: m.id }).length;
  await engine.patch(m.id, { importance: 9 });
  equal(
    engine.history({ id: m.id }).length,
    unchanged,
    "a patch that changes nothing writes no op",
  );

  const other = await engine.write({ content: "Format with black." });
  engine.relate({ from: m.id, to: other.id, relation: "related_to" });
  const { forgotten } = await engine.forget({ query: "black formatting" });
  deepEqual(forgotten.map((f) => f.id), [other.id]);
  equal(engine.get(other.id).status, "forgotten");
  deepEqual((await engine.forget({ id: other.id })).forgotten, [], "forgetting twice is a no-op");
  equal(
    (await engine.patch(other.id, { status: "active" })).status,
    "active",
    "soft forget is recoverable",
  );

  const history = engine.history({ id: m.id });
  deepEqual(history.map((h) => h.kind), ["edge.put", "memory.patch", "memory.put"]);
  match(history[1]!.summary, /changed importance, tags of mem_/);
  ok(history.every((h) => /^[0-9a-f]{64}$/.test(h.changeId)));
  deepEqual(engine.history({ kinds: ["memory.forget"] }).map((h) => h.subject), [other.id]);
});

Deno.test("list() filters and pages newest first", async () => {
  await using t = await tempEngine({ project: "p" });
  const { engine, clock } = t;
  const written: string[] = [];
  for (let i = 0; i < 7; i++) {
    clock.advance(1000);
    written.push(
      (await engine.write({
        content: `Note number ${i}`,
        type: i % 2 ? "fact" : "episode",
        tags: i < 3 ? ["early"] : [],
      })).id,
    );
  }
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = engine.list({ limit: 3, ...(cursor ? { cursor } : {}) });
    seen.push(...page.items.map((m) => m.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  deepEqual(seen, [...written].reverse());
  deepEqual(engine.list({ types: ["fact"] }).items.length, 3);
  deepEqual(engine.list({ tag: "early" }).items.map((m) => m.id), written.slice(0, 3).reverse());
  throws(() => engine.list({ cursor: "garbage!" }), (e) => isHelixError(e, "invalid_input"));
});

Deno.test("bad input gets a typed invalid_input error and leaves the strand unchanged", async (t) => {
  await using s = await tempEngine({ project: "p" });
  const { engine } = s;
  const existing = await engine.write({ content: "Existing memory." });
  const before = engine.stateHash();
  const cases: Array<[string, () => Promise<unknown>]> = [
    ["unknown type", () => engine.write({ content: "x", type: "opinion" as never })],
    ["importance above 10", () => engine.write({ content: "x", importance: 11 })],
    ["importance below 1", () => engine.write({ content: "x", importance: 0 })],
    ["fractional importance", () => engine.write({ content: "x", importance: 2.5 })],
    ["confidence above 1", () => engine.write({ content: "x", confidence: 1.5 })],
    ["malformed scope", () => engine.write({ content: "x", scope: "project" })],
    ["scope with spaces", () => engine.write({ content: "x", scope: "project:my app" })],
    ["unknown scope kind", () => engine.write({ content: "x", scope: "team:core" })],
    ["oversized content", () => engine.write({ content: "a".repeat(MAX_CONTENT_LENGTH + 1) })],
    ["blank content", () => engine.write({ content: "   \n " })],
    ["non-string content", () => engine.write({ content: 42 as never })],
    ["unknown field", () => engine.write({ content: "x", importnce: 3 } as never)],
    ["bad date", () => engine.write({ content: "x", validFrom: "next tuesday" })],
    [
      "validTo before validFrom",
      () => engine.write({ content: "x", validFrom: "2026-05-01", validTo: "2026-04-01" }),
    ],
    [
      "supersede a missing memory",
      () => engine.write({ content: "x", supersedes: ["mem_missing_abcd"] }),
    ],
    ["empty query", () => engine.search({ query: "  " })],
    ["limit too large", () => engine.search({ query: "x", limit: 1000 })],
    ["patch nothing", () => engine.patch(existing.id, {})],
    ["patch bad importance", () => engine.patch(existing.id, { importance: 99 })],
    [
      "relate to itself",
      () =>
        Promise.resolve().then(() =>
          engine.relate({ from: existing.id, to: existing.id, relation: "owns" })
        ),
    ],
    [
      "relate unknown relation",
      () =>
        Promise.resolve().then(() =>
          engine.relate({ from: existing.id, to: existing.id, relation: "likes" as never })
        ),
    ],
    ["context budget too small", () => engine.context({ budgetTokens: 3 })],
  ];
  for (const [name, run] of cases) {
    await t.step(name, async () => {
      await rejects(run(), (error) => {
        ok(isHelixError(error), `${name}: ${error}`);
        ok(["invalid_input", "not_found"].includes(error.code), `${name}: ${error.code}`);
        match(error.message, /^Cannot /);
        return true;
      });
    });
  }
  await rejects(
    engine.patch("mem_nope_abcd", { importance: 3 }),
    (e) => isHelixError(e, "not_found"),
  );
  throws(() => engine.get("mem_nope_abcd"), (e) => isHelixError(e, "not_found"));
  throws(() => engine.get("not an id"), (e) => isHelixError(e, "invalid_input"));
  equal(engine.stateHash(), before);
  equal(engine.stats().memories, 1);
});

Deno.test("a memory superseded in the same millisecond can still be patched (regression)", async () => {
  await using t = await tempEngine();
  const old = await t.engine.write({ content: "Cache TTL is 60 s." });
  await t.engine.write({ content: "Cache TTL is 30 s.", supersedes: [old.id] });
  const superseded = t.engine.get(old.id);
  equal(superseded.validTo, superseded.validFrom, "empty validity interval");
  equal((await t.engine.patch(old.id, { tags: ["cache"] })).tags[0], "cache");
  const before = Date.parse(superseded.validFrom) - 1000;
  await rejects(
    t.engine.patch(old.id, { validTo: before }),
    (e) => isHelixError(e, "invalid_input"),
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

Deno.test("reinforce() applies SM-2 as an op: EF clamped at 1.3, clock reset and half-life grown on success", async () => {
  await using t = await tempEngine();
  const { engine, clock } = t;
  const episode = await engine.write({
    content: "Fixed the flaky checkout test by pinning the clock.",
    type: "episode",
  });
  equal(episode.memory.halfLifeDays, 7);
  clock.advance(3 * DAY);
  const good = engine.reinforce(episode.id, 5);
  equal(good.ef, 2.6);
  equal(good.accessCount, 1);
  equal(good.lastAccessAt, new Date(TODAY + 3 * DAY).toISOString());
  ok(Math.abs(good.halfLifeDays! - 7 * 2.6) < 1e-9);
  clock.advance(DAY);
  let bad = engine.reinforce(episode.id, 0);
  for (let i = 0; i < 5; i++) bad = engine.reinforce(episode.id, 0);
  equal(bad.ef, 1.3, "EF never drops below 1.3");
  equal(bad.accessCount, 1, "failed recalls do not count as accesses");
  equal(bad.lastAccessAt, good.lastAccessAt, "nor reset the decay clock");
  const fact = await engine.write({ content: "The API listens on port 8080." });
  equal(engine.reinforce(fact.id, 4).halfLifeDays, null, "semantic memories stay non-decaying");
  throws(() => engine.reinforce(fact.id, 6), (e) => isHelixError(e, "invalid_input"));
  deepEqual(engine.history({ id: episode.id, kinds: ["memory.reinforce"] }).length, 7);
  ok(engine.rebuild().identical);
});

Deno.test("recordSessionEnd() logs the boundary; withContext() changes default scopes only", async () => {
  await using t = await tempEngine({ project: "web" });
  const { engine } = t;
  const view = engine.withContext({ project: "billing", session: "s-42" });
  deepEqual(view.scopes, { project: "project:billing", session: "session:s-42" });
  const written = await view.write({ content: "Invoices are numbered per tax year." });
  equal(written.memory.scope, "project:billing");
  equal(
    (await engine.search({ query: "invoices numbered" })).hits.length,
    0,
    "the web view does not see billing",
  );
  equal((await view.search({ query: "invoices numbered" })).hits.length, 1);
  view.close(); // a view never closes the shared strand
  view.recordSessionEnd({
    session: "s-42",
    project: "billing", // recorded in scope form, like the memories
    client: "test-client 1.0",
    startedAt: TODAY - 60_000,
  });
  const [entry] = engine.history({ kinds: ["session.end"] });
  equal(entry?.subject, "session:s-42");
  match(entry!.summary, /session s-42 ended in project:billing/);
  ok(engine.rebuild().identical);
});

Deno.test("graph() pages edges in the caller's scopes and never returns forgotten memories", async () => {
  await using t = await tempEngine({ project: "p" });
  const { engine } = t;
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    ids.push((await engine.write({ content: `${WORDS[i]} notes for the graph test` })).id);
  }
  const other = await engine.write({ content: "elsewhere", scope: "project:q" });
  for (let i = 1; i < 12; i++) {
    engine.relate({ from: ids[0]!, to: ids[i]!, relation: "related_to" });
  }
  engine.relate({ from: ids[1]!, to: other.id, relation: "mentions" });
  await engine.forget({ id: ids[11]! });
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = engine.graph({ limit: 4, ...(cursor ? { cursor } : {}) });
    ok(page.edges.length <= 4);
    for (const edge of page.edges) {
      ok(page.nodes.some((n) => n.id === edge.from) && page.nodes.some((n) => n.id === edge.to));
    }
    seen.push(...page.edges.map((e) => e.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  equal(
    seen.length,
    10,
    "11 edges, minus the one to a forgotten memory, minus the cross-project one",
  );
  equal(engine.graph({ scope: "all", limit: 500 }).edges.length, 11);
});

Deno.test("warmup() loads the vector index in steps; later writes still reach search", async () => {
  await using t = await tempEngine({ project: "p", embedder: wordHashEmbedder() });
  const { engine } = t;
  await engine.writeMany(
    Array.from({ length: 12_000 }, (_, i) => ({ content: `bulk memory ${i} about caching` })),
  );
  await engine.warmup();
  const late = await engine.write({ content: "late memory about queue retries" });
  const hits = await engine.search({
    query: "queue retries",
    channels: { bm25: false, exact: false, graph: false },
  });
  equal(hits.hits[0]?.memory.id, late.id);
  equal(engine.stats().vectors, 12_001);
});

Deno.test("graph expansion around a hub of thousands of edges keeps the right hits and path", async () => {
  await using t = await tempEngine({ project: "billing" });
  const { engine } = t;
  const hub = await engine.write({
    content: "Billing platform overview: ledger service, invoices and payment webhooks.",
    type: "project",
    importance: 8,
  });
  const owner = await engine.write({ content: "Priya is the on-call contact.", type: "entity" });
  const notes = await engine.writeMany(
    Array.from({ length: 2_000 }, (_, i) => ({
      content: `Note ${i}: worker ${i} logs to shard ${i % 97}.`,
      type: "fact" as const,
    })),
  );
  // Heavier edges from memories the reader cannot see must not take the owner's place.
  const hidden = await engine.writeMany(
    Array.from({ length: 60 }, (_, i) => ({
      content: `Other team note ${i}.`,
      scope: "project:other",
    })),
  );
  for (const id of notes.ids) engine.relate({ from: id, to: hub.id, relation: "mentions" });
  for (const id of hidden.ids) engine.relate({ from: id, to: hub.id, relation: "owns" });
  engine.relate({ from: owner.id, to: hub.id, relation: "owns", weight: 0.9 });

  const result = await engine.search({ query: "billing platform overview" });
  equal(result.channels.graph, "used");
  equal(result.hits[0]!.memory.id, hub.id);
  const hit = result.hits.find((h) => h.memory.id === owner.id);
  ok(hit, "the owner comes in through the hub");
  deepEqual(hit.explanation.graphPath, { nodes: [hub.id, owner.id], relations: ["owns"] });
  ok(hit.explanation.channels.graph, "ranked by the graph channel");
  ok(!result.hits.some((h) => h.memory.scope === "project:other"));
  const again = await engine.search({ query: "billing platform overview" });
  deepEqual(
    again.hits.map((h) => [h.memory.id, h.score]),
    result.hits.map((h) => [h.memory.id, h.score]),
  );
});

Deno.test("search() reports the graph channel as skipped when no hit seeds it", async () => {
  await using t = await tempEngine({ project: "p" });
  await t.engine.write({ content: "The deploy pipeline runs on merge." });
  const none = await t.engine.search({ query: "zebra quokka" });
  equal(none.hits.length, 0);
  ok(none.channels.graph.startsWith("skipped"), none.channels.graph);
  const off = await t.engine.search({ query: "zebra quokka", channels: { graph: false } });
  equal(off.channels.graph, "disabled");
});

Deno.test("context() with scope all works across many session scopes (regression)", async () => {
  await using t = await tempEngine({ project: "p" });
  await t.engine.writeMany(
    Array.from({ length: 90 }, (_, i) => ({
      content: `Session ${i} decided to pin dependency ${i}.`,
      type: "decision" as const,
      scope: `session:s${i}`,
      importance: 1 + (i % 10),
    })),
  );
  const pack = await t.engine.context({ budgetTokens: 500, scope: "all" });
  ok(pack.items.length > 0);
  ok(pack.tokens <= 500);
  // The most important decisions lead the relevant section.
  const first = t.engine.get(pack.items[0]!.id);
  equal(first.importance, 10);
  equal((await t.engine.context({ budgetTokens: 500, scope: "all" })).hash, pack.hash);
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
