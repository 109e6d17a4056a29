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
