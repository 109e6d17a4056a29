/**
 * Moving a strand to another embedding model: refused without asking, tracked in the strand
 * once asked, resumable after a kill, switched in one step, and cancelled by going back.
 */
import { join } from "node:path";
import { deepEqual, equal, ok, rejects, throws } from "node:assert/strict";
import { fixedClock, isHelixError, openEngine } from "../mod.ts";
import { tempDir, TODAY, wordHashEmbedder } from "../../tests/helpers.ts";

const oldModel = wordHashEmbedder(32, "test/old");
const newModel = wordHashEmbedder(16, "test/new");

Deno.test("re-embedding is tracked, survives a kill, switches once complete, and recall keeps working", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  const open = (embedder = newModel, reembed?: boolean) =>
    openEngine({
      path,
      embedder,
      clock: fixedClock(TODAY),
      project: "api",
      ...(reembed ? { reembed } : {}),
    });
  const first = open(oldModel);
  for (const content of ["deploys need two approvals", "billing runs nightly", "use pnpm"]) {
    await first.write({ content });
  }
  first.close();

  throws(
    () => open(),
    (e) => isHelixError(e, "embedding_mismatch") && /helix reembed/.test(e.message),
  );

  const moving = open(newModel, true);
  deepEqual(moving.reembedStatus(), { model: "test/new", dimension: 16, done: 0, total: 3 });
  await moving.write({ content: "staging deploys are manual" });
  const meanwhile = await moving.search({ query: "deploys approvals" });
  ok(meanwhile.channels.vector.startsWith("skipped"), "no vectors while re-embedding");
  equal(meanwhile.hits[0]?.memory.content, "deploys need two approvals", "BM25 still recalls");
  // Killed after the first batch.
  await rejects(
    moving.reembed({
      batchSize: 2,
      onProgress: () => {
        throw new Error("killed");
      },
    }),
    /killed/,
  );
  equal(moving.reembedStatus()?.done, 2, "the first batch is kept");
  moving.close();

  const resumed = open(); // the same target resumes without asking again
  equal(resumed.reembedStatus()?.done, 2);
  const report = await resumed.reembed({ batchSize: 2 });
  equal(report.embedded, 2);
  equal(report.switched, true);
  equal(resumed.reembedStatus(), null);
  resumed.close();

  const switched = open();
  equal(switched.meta.embeddingModel, "test/new");
  equal(switched.meta.embeddingDimension, 16);
  equal(switched.stats().missingVectors, 0);
  const found = await switched.search({
    query: "deploys approvals",
    channels: { bm25: false, exact: false },
  });
  equal(found.channels.vector, "used");
  equal(found.hits[0]?.memory.content, "deploys need two approvals");
  ok(switched.rebuild().identical, "vectors are not state: the log is untouched");
  switched.close();
  throws(() => open(oldModel), (e) => isHelixError(e, "embedding_mismatch"));
});

Deno.test("opening with the pinned model again cancels an unfinished re-embedding", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  const first = openEngine({ path, embedder: oldModel, clock: fixedClock(TODAY) });
  await first.write({ content: "deploys need two approvals" });
  first.close();
  openEngine({ path, embedder: newModel, reembed: true }).close();
  const back = openEngine({ path, embedder: oldModel });
  equal(back.reembedStatus(), null);
  equal(back.stats().missingVectors, 0, "the old vectors were never touched");
  back.close();
  throws(
    () => openEngine({ path, embedder: newModel }),
    (e) => isHelixError(e, "embedding_mismatch"),
  );
});

Deno.test("the worker's embed job moves a re-embedding on and switches", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  const first = openEngine({ path, embedder: oldModel, clock: fixedClock(TODAY) });
  await first.write({ content: "deploys need two approvals" });
  first.close();
  const moving = openEngine({ path, embedder: newModel, reembed: true });
  const report = await moving.sleep({ only: "embed" });
  ok(report.jobs[0]?.summary.startsWith("re-embedded 1 memories with test/new"));
  moving.close();
  const switched = openEngine({ path, embedder: newModel });
  equal(switched.meta.embeddingModel, "test/new");
  switched.close();
});

Deno.test("the switch to the new vectors is made in steps: killed at any of them, it resumes and completes", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  const clock = fixedClock(TODAY);
  const open = (embedder = newModel) =>
    openEngine({ path, embedder, clock, project: "api", reembed: true });
  const first = openEngine({ path, embedder: oldModel, clock, project: "api" });
  await first.writeMany(
    Array.from({ length: 1_200 }, (_, i) => ({ content: `note ${i} about deploys and billing` })),
  );
  first.close();

  let pauses = 0;
  for (let killAt = 1;; killAt++) {
    const moving = open();
    let calls = 0;
    const outcome = await moving.reembed({
      batchSize: 500,
      pause: () => ++calls === killAt ? Promise.reject(new Error("killed")) : Promise.resolve(),
    }).then(() => "switched", (e) => String(e));
    pauses = Math.max(pauses, calls);
    moving.close();
    if (outcome === "switched") break;
    equal(outcome, "Error: killed");
    const resumed = open();
    const report = await resumed.reembed({ batchSize: 500 });
    equal(report.switched, true, `killed at pause ${killAt}`);
    resumed.close();
    const switched = openEngine({ path, embedder: newModel, clock, project: "api" });
    equal(switched.meta.embeddingDimension, 16);
    equal(switched.stats().missingVectors, 0, `killed at pause ${killAt}`);
    equal(switched.stats().vectors, 1_200);
    const found = await switched.search({
      query: "note 7",
      channels: { bm25: false, exact: false },
    });
    equal(found.channels.vector, "used");
    switched.close();
    // Back to the old model for the next kill point (a new re-embedding, then).
    await Deno.remove(path);
    await Deno.remove(`${path}-wal`).catch(() => {});
    await Deno.remove(`${path}-shm`).catch(() => {});
    const again = openEngine({ path, embedder: oldModel, clock, project: "api" });
    await again.writeMany(
      Array.from({ length: 1_200 }, (_, i) => ({ content: `note ${i} about deploys and billing` })),
    );
    again.close();
  }
  ok(pauses >= 5, `${pauses} steps`);
});

Deno.test("a re-embedding cancelled half-way through the switch leaves vectors of the pinned model to backfill", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "s.db");
  const clock = fixedClock(TODAY);
  const first = openEngine({ path, embedder: oldModel, clock });
  await first.writeMany(
    Array.from({ length: 1_200 }, (_, i) => ({ content: `note ${i} on deploys` })),
  );
  first.close();
  const moving = openEngine({ path, embedder: newModel, clock, reembed: true });
  let calls = 0;
  // Three staging batches, three steps dropping the old state, then the sixth pause comes
  // while the staged vectors move into the recreated table.
  await rejects(
    moving.reembed({
      batchSize: 500,
      pause: () => ++calls === 6 ? Promise.reject(new Error("killed")) : Promise.resolve(),
    }),
    /killed/,
  );
  moving.close();

  const back = openEngine({ path, embedder: oldModel, clock }); // cancels it
  equal(back.reembedStatus(), null);
  equal(back.meta.embeddingDimension, 32);
  equal((await back.backfillEmbeddings()).remaining, 0);
  equal(back.stats().vectors, 1_200);
  const found = await back.search({ query: "note 7", channels: { bm25: false, exact: false } });
  equal(found.channels.vector, "used");
  ok((await back.inspect()).ok);
  back.close();
});
