/**
 * Tests of the LLM extractor over HTTP against a real loopback server: deadlines, retries
 * (their waits counted through an injected sleep, never timed), the structured-output
 * fallback, network errors and the API key.
 *
 * @module
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { hang, startFakeOpenAI, status } from "../../tests/fixtures/fake_openai.ts";
import { isHelixError } from "../errors.ts";
import { createLlmExtractor } from "./extractor.ts";
import { API_KEY, echo, extractor, input } from "./extractor_testing.ts";
import { createMemoryLedger } from "./ledger.ts";

/** A sleep that returns at once, recording the waits asked for. */
function recordWaits(waits: number[]): (ms: number) => Promise<void> {
  return (ms) => {
    waits.push(ms);
    return Promise.resolve();
  };
}

Deno.test("extract() falls back when the server hangs past the timeout", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(hang(10_000));
  const llm = extractor(server, { timeoutMs: 150 });
  deepEqual(await llm.extract([input("x")]), [null]);
  ok(llm.lastFailure?.message.includes("no response within 150 ms"));
  equal(llm.stats.calls, 1, "a timeout is not retried");
  ok(llm.stats.tokens > 0, "the prompt of a request that timed out is charged");
});

Deno.test("429 with Retry-After is retried, then succeeds", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(status(429, "0"), echo);
  const waits: number[] = [];
  const llm = extractor(server, { sleep: recordWaits(waits) });
  ok((await llm.extract([input("x")]))[0]);
  equal(server.requests.length, 2);
  equal(llm.stats.calls, 2);
  equal(llm.stats.tokens, 120);
  deepEqual(waits, [], "Retry-After: 0 asks for no wait");
});

Deno.test("5xx is retried with backoff, then succeeds", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(status(500), status(503), echo);
  const waits: number[] = [];
  const llm = extractor(server, { sleep: recordWaits(waits) });
  ok((await llm.extract([input("x")]))[0]);
  equal(server.requests.length, 3);
  deepEqual(waits, [250, 500], "the backoff doubles");
});

Deno.test("exhausted 429s fall back after maxRetries", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(status(429, "0"), status(429, "0"), status(429, "0"), echo);
  const llm = extractor(server, { maxRetries: 2 });
  deepEqual(await llm.extract([input("x")]), [null]);
  equal(server.requests.length, 3);
  equal(llm.stats.tokens, 0);
  ok(llm.lastFailure?.message.includes("HTTP 429"));
});

Deno.test("a Retry-After past the 5 s cap falls back at once instead of stalling the write", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(status(429, "30"), echo);
  const waits: number[] = [];
  const llm = extractor(server, { sleep: recordWaits(waits) });
  deepEqual(await llm.extract([input("x")]), [null]);
  equal(server.requests.length, 1);
  deepEqual(waits, [], "no wait was asked for");
});

Deno.test("client errors other than a json_schema rejection are not retried", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(status(401));
  const llm = extractor(server);
  deepEqual(await llm.extract([input("x")]), [null]);
  equal(server.requests.length, 1);
});

Deno.test("a server rejecting json_schema with 400 gets json_object, and keeps it", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(status(400), echo, echo);
  const llm = extractor(server);
  ok((await llm.extract([input("x")]))[0]);
  equal(server.requests.length, 2);
  equal(server.requests[0]!.body.response_format?.type, "json_schema");
  equal(server.requests[1]!.body.response_format?.type, "json_object");
  const system = server.requests[1]!.body.messages?.find((m) => m.role === "system")?.content;
  ok(system?.includes("JSON Schema"), "json_object mode carries the schema in the prompt");

  ok((await llm.extract([input("y")]))[0]);
  equal(server.requests.length, 3);
  equal(server.requests[2]!.body.response_format?.type, "json_object");
});

Deno.test("a 400 that json_object does not fix falls back, and json_schema stays on", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(status(400), status(400), echo);
  const llm = extractor(server);
  deepEqual(await llm.extract([input("x")]), [null]);
  equal(server.requests.length, 2);
  ok((await llm.extract([input("y")]))[0]);
  equal(server.requests[2]!.body.response_format?.type, "json_schema");
});

Deno.test("a network error falls back", async () => {
  const closed = startFakeOpenAI();
  const baseUrl = closed.baseUrl;
  await closed[Symbol.asyncDispose]();
  const llm = createLlmExtractor({
    baseUrl,
    model: "fake-model",
    monthlyTokenBudget: 1_000,
    ledger: createMemoryLedger(),
  });
  deepEqual(await llm.extract([input("x")]), [null]);
  ok(isHelixError(llm.lastFailure, "embedder_unavailable"));
  equal(llm.stats.fallbacks, 1);
});

Deno.test("Authorization is sent only when apiKey is set, and never leaks into failures", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(echo, {
    kind: "status",
    status: 401,
    body: { error: { message: `Incorrect API key provided: ${API_KEY}` } },
  });
  await extractor(server).extract([input("x")]);
  equal(server.requests[0]!.headers.get("authorization"), null);

  const llm = extractor(server, { apiKey: API_KEY });
  deepEqual(await llm.extract([input("y")]), [null]);
  equal(server.requests[1]!.headers.get("authorization"), `Bearer ${API_KEY}`);
  ok(llm.lastFailure);
  ok(!llm.lastFailure.message.includes(API_KEY));
  ok(!JSON.stringify(llm.lastFailure.details).includes(API_KEY));
});
