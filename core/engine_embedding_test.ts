import { join } from "node:path";
import { deepEqual, equal, ok } from "node:assert/strict";
import { createTransformersEmbedder, fixedClock, isHelixError, openEngine } from "./mod.ts";
import {
  buildTinyModel,
  TINY_MODEL_DIMENSION,
  TINY_MODEL_ID,
} from "../tests/fixtures/tiny_model.ts";
import { tempDir, TODAY } from "../tests/helpers.ts";

Deno.test("the engine stores vectors from the transformers.js model and recalls through the vector channel", async () => {
  await using dir = await tempDir();
  const model = await buildTinyModel(join(dir.path, "models"));
  const embedder = createTransformersEmbedder({
    model: model.modelId,
    dimension: model.dimension,
    localModelPath: model.localModelPath,
    allowRemote: false,
    queryInstruction: "",
  });
  const engine = openEngine({
    path: join(dir.path, "s.db"),
    embedder,
    project: "p",
    clock: fixedClock(TODAY),
  });
  try {
    equal(engine.meta.embeddingModel, TINY_MODEL_ID);
    equal(engine.meta.embeddingDimension, TINY_MODEL_DIMENSION);
    const db = await engine.write({ content: "postgres database migration runs before deploy" });
    await engine.write({ content: "frontend css colors follow the dark theme" });
    await engine.write({ content: "the billing invoice email goes to the customer" });
    ok(db.embedded);
    const result = await engine.search({
      query: "migrate postgres database",
      channels: { bm25: false, exact: false },
    });
    equal(result.channels.vector, "used");
    equal(result.hits[0]?.memory.id, db.id);
    const trace = result.hits[0]!.explanation.channels.vector!;
    equal(trace.rank, 1);
    ok(trace.value > 0 && trace.value <= 1.000001, `cosine ${trace.value}`);
    equal(engine.stats().vectors, 3);
    equal(engine.stats().missingVectors, 0);

    // Editing the content replaces the vector; a rebuild keeps vectors whose content did not change.
    await engine.patch(db.id, { content: "redis cache warmup runs before deploy" });
    equal(engine.stats().missingVectors, 0);
    const rebuilt = engine.rebuild();
    ok(rebuilt.identical);
    equal(rebuilt.vectorsKept, 3);
    const again = await engine.search({
      query: "redis cache",
      channels: { bm25: false, exact: false },
    });
    equal(again.hits[0]?.memory.id, db.id);
  } finally {
    engine.close();
    await embedder.close?.();
  }
});

Deno.test("without the model, writes are stored without vectors and backfillEmbeddings() fills them in later", async () => {
  await using dir = await tempDir();
  const modelsDir = join(dir.path, "models");
  const clock = fixedClock(TODAY);
  const embedder = tinyModelArrivingLater(modelsDir, clock);
  const engine = openEngine({ path: join(dir.path, "s.db"), embedder, project: "p", clock });
  try {
    // A missing model fails once, and the second write does not wait for it again: the
    // clock has not moved past the retry back-off.
    const first = await engine.write({ content: "deploy the billing service with docker" });
    const second = await engine.write({ content: "python tests run with pytest in the worker" });
    equal(first.embedded, false);
    equal(second.embedded, false);
    equal(embedder.status().state, "failed");
    equal(engine.stats().missingVectors, 2);

    const offline = await engine.search({ query: "docker deploy" });
    ok(offline.channels.vector.startsWith("skipped"), offline.channels.vector);
    deepEqual(offline.hits.map((h) => h.memory.id), [first.id], "BM25 still recalls");
    await engine.backfillEmbeddings().then(
      () => ok(false, "backfill cannot run without the model"),
      (e) => ok(isHelixError(e, "embedder_unavailable")),
    );

    await buildTinyModel(modelsDir); // the model arrives (downloaded, or copied in)
    clock.advance(1_000); // past the retry back-off
    const progress: number[] = [];
    const report = await engine.backfillEmbeddings({
      batchSize: 1,
      onProgress: (p) => progress.push(p.done),
    });
    deepEqual(report, { embedded: 2, remaining: 0 });
    deepEqual(progress, [1, 2]);
    equal(engine.stats().missingVectors, 0);
    const online = await engine.search({
      query: "docker deploy",
      channels: { bm25: false, exact: false },
    });
    equal(online.channels.vector, "used");
    equal(online.hits[0]?.memory.id, first.id);
  } finally {
    engine.close();
    await embedder.close?.();
  }
});

Deno.test("opening a strand with a different embedding model is refused with embedding_mismatch", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  openEngine({ path }).close(); // pinned to the default 384-d model
  const model = await buildTinyModel(join(dir.path, "models"));
  const embedder = createTransformersEmbedder({
    model: model.modelId,
    dimension: model.dimension,
    localModelPath: model.localModelPath,
    allowRemote: false,
  });
  try {
    openEngine({ path, embedder });
    ok(false, "should refuse");
  } catch (error) {
    ok(isHelixError(error, "embedding_mismatch"));
    ok(/pinned to Xenova\/bge-small-en-v1.5/.test(error.message));
  }
});

Deno.test("the worker's embed job waits for the model, then embeds what was written without it", async () => {
  await using dir = await tempDir();
  const modelsDir = join(dir.path, "models");
  const clock = fixedClock(TODAY);
  const embedder = tinyModelArrivingLater(modelsDir, clock);
  const engine = openEngine({ path: join(dir.path, "s.db"), embedder, project: "p", clock });
  try {
    await engine.write({ content: "deploy the billing service with docker" });
    await engine.write({ content: "python tests run with pytest in the worker" });
    const offline = await engine.sleep({ only: "embed" });
    equal(offline.jobs[0]?.summary.startsWith("2 memories wait for the model"), true);
    equal(engine.stats().missingVectors, 2);

    await buildTinyModel(modelsDir);
    clock.advance(1_000);
    const hash = engine.stateHash();
    const online = await engine.sleep({ only: "embed" });
    equal(online.jobs[0]?.summary, "embedded 2 memories");
    equal(engine.stats().missingVectors, 0);
    equal(engine.stateHash(), hash, "vectors are a cache: the state does not move");
    ok(engine.history({ kinds: ["job.run"] }).some((e) => e.summary.includes("embedded 2")));
  } finally {
    engine.close();
  }
});

/** The tiny model, looked for in `modelsDir` (empty until a test builds it there), no downloads. */
function tinyModelArrivingLater(modelsDir: string, clock: ReturnType<typeof fixedClock>) {
  return createTransformersEmbedder({
    model: TINY_MODEL_ID,
    dimension: TINY_MODEL_DIMENSION,
    localModelPath: modelsDir,
    allowRemote: false,
    queryInstruction: "", // the tiny model has no instruction tuning
    retryAfterMs: 1_000,
    clock,
  });
}
