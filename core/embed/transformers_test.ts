/**
 * Tests for the transformers.js embedder, run offline against the tiny fixture model (loaded
 * from a local folder or served by a loopback HTTP server).
 *
 * @module
 */

import { deepEqual, equal, notDeepEqual, ok, rejects } from "node:assert/strict";
import { fixedClock } from "../clock.ts";
import { isHelixError } from "../errors.ts";
import { buildTinyModel } from "../../tests/fixtures/tiny_model.ts";
import { serve } from "./embed_testing.ts";
import { createTransformersEmbedder } from "./transformers.ts";
import type { Embedder } from "../ports.ts";

const DIMENSION = 32;

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

function norm(vector: Float32Array): number {
  return Math.sqrt(cosine(vector, vector));
}

async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "helix_embed_test_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function withEmbedder(embedder: Embedder, fn: (embedder: Embedder) => Promise<void>) {
  try {
    await fn(embedder);
  } finally {
    await embedder.close?.();
  }
}

/** Serves the files under `root` with the hub's `{model}/resolve/{revision}/` layout. */
function serveModelFiles(root: string) {
  return serve(async (_request, path) => {
    const match = path.match(/^\/(.+)\/resolve\/main\/(.+)$/);
    if (match === null) return new Response(null, { status: 404 });
    try {
      const bytes = await Deno.readFile(`${root}/${match[1]}/${match[2]}`);
      return new Response(bytes, { headers: { "content-type": "application/octet-stream" } });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}

Deno.test("embed returns unit vectors of the configured dimension", async () => {
  await withTempDir(async (dir) => {
    const { modelId, localModelPath } = await buildTinyModel(dir);
    const embedder = createTransformersEmbedder({
      model: modelId,
      dimension: DIMENSION,
      localModelPath,
      allowRemote: false,
      cacheDir: `${dir}/cache`,
    });
    await withEmbedder(embedder, async () => {
      equal(embedder.model, modelId);
      equal(embedder.dimension, DIMENSION);
      const texts = ["deploy with pnpm", "Billing API error 500!", "", "日本語 ünïcode"];
      const vectors = await embedder.embed(texts, "document");
      equal(vectors.length, texts.length);
      for (const vector of vectors) {
        ok(vector instanceof Float32Array);
        equal(vector.length, DIMENSION);
        ok(Math.abs(norm(vector) - 1) < 1e-5, `norm ${norm(vector)}`);
      }
      deepEqual(await embedder.embed([], "query"), []);
    });
  });
});

Deno.test("embed batches inputs and keeps their order", async () => {
  await withTempDir(async (dir) => {
    const { modelId, localModelPath } = await buildTinyModel(dir);
    const texts = Array.from({ length: 7 }, (_, i) => `test ${i} deploy database`);
    const batched = createTransformersEmbedder({
      model: modelId,
      dimension: DIMENSION,
      localModelPath,
      allowRemote: false,
      batchSize: 3,
    });
    await withEmbedder(batched, async () => {
      const all = await batched.embed(texts, "document");
      equal(all.length, texts.length);
      for (const [i, text] of texts.entries()) {
        const [single] = await batched.embed([text], "document");
        ok(cosine(all[i]!, single!) > 0.99999, `text ${i} out of order`);
      }
    });
  });
});

Deno.test("embeddings are deterministic across embedder instances and fixture builds", async () => {
  await withTempDir(async (dir) => {
    const first = await buildTinyModel(`${dir}/a`);
    const second = await buildTinyModel(`${dir}/b`);
    const texts = ["postgres database migration", "frontend css colors"];
    const results: Float32Array[][] = [];
    for (const { modelId, localModelPath } of [first, second]) {
      const embedder = createTransformersEmbedder({
        model: modelId,
        dimension: DIMENSION,
        localModelPath,
        allowRemote: false,
      });
      await withEmbedder(embedder, async () => {
        results.push(await embedder.embed(texts, "query"));
      });
    }
    deepEqual(results[0], results[1]);
  });
});

Deno.test("texts sharing words are closer than unrelated texts", async () => {
  await withTempDir(async (dir) => {
    const { modelId, localModelPath } = await buildTinyModel(dir);
    const embedder = createTransformersEmbedder({
      model: modelId,
      dimension: DIMENSION,
      localModelPath,
      allowRemote: false,
    });
    await withEmbedder(embedder, async () => {
      const [migration, migrate, css] = await embedder.embed(
        ["postgres database migration", "migrate the postgres database", "frontend css colors"],
        "document",
      );
      const related = cosine(migration!, migrate!);
      const unrelated = cosine(migration!, css!);
      ok(related > unrelated, `related ${related} <= unrelated ${unrelated}`);
    });
  });
});

Deno.test("the query instruction applies to queries only, and can be disabled", async () => {
  await withTempDir(async (dir) => {
    const { modelId, localModelPath } = await buildTinyModel(dir);
    const text = "how do we deploy the billing service";
    const common = { model: modelId, dimension: DIMENSION, localModelPath, allowRemote: false };

    const instructed = createTransformersEmbedder(common);
    await withEmbedder(instructed, async () => {
      const [query] = await instructed.embed([text], "query");
      const [document] = await instructed.embed([text], "document");
      notDeepEqual(query, document);
      const [manual] = await instructed.embed(
        ["Represent this sentence for searching relevant passages: " + text],
        "document",
      );
      deepEqual(query, manual);
    });

    const plain = createTransformersEmbedder({ ...common, queryInstruction: "" });
    await withEmbedder(plain, async () => {
      const [query] = await plain.embed([text], "query");
      const [document] = await plain.embed([text], "document");
      deepEqual(query, document);
    });
  });
});

Deno.test("mean pooling also yields unit vectors, different from CLS pooling", async () => {
  await withTempDir(async (dir) => {
    const { modelId, localModelPath } = await buildTinyModel(dir);
    const common = { model: modelId, dimension: DIMENSION, localModelPath, allowRemote: false };
    const cls = createTransformersEmbedder(common);
    const mean = createTransformersEmbedder({ ...common, pooling: "mean" });
    await withEmbedder(cls, async () => {
      await withEmbedder(mean, async () => {
        const [a] = await cls.embed(["deploy the api"], "document");
        const [b] = await mean.embed(["deploy the api"], "document");
        ok(Math.abs(norm(b!) - 1) < 1e-5);
        notDeepEqual(a, b);
      });
    });
  });
});

Deno.test("status goes unloaded -> loading -> ready, and warmup is idempotent", async () => {
  await withTempDir(async (dir) => {
    const { modelId, localModelPath } = await buildTinyModel(dir);
    const embedder = createTransformersEmbedder({
      model: modelId,
      dimension: DIMENSION,
      localModelPath,
      allowRemote: false,
    });
    await withEmbedder(embedder, async () => {
      deepEqual(embedder.status(), { state: "unloaded" });
      const first = embedder.warmup();
      deepEqual(embedder.status(), { state: "loading" });
      const second = embedder.warmup();
      const embedded = embedder.embed(["cache"], "document");
      deepEqual(await first, { state: "ready" });
      deepEqual(await second, { state: "ready" });
      equal((await embedded).length, 1);
      deepEqual(embedder.status(), { state: "ready" });
      deepEqual(await embedder.warmup(), { state: "ready" });
    });
    deepEqual(embedder.status(), { state: "unloaded" });
  });
});

Deno.test("concurrent callers share a single load", async () => {
  // A failing remote is not cached by transformers.js, so every load attempt would hit the
  // server again: the request count shows how many loads ran.
  await using server = serve(() => new Response("boom", { status: 500 }));
  const options = {
    model: "helix-test/single-flight",
    dimension: DIMENSION,
    remoteHost: server.url,
    loadTimeoutMs: 2_000,
  };
  await withTempDir(async (dir) => {
    const once = createTransformersEmbedder({ ...options, cacheDir: `${dir}/once` });
    equal((await once.warmup()).state, "failed");
    const perLoad = server.requests.length;
    ok(perLoad >= 1);

    const shared = createTransformersEmbedder({ ...options, cacheDir: `${dir}/shared` });
    const results = await Promise.allSettled([
      shared.warmup(),
      shared.warmup(),
      shared.embed(["a"], "document"),
      shared.embed(["b"], "query"),
    ]);
    equal(server.requests.length, 2 * perLoad);
    equal(results[0].status === "fulfilled" && results[0].value.state, "failed");
    equal(results[1].status === "fulfilled" && results[1].value.state, "failed");
    for (const result of results.slice(2)) {
      ok(result.status === "rejected" && isHelixError(result.reason, "embedder_unavailable"));
    }
  });
});

Deno.test("a missing model fails fast, is not retried within retryAfterMs, then is retried", async () => {
  await withTempDir(async (dir) => {
    const clock = fixedClock(Date.UTC(2026, 0, 1));
    const embedder = createTransformersEmbedder({
      model: "helix-test/tiny-bert",
      dimension: DIMENSION,
      localModelPath: dir,
      cacheDir: `${dir}/cache`,
      allowRemote: false,
      retryAfterMs: 60_000,
      clock,
    });
    await withEmbedder(embedder, async () => {
      await rejects(embedder.embed(["x"], "document"), (error: unknown) => {
        ok(isHelixError(error, "embedder_unavailable"));
        ok(error.message.startsWith("Cannot load embedding model helix-test/tiny-bert: "));
        return true;
      });
      const status = embedder.status();
      equal(status.state, "failed");
      ok(status.error?.startsWith("Cannot load embedding model helix-test/tiny-bert: "));

      // The files appear, but within the back-off window the cached failure is reported.
      await buildTinyModel(dir);
      clock.advance(59_999);
      await rejects(embedder.embed(["x"], "document"), (error: unknown) => {
        ok(isHelixError(error, "embedder_unavailable"));
        equal(error.message, status.error);
        return true;
      });
      equal((await embedder.warmup()).state, "failed");

      clock.advance(1);
      const [vector] = await embedder.embed(["x"], "document");
      equal(vector?.length, DIMENSION);
      deepEqual(embedder.status(), { state: "ready" });
    });
  });
});

Deno.test("a dimension mismatch is reported as embedding_mismatch", async () => {
  await withTempDir(async (dir) => {
    const { modelId, localModelPath } = await buildTinyModel(dir, { dimension: 16 });
    const embedder = createTransformersEmbedder({
      model: modelId,
      dimension: DIMENSION,
      localModelPath,
      allowRemote: false,
    });
    await withEmbedder(embedder, async () => {
      await rejects(embedder.embed(["x"], "document"), (error: unknown) => {
        ok(isHelixError(error, "embedding_mismatch"));
        ok(error.message.includes("16"));
        return true;
      });
      equal(embedder.status().state, "failed");
    });
  });
});

Deno.test("a remote host that never answers fails within loadTimeoutMs", async () => {
  let wake: () => void = () => {};
  const woken = new Promise<void>((resolve) => (wake = resolve));
  // The handler only answers once the test is over, so the server can shut down cleanly.
  await using server = serve(() => woken.then(() => new Response(null)));
  using _wake = { [Symbol.dispose]: () => wake() };
  await withTempDir(async (dir) => {
    const embedder = createTransformersEmbedder({
      model: "helix-test/silent",
      dimension: DIMENSION,
      remoteHost: server.url,
      cacheDir: `${dir}/cache`,
      loadTimeoutMs: 300,
    });
    // The message names the deadline: the load was cut by it, not by another failure.
    await rejects(embedder.embed(["x"], "query"), (error: unknown) => {
      ok(isHelixError(error, "embedder_unavailable"));
      ok(error.message.startsWith("Cannot load embedding model helix-test/silent: "));
      ok(error.message.includes("300 ms"), error.message);
      return true;
    });
    equal(embedder.status().state, "failed");
    ok(server.requests.length >= 1);
  });
});

Deno.test("a remote model is downloaded into cacheDir and then loads offline from it", async () => {
  await withTempDir(async (dir) => {
    const { modelId } = await buildTinyModel(`${dir}/served`);
    const cacheDir = `${dir}/cache`;
    const text = ["remote deploy test"];
    let online: Float32Array[];
    {
      await using server = serveModelFiles(`${dir}/served`);
      const embedder = createTransformersEmbedder({
        model: modelId,
        dimension: DIMENSION,
        remoteHost: server.url,
        cacheDir,
        loadTimeoutMs: 5_000,
      });
      await withEmbedder(embedder, async () => {
        online = await embedder.embed(text, "document");
      });
      ok(server.requests.some((path) => path.endsWith("/onnx/model_quantized.onnx")));
      ok(server.requests.every((path) => path.startsWith(`/${modelId}/resolve/main/`)));
    }
    for (const file of ["config.json", "tokenizer.json", "onnx/model_quantized.onnx"]) {
      const cached = await Deno.readFile(`${cacheDir}/${modelId}/${file}`);
      deepEqual(cached, await Deno.readFile(`${dir}/served/${modelId}/${file}`));
    }

    const offline = createTransformersEmbedder({
      model: modelId,
      dimension: DIMENSION,
      cacheDir,
      allowRemote: false,
      remoteHost: "http://127.0.0.1:9/",
    });
    await withEmbedder(offline, async () => {
      deepEqual(await offline.embed(text, "document"), online!);
    });
  });
});
