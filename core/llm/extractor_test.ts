/**
 * Tests of the LLM extractor's extraction against a real loopback server
 * (tests/fixtures/fake_openai.ts): parsing, cache, budget, fallbacks and batching.
 *
 * @module
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { answer, content, startFakeOpenAI } from "../../tests/fixtures/fake_openai.ts";
import { isHelixError } from "../errors.ts";
import { MAX_CONTENT_LENGTH } from "../model/types.ts";
import {
  echo,
  extraction,
  extractor,
  input,
  memory,
  TODAY,
  userMessage,
} from "./extractor_testing.ts";
import { createMemoryLedger, usageMonth } from "./ledger.ts";

Deno.test("extract() turns a valid answer into Candidates, with context in the prompt", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(answer(
    extraction([
      memory({
        type: "decision",
        content: "The launch of Helix moves to April 2027.",
        entities: ["Helix", "Helix"],
        importance: 8,
        confidence: 0.9,
        eventAt: "2027-04-01",
        eventEnd: "2027-04-30",
        eventPhrase: "next April",
        link: { id: "mem_launch", relation: "updates" },
      }),
      memory({ link: { id: "mem_unknown", relation: "extends" } }),
    ]),
    { prompt: 300, completion: 80 },
  ));
  const llm = extractor(server);
  const [candidates] = await llm.extract([input("yes, next April", {
    previousAssistant: "Should we move the Helix launch?",
    recent: [{ role: "user", text: "the launch is not ready" }],
    active: [{ id: "mem_launch", type: "decision", content: "Helix launches in December 2026." }],
    origin: "user-asserted",
  })]);

  deepEqual(candidates, [
    {
      type: "decision",
      content: "The launch of Helix moves to April 2027.",
      entities: ["Helix"],
      relations: [{ from: "billing", relation: "uses", to: "SQLite" }],
      confidence: 0.9,
      importance: 8,
      eventAt: Date.UTC(2027, 3, 1),
      eventEnd: Date.UTC(2027, 3, 30),
      eventPhrase: "next April",
      link: { id: "mem_launch", relation: "updates" },
    },
    {
      type: "fact",
      content: "The billing service uses SQLite.",
      entities: ["billing", "SQLite"],
      relations: [{ from: "billing", relation: "uses", to: "SQLite" }],
      confidence: 0.8,
      importance: 5,
    },
  ]);
  equal(server.requests.length, 1);
  const request = server.requests[0]!;
  equal(request.path, "/v1/chat/completions");
  equal(request.body.model, "fake-model");
  equal(request.body.temperature, 0);
  equal(request.body.response_format?.type, "json_schema");
  const sent = userMessage(request).inputs[0] as unknown as Record<string, unknown>;
  equal(sent.today, "2026-11-22 (Sunday)");
  equal(sent.previousAssistant, "Should we move the Helix launch?");
  deepEqual(sent.recent, [{ role: "user", text: "the launch is not ready" }]);
  deepEqual(sent.active, [
    { id: "mem_launch", type: "decision", content: "Helix launches in December 2026." },
  ]);
  equal(sent.text, "yes, next April");
  deepEqual(llm.stats, { calls: 1, cacheHits: 0, tokens: 380, fallbacks: 0 });
});

Deno.test("extract() answers a repeat from the cache: no request, no tokens", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(echo);
  const ledger = createMemoryLedger();
  const llm = extractor(server, { ledger });
  const first = await llm.extract([input("we deploy with fly")]);
  // Later the same day: the prompt only carries the date, so the cache still holds.
  const second = await llm.extract([input("we deploy with fly", { now: TODAY + 3_600_000 })]);
  deepEqual(second, first);
  equal(server.requests.length, 1);
  deepEqual(llm.stats, { calls: 1, cacheHits: 1, tokens: 120, fallbacks: 0 });
  equal(ledger.spent(usageMonth(TODAY)), 120);

  // A different model is a different cache entry.
  server.enqueue(echo);
  const other = extractor(server, { ledger, model: "other-model" });
  await other.extract([input("we deploy with fly")]);
  equal(server.requests.length, 2);
});

Deno.test("extract() asks once for identical inputs in one call", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(echo);
  const llm = extractor(server);
  const results = await llm.extract([input("same"), input("other"), input("same")]);
  equal(userMessage(server.requests[0]).inputs.length, 2);
  deepEqual(results[0], results[2]);
  equal(results[1]?.[0]?.content, "Remembered: other");
});

Deno.test("a budget of 0 never calls the model", async () => {
  await using server = startFakeOpenAI();
  const llm = extractor(server, { monthlyTokenBudget: 0 });
  deepEqual(await llm.extract([input("a"), input("b")]), [null, null]);
  deepEqual(await llm.rateImportance([{ type: "fact", content: "x" }]), [null]);
  equal(
    await llm.adjudicate({ type: "fact", content: "x" }, [{ id: "m", type: "fact", content: "y" }]),
    null,
  );
  equal(server.requests.length, 0);
  deepEqual(llm.stats, { calls: 0, cacheHits: 0, tokens: 0, fallbacks: 4 });
  ok(isHelixError(llm.lastFailure, "quota_exceeded"));
});

Deno.test("a small budget stops calls once spent, and resets with the month", async () => {
  await using server = startFakeOpenAI();
  let now = Date.UTC(2026, 10, 30, 23, 0);
  const ledger = createMemoryLedger();
  const llm = extractor(server, { monthlyTokenBudget: 150, ledger, now: () => now });
  server.enqueue(echo, echo, echo);
  ok((await llm.extract([input("one")]))[0]); // 0 spent → asks, 120 spent
  ok((await llm.extract([input("two")]))[0]); // 120 < 150 → asks, 240 spent
  deepEqual(await llm.extract([input("three")]), [null]); // 240 ≥ 150 → no request
  equal(server.requests.length, 2);
  equal(ledger.spent("2026-11"), 240, "over by at most one request");
  ok(isHelixError(llm.lastFailure, "quota_exceeded"));

  now = Date.UTC(2026, 11, 1, 0, 0); // December: a fresh budget
  ok((await llm.extract([input("three")]))[0]);
  equal(server.requests.length, 3);
  equal(ledger.spent("2026-12"), 120);
});

Deno.test("the budget is checked before every batch of one call", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(echo, echo, echo);
  const llm = extractor(server, { monthlyTokenBudget: 100, batchSize: 1 });
  const results = await llm.extract([input("a"), input("b"), input("c")]);
  equal(server.requests.length, 1);
  equal(results.filter((r) => r === null).length, 2);
});

Deno.test("concurrent calls still respect the budget", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(echo, echo, echo, echo);
  const llm = extractor(server, { monthlyTokenBudget: 100 });
  const results = await Promise.all(["a", "b", "c", "d"].map((t) => llm.extract([input(t)])));
  equal(server.requests.length, 1);
  equal(results.filter(([r]) => r !== null).length, 1);
});

Deno.test("extract() falls back (null) on answers it cannot use", async (t) => {
  const cases: [string, ReturnType<typeof answer>][] = [
    ["malformed JSON", content('{"results": [{"index": 0, "memories": [')],
    ["a type Helix does not have", answer(extraction([memory({ type: "gossip" })]))],
    ["importance out of range", answer(extraction([memory({ importance: 11 })]))],
    ["confidence out of range", answer(extraction([memory({ confidence: 1.5 })]))],
    [
      "content too long",
      answer(extraction([memory({ content: "a".repeat(MAX_CONTENT_LENGTH + 1) })])),
    ],
    ["blank content", answer(extraction([memory({ content: "  " })]))],
    ["an event time that is not ISO", answer(extraction([memory({ eventAt: "next April" })]))],
    ["no result for the input", answer({ results: [] })],
    ["the wrong shape", answer([memory()])],
    ["an empty answer", content("")],
  ];
  for (const [name, behaviour] of cases) {
    await t.step(name, async () => {
      await using server = startFakeOpenAI();
      server.enqueue(behaviour);
      const llm = extractor(server);
      deepEqual(await llm.extract([input("x")]), [null]);
      equal(llm.stats.fallbacks, 1);
      equal(llm.stats.calls, 1);
      ok(isHelixError(llm.lastFailure, "embedder_unavailable"));
      // Nothing was cached: the next call asks again.
      server.enqueue(echo);
      ok((await llm.extract([input("x")]))[0]);
      equal(server.requests.length, 2);
    });
  }
});

Deno.test("an input the model got wrong does not sink the others in its batch", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(answer(extraction([memory({ type: "gossip" })], [], [memory()])));
  const llm = extractor(server);
  const [bad, none, good] = await llm.extract([input("a"), input("b"), input("c")]);
  equal(bad, null);
  deepEqual(none, []);
  equal(good?.length, 1);
  equal(llm.stats.fallbacks, 1);
});

Deno.test("a model tolerant of fences: a JSON answer in a Markdown code block is used", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(content("```json\n" + JSON.stringify(extraction([memory()])) + "\n```"));
  ok((await extractor(server).extract([input("x")]))[0]);
});

Deno.test("extract() batches: 10 inputs with batchSize 4 make 3 requests", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(echo, echo, echo);
  const llm = extractor(server, { batchSize: 4 });
  const texts = Array.from({ length: 10 }, (_, i) => `slice ${i}`);
  const results = await llm.extract(texts.map((text) => input(text)));
  equal(server.requests.length, 3);
  deepEqual(server.requests.map((r) => userMessage(r).inputs.length), [4, 4, 2]);
  deepEqual(results.map((r) => r?.[0]?.content), texts.map((text) => `Remembered: ${text}`));
  equal(llm.stats.tokens, 360);
});
