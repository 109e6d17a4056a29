/**
 * Tests of the LLM extractor's other requests (importance ratings, consolidation calls) and
 * of its options.
 *
 * @module
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { answer, startFakeOpenAI } from "../../tests/fixtures/fake_openai.ts";
import { createLlmExtractor } from "./extractor.ts";
import { extractor } from "./extractor_testing.ts";
import { createMemoryLedger } from "./ledger.ts";

Deno.test("rateImportance() rates items, falls back per item, and caches", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(answer({
    ratings: [{ index: 0, importance: 9 }, { index: 1, importance: 0 }, {
      index: 2,
      importance: 3,
    }],
  }));
  const llm = extractor(server);
  const items = [
    { type: "decision" as const, content: "Use SQLite for the store" },
    { type: "episode" as const, content: "Said hello" },
    { type: "fact" as const, content: "The CI runs on Linux" },
  ];
  deepEqual(await llm.rateImportance(items), [9, null, 3]);
  equal(llm.stats.fallbacks, 1);

  server.enqueue(answer({ ratings: [{ index: 0, importance: 2 }] }));
  deepEqual(await llm.rateImportance(items), [9, 2, 3]);
  equal(server.requests.length, 2);
  equal(JSON.parse(server.requests[1]!.body.messages![1]!.content).items.length, 1);
  equal(llm.stats.cacheHits, 2);
});

Deno.test("adjudicate() returns the model's checked decision, and caches it", async () => {
  await using server = startFakeOpenAI();
  const existing = [
    { id: "mem_port", type: "fact" as const, content: "The API listens on port 3000." },
  ];
  const candidate = { type: "fact" as const, content: "The API listens on port 8080." };
  server.enqueue(answer({ action: "supersede", target: "mem_port", reason: "the port changed" }));
  const llm = extractor(server);
  deepEqual(await llm.adjudicate(candidate, existing), {
    action: "supersede",
    target: "mem_port",
    reason: "the port changed",
  });
  deepEqual(await llm.adjudicate(candidate, existing), {
    action: "supersede",
    target: "mem_port",
    reason: "the port changed",
  });
  equal(server.requests.length, 1);
  equal(llm.stats.cacheHits, 1);
  const sent = JSON.parse(server.requests[0]!.body.messages![1]!.content);
  deepEqual(sent.existing, existing);
});

Deno.test("adjudicate() falls back on a target it was not shown, and adds with nothing to compare", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(answer({ action: "update", target: "mem_other", reason: "refines it" }));
  const llm = extractor(server);
  const candidate = { type: "fact" as const, content: "x" };
  equal(await llm.adjudicate(candidate, [{ id: "mem_a", type: "fact", content: "y" }]), null);
  equal(llm.stats.fallbacks, 1);
  equal((await llm.adjudicate(candidate, []))?.action, "add");
  equal(server.requests.length, 1);
});

Deno.test("createLlmExtractor() rejects impossible options", () => {
  const base = { baseUrl: "http://127.0.0.1:9/v1", model: "m", ledger: createMemoryLedger() };
  for (
    const bad of [
      { monthlyTokenBudget: -1 },
      { monthlyTokenBudget: Number.NaN },
      { monthlyTokenBudget: 1, batchSize: 0 },
      { monthlyTokenBudget: 1, timeoutMs: 0 },
      { monthlyTokenBudget: 1, maxRetries: 1.5 },
    ]
  ) {
    let threw = false;
    try {
      createLlmExtractor({ ...base, ...bad });
    } catch (error) {
      threw = error instanceof RangeError;
    }
    ok(threw, JSON.stringify(bad));
  }
});
