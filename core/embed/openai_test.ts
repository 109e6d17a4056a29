/**
 * Tests for the OpenAI-compatible embedder against a real loopback HTTP server.
 *
 * @module
 */

import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import { isHelixError } from "../errors.ts";
import { createOpenAIEmbedder } from "./openai.ts";

const API_KEY = "sk-test-secret-1234";
const DIMENSION = 4;

interface Recorded {
  readonly path: string;
  readonly headers: Headers;
  readonly body: { model?: unknown; input?: unknown; dimensions?: unknown };
}

/** A loopback server that records each request and answers with `handler`. */
function serve(handler: (body: Recorded["body"]) => Response | Promise<Response>) {
  const requests: Recorded[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const body = await req.json();
    requests.push({ path: new URL(req.url).pathname, headers: req.headers, body });
    return handler(body);
  });
  return {
    baseUrl: `http://127.0.0.1:${server.addr.port}/v1`,
    requests,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

/** A well-formed answer: input "text <n>" embeds as [n, 1, 0, 0]; data is sent reversed. */
function embeddingsResponse(body: Recorded["body"], dimension = DIMENSION): Response {
  const input = body.input as string[];
  const data = input.map((text, index) => {
    const embedding = new Array<number>(dimension).fill(0);
    embedding[0] = Number(text.split(" ")[1]);
    embedding[1] = 1;
    return { object: "embedding", index, embedding };
  }).reverse();
  return Response.json({ object: "list", data, model: body.model, usage: {} });
}

function expectUnavailable(...fragments: string[]) {
  return (error: unknown) => {
    ok(isHelixError(error, "embedder_unavailable"), String(error));
    for (const fragment of fragments) ok(error.message.includes(fragment), error.message);
    ok(!error.message.includes(API_KEY));
    ok(!JSON.stringify(error.details).includes(API_KEY));
    return true;
  };
}

Deno.test("embeds in batches, preserving input order, with unit vectors", async () => {
  await using server = serve((body) => embeddingsResponse(body));
  const embedder = createOpenAIEmbedder({
    baseUrl: `${server.baseUrl}/`,
    model: "test-embed",
    dimension: DIMENSION,
    apiKey: API_KEY,
    headers: { "x-org": "helix" },
  });
  const texts = Array.from({ length: 70 }, (_, i) => `text ${i}`);
  const vectors = await embedder.embed(texts, "document");

  equal(server.requests.length, 2);
  deepEqual(server.requests.map((r) => (r.body.input as string[]).length), [64, 6]);
  for (const request of server.requests) {
    equal(request.path, "/v1/embeddings");
    equal(request.headers.get("authorization"), `Bearer ${API_KEY}`);
    equal(request.headers.get("content-type"), "application/json");
    equal(request.headers.get("x-org"), "helix");
    equal(request.body.model, "test-embed");
    equal("dimensions" in request.body, false);
  }
  deepEqual(server.requests.flatMap((r) => r.body.input), texts);

  equal(vectors.length, 70);
  for (const [i, vector] of vectors.entries()) {
    const norm = Math.hypot(i, 1);
    ok(Math.abs(vector[0]! - i / norm) < 1e-6, `vector ${i} out of order`);
    ok(Math.abs(vector[1]! - 1 / norm) < 1e-6);
    ok(Math.abs(Math.hypot(...vector) - 1) < 1e-6);
  }
  deepEqual(await embedder.embed([], "query"), []);
  equal(server.requests.length, 2);
});

Deno.test("sends dimensions only when asked, and no authorization without a key", async () => {
  await using server = serve((body) => embeddingsResponse(body));
  const embedder = createOpenAIEmbedder({
    baseUrl: server.baseUrl,
    model: "m",
    dimension: DIMENSION,
    sendDimensions: true,
  });
  await embedder.embed(["text 1"], "query");
  equal(server.requests[0]?.body.dimensions, DIMENSION);
  equal(server.requests[0]?.headers.get("authorization"), null);
});

Deno.test("status is always ready", async () => {
  const embedder = createOpenAIEmbedder({
    baseUrl: "http://127.0.0.1:9",
    model: "m",
    dimension: 3,
  });
  deepEqual(embedder.status(), { state: "ready" });
  deepEqual(await embedder.warmup(), { state: "ready" });
  equal(embedder.model, "m");
  equal(embedder.dimension, 3);
});

Deno.test("uses the injected fetch", async () => {
  const urls: string[] = [];
  const embedder = createOpenAIEmbedder({
    baseUrl: "https://embeddings.invalid/v1",
    model: "m",
    dimension: 2,
    fetch: (input) => {
      urls.push(String(input));
      return Promise.resolve(Response.json({ data: [{ index: 0, embedding: [3, 4] }] }));
    },
  });
  const [vector] = await embedder.embed(["x"], "document");
  deepEqual(urls, ["https://embeddings.invalid/v1/embeddings"]);
  deepEqual(Array.from(vector!), [Math.fround(0.6), Math.fround(0.8)]);
});

for (
  const [status, text] of [
    [401, "Unauthorized"],
    [429, "Too Many Requests"],
    [500, "Internal Server Error"],
  ] as const
) {
  Deno.test(`HTTP ${status} is embedder_unavailable with the status, without the key`, async () => {
    await using server = serve(() =>
      Response.json(
        { error: { message: `Incorrect API key provided: ${API_KEY}` } },
        { status, headers: status === 429 ? { "retry-after": "7" } : {} },
      )
    );
    const embedder = createOpenAIEmbedder({
      baseUrl: server.baseUrl,
      model: "m",
      dimension: DIMENSION,
      apiKey: API_KEY,
    });
    await rejects(embedder.embed(["text 1"], "document"), (error: unknown) => {
      expectUnavailable(`HTTP ${status} ${text}`, "Cannot embed with model m at ")(error);
      ok(isHelixError(error));
      equal(error.details?.status, status);
      ok(String(error.details?.body).includes("[redacted]"));
      if (status === 429) equal(error.details?.retryAfter, "7");
      return true;
    });
  });
}

Deno.test("malformed JSON is embedder_unavailable", async () => {
  await using server = serve(() => new Response("{not json", { status: 200 }));
  const embedder = createOpenAIEmbedder({
    baseUrl: server.baseUrl,
    model: "m",
    dimension: DIMENSION,
    apiKey: API_KEY,
  });
  await rejects(embedder.embed(["text 1"], "document"), expectUnavailable("not valid JSON"));
});

Deno.test("responses of the wrong shape are embedder_unavailable", async () => {
  const cases: [unknown, string][] = [
    [{ object: "list" }, "no data array"],
    [{ data: [] }, "0 embeddings for 1 inputs"],
    [{ data: [{ index: 0, embedding: "AAAA" }] }, "not an array of numbers"],
    [{ data: [{ index: 0, embedding: [1, "2", 3, 4] }] }, "not an array of numbers"],
    [{ data: [{ index: 3, embedding: [1, 2, 3, 4] }] }, "not an input position"],
  ];
  for (const [answer, reason] of cases) {
    await using server = serve(() => Response.json(answer));
    const embedder = createOpenAIEmbedder({ baseUrl: server.baseUrl, model: "m", dimension: 4 });
    await rejects(embedder.embed(["text 1"], "document"), expectUnavailable(reason));
  }
  await using server = serve(() =>
    Response.json({ data: [{ index: 0, embedding: [1, 0] }, { index: 0, embedding: [0, 1] }] })
  );
  const embedder = createOpenAIEmbedder({ baseUrl: server.baseUrl, model: "m", dimension: 2 });
  await rejects(embedder.embed(["a", "b"], "document"), expectUnavailable("repeated"));
});

Deno.test("a wrong vector length is embedding_mismatch", async () => {
  await using server = serve((body) => embeddingsResponse(body, 3));
  const embedder = createOpenAIEmbedder({ baseUrl: server.baseUrl, model: "m", dimension: 4 });
  await rejects(embedder.embed(["text 1"], "document"), (error: unknown) => {
    ok(isHelixError(error, "embedding_mismatch"));
    equal(error.details?.actual, 3);
    equal(error.details?.expected, 4);
    return true;
  });
});

Deno.test("a server that does not answer in time is embedder_unavailable", async () => {
  let wake: () => void = () => {};
  const woken = new Promise<void>((resolve) => (wake = resolve));
  await using server = serve(() => woken.then(() => Response.json({ data: [] })));
  using _wake = { [Symbol.dispose]: () => wake() };
  const embedder = createOpenAIEmbedder({
    baseUrl: server.baseUrl,
    model: "m",
    dimension: DIMENSION,
    apiKey: API_KEY,
    timeoutMs: 200,
  });
  // The message names the deadline: the request was cut by it, not by another failure.
  await rejects(embedder.embed(["text 1"], "document"), expectUnavailable("within 200 ms"));
});

Deno.test("an unreachable endpoint is embedder_unavailable", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  const embedder = createOpenAIEmbedder({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model: "m",
    dimension: DIMENSION,
    apiKey: API_KEY,
  });
  await rejects(embedder.embed(["text 1"], "document"), expectUnavailable("Cannot embed"));
});
