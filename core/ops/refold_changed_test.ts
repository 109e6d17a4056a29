/**
 * A merge whose ops land among ops already folded refolds by difference: the tables end up
 * the fold of the op set (as a full refold would make them), and what the scratch fold does
 * not hold (full-text entries, exact tokens, vectors) follows the rows that changed.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { tempEngine, wordHashEmbedder } from "../../tests/helpers.ts";
import { openScratchStore } from "../store/scratch.ts";
import { applyOp } from "./fold.ts";
import { stateHash } from "./state_hash.ts";

const HOUR = 3_600_000;

/** The best hit's id (search also returns weaker semantic neighbours). */
async function topHit(
  engine: Awaited<ReturnType<typeof tempEngine>>["engine"],
  query: string,
): Promise<string | undefined> {
  return (await engine.search({ query })).hits[0]?.memory.id;
}

Deno.test("a merge among folded ops keeps search, exact tokens and untouched vectors right", async () => {
  await using a = await tempEngine({ project: "api", embedder: wordHashEmbedder() });
  await using b = await tempEngine({ project: "api", embedder: wordHashEmbedder() });
  b.clock.advance(1);
  const written = await a.engine.writeMany(
    Array.from({ length: 12 }, (_, i) => ({
      content: `Service ${i} reads its settings from config_loader_v${i} at startup.`,
      type: "convention" as const,
    })),
  );
  const ids = written.ids;
  b.engine.mergeOps(a.engine.ops());

  // b edits one memory and adds one; a, later by clock but merged first, edits another.
  b.clock.advance(HOUR);
  await b.engine.patch(ids[1]!, {
    content: "Service 1 reads its settings from vault_reader_v2 at startup.",
  });
  const added = await b.engine.write({ content: "Giraffe deploys go through the blue pipeline." });
  a.clock.advance(2 * HOUR);
  await a.engine.patch(ids[2]!, { content: "Service 2 reads its settings from env_only_loader." });
  await a.engine.patch(ids[3]!, { importance: 9 });

  const report = a.engine.mergeOps(b.engine.ops());
  ok(report.refolded, "b's ops sort before a's newest");
  b.engine.mergeOps(a.engine.ops());
  equal(a.engine.stateHash(), b.engine.stateHash(), "one state");
  const inspection = await a.engine.inspect();
  ok(inspection.refold.identical, "the tables are the fold of the op set");
  const fts = inspection.checks.find((c) => c.name === "fts")!;
  ok(fts.ok, fts.detail);

  equal(await topHit(a.engine, "giraffe pipeline"), added.id, "the new memory is found");
  equal(await topHit(a.engine, "vault_reader_v2"), ids[1], "the edit's new exact token is found");
  ok(await topHit(a.engine, "config_loader_v1") !== ids[1], "its old one is gone");
  equal(await topHit(a.engine, "config_loader_v5"), ids[5], "untouched memories are still found");
  equal(a.engine.get(ids[3]!).importance, 9);

  // The untouched memories kept their vectors; the merged edit and the new memory need one.
  deepEqual(inspection.vectors, { missing: 1, stale: 1 });
  await a.engine.backfillEmbeddings();
  deepEqual((await a.engine.inspect()).vectors, { missing: 0, stale: 0 });
});

Deno.test("a merge that removes a memory's rival successor settles through the diff", async () => {
  await using a = await tempEngine({ project: "api" });
  await using b = await tempEngine({ project: "api" });
  b.clock.advance(1);
  const { id } = await a.engine.write({ content: "The API listens on port 8080.", type: "fact" });
  b.engine.mergeOps(a.engine.ops());
  b.clock.advance(HOUR);
  const onB = await b.engine.write({
    content: "The API listens on port 9090.",
    type: "fact",
    supersedes: [id],
  });
  a.clock.advance(2 * HOUR);
  const onA = await a.engine.write({
    content: "The API listens on port 7070.",
    type: "fact",
    supersedes: [id],
  });
  ok(a.engine.mergeOps(b.engine.ops()).refolded);
  equal(a.engine.conflicts()[0]?.kind, "fact");
  const contradicts = a.engine.edgesOf(onA.id).filter((e) => e.relation === "contradicts");
  deepEqual(contradicts.map((e) => [e.from, e.to].sort()), [[onA.id, onB.id].sort()]);
  ok((await a.engine.inspect()).refold.identical);
});

Deno.test("a scratch strand in a temporary file (a long log) folds to the same state", async () => {
  await using a = await tempEngine({ project: "api" });
  await using b = await tempEngine({ project: "api" });
  b.clock.advance(1);
  const { id } = await a.engine.write({ content: "The API listens on port 8080.", type: "fact" });
  b.engine.mergeOps(a.engine.ops());
  await a.engine.patch(id, { content: "The API listens on port 9090." });
  await b.engine.patch(id, { content: "The API listens on port 7070." });
  a.engine.mergeOps(b.engine.ops());
  const log = new DatabaseSync(a.path, { readOnly: true });
  try {
    for (const [inMemoryOps, journal] of [[0, "delete"], [1_000, "memory"]] as const) {
      const scratch = openScratchStore(384, log, { inMemoryOps });
      const mode = scratch.db.prepare("PRAGMA journal_mode").get() as { journal_mode: string };
      equal(mode.journal_mode, journal, "a temporary file journals like one; memory does not");
      scratch.db.exec("BEGIN");
      for (const op of a.engine.ops()) applyOp(scratch, op, 1);
      scratch.db.exec("COMMIT");
      equal(stateHash(scratch.db), a.engine.stateHash(), `inMemoryOps ${inMemoryOps}`);
      scratch.db.close();
    }
  } finally {
    log.close();
  }
});
