/**
 * Recall beyond one query: graph expansion (and around a hub), context packs, warm-up.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { tempEngine, wordHashEmbedder } from "../tests/helpers.ts";

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
