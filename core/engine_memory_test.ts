/**
 * Single memories and edges as ops through the engine: patch, forget, relate, history, list,
 * reinforce, session ends and views, graph pages; and rebuilding the tables from those ops.
 */
import { deepEqual, equal, match, ok, rejects, throws } from "node:assert/strict";
import { isHelixError } from "./mod.ts";
import { tempEngine, TODAY } from "../tests/helpers.ts";

const DAY = 86_400_000;
const WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split(" ");

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

Deno.test("an edit's tags and attributes pass redaction as a new memory's do", async () => {
  await using t = await tempEngine({ embedder: null });
  const { id } = await t.engine.write({ content: "The billing worker retries three times." });
  const token = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB";
  const edited = await t.engine.patch(id, {
    tags: ["billing", token],
    attributes: { owner: "payments", note: `deploy key ${token}` },
  });
  deepEqual(edited.tags, ["billing"], "a tag holding a secret is dropped");
  equal(JSON.stringify(edited.attributes).includes("ghp_"), false);
  equal(edited.attributes.owner, "payments");
});
