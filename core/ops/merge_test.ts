/**
 * Three-way merge of two strands' histories through the engine: disjoint edits merge
 * cleanly, overlapping ones leave a flagged conflict block that an edit settles, rival
 * successors of one fact contradict each other, and either merge order gives the same state.
 */
import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { tempEngine } from "../../tests/helpers.ts";
import { isHelixError } from "../errors.ts";
import type { Op } from "./kinds.ts";

const HOUR = 3_600_000;

/** A strand and a copy of it on another device (same ops, another device id). */
async function twins() {
  const a = await tempEngine({ project: "api" });
  const b = await tempEngine({ project: "api" });
  b.clock.advance(1);
  return { a, b };
}

Deno.test("edits of different words of one memory on two devices merge cleanly, in either order", async () => {
  const { a, b } = await twins();
  await using _a = a;
  await using _b = b;
  const { id } = await a.engine.write({
    content: "Deploys run on Tuesdays from the main branch.",
    type: "convention",
  });
  b.engine.mergeOps(a.engine.ops());
  equal(b.engine.stateHash(), a.engine.stateHash(), "a copy has the same state");

  a.clock.advance(HOUR);
  await a.engine.patch(id, { content: "Deploys run on Thursdays from the main branch." });
  b.clock.advance(2 * HOUR);
  await b.engine.patch(id, { content: "Deploys run on Tuesdays from the release branch." });

  const fromA = a.engine.ops();
  const fromB = b.engine.ops();
  const progress: [number, number][][] = [[], []];
  const ra = a.engine.mergeOps(fromB, { onProgress: (...p) => progress[0]!.push(p) });
  const rb = b.engine.mergeOps(fromA, { onProgress: (...p) => progress[1]!.push(p) });
  deepEqual(progress[0], [[1, 1]], "b's op sorts last on a: folded onto the tables");
  deepEqual(
    progress[1]!.slice(-2),
    [[3, 3], [1, 1]],
    "a's sorts before b's on b: every op refolded, then the new op committed",
  );
  equal(ra.added, 1);
  equal(rb.added, 1);
  equal(a.engine.get(id).content, "Deploys run on Thursdays from the release branch.");
  equal(a.engine.stateHash(), b.engine.stateHash(), "either order, one state");
  deepEqual(a.engine.conflicts(), [], "nothing left to resolve");
  equal(a.engine.conflicts({ all: true })[0]?.kind, "field", "the merge is recorded");
  equal(a.engine.mergeOps(fromB).added, 0, "merging again changes nothing");
  ok(a.engine.rebuild().identical);
  ok(b.engine.rebuild().identical);
  ok((await a.engine.inspect()).refold.identical, "a scratch fold (inspect, history) agrees");
});

Deno.test("overlapping edits keep both sides in a conflict block until an edit resolves it", async () => {
  const { a, b } = await twins();
  await using _a = a;
  await using _b = b;
  const { id } = await a.engine.write({ content: "The API listens on port 8080.", type: "fact" });
  b.engine.mergeOps(a.engine.ops());
  a.clock.advance(HOUR);
  await a.engine.patch(id, { content: "The API listens on port 9090." });
  b.clock.advance(HOUR);
  await b.engine.patch(id, { content: "The API listens on port 7070." });

  const report = a.engine.mergeOps(b.engine.ops());
  b.engine.mergeOps(a.engine.ops());
  equal(a.engine.stateHash(), b.engine.stateHash());
  const merged = a.engine.get(id).content;
  match(merged, /<<<<<<< [0-9a-f]{12}\n/);
  ok(merged.includes("9090") && merged.includes("7070"), "no side is lost");
  equal(report.open, 1);
  const [conflict] = a.engine.conflicts();
  equal(conflict?.kind, "text");
  equal(conflict?.memory, id);

  await a.engine.patch(id, { content: "The API listens on port 9090 (7070 in staging)." });
  deepEqual(a.engine.conflicts(), [], "the edit resolved it");
  b.engine.mergeOps(a.engine.ops());
  deepEqual(b.engine.conflicts(), [], "and the other device learns it");
  equal(a.engine.stateHash(), b.engine.stateHash());
});

Deno.test("two devices superseding one fact differently: the successors contradict, with lowered confidence", async () => {
  const { a, b } = await twins();
  await using _a = a;
  await using _b = b;
  const old = await a.engine.write({ content: "The database is Postgres 14.", type: "fact" });
  b.engine.mergeOps(a.engine.ops());
  a.clock.advance(HOUR);
  const onA = await a.engine.write({
    content: "The database is Postgres 15.",
    type: "fact",
    supersedes: [old.id],
  });
  b.clock.advance(HOUR);
  const onB = await b.engine.write({
    content: "The database is Postgres 16.",
    type: "fact",
    supersedes: [old.id],
  });
  const confidence = a.engine.get(onA.id).confidence;
  a.engine.mergeOps(b.engine.ops());
  b.engine.mergeOps(a.engine.ops());
  equal(a.engine.stateHash(), b.engine.stateHash());
  equal(a.engine.list({}).items.filter((m) => m.status === "active").length, 2, "no duplicate");
  const contradicts = a.engine.edgesOf(onA.id).filter((e) => e.relation === "contradicts");
  equal(contradicts.length, 1);
  ok([contradicts[0]!.from, contradicts[0]!.to].includes(onB.id));
  ok(a.engine.get(onA.id).confidence < confidence, "confidence lowered");
  const [fact] = a.engine.conflicts();
  equal(fact?.kind, "fact");

  a.engine.forget({ ids: [onB.id] });
  deepEqual(a.engine.conflicts(), [], "forgetting one side settles it");
  ok(a.engine.rebuild().identical);
});

Deno.test("a tampered or forked op is refused and the strand is unchanged", async () => {
  const { a, b } = await twins();
  await using _a = a;
  await using _b = b;
  await a.engine.write({ content: "Releases are tagged vX.Y.Z." });
  await b.engine.write({ content: "CI runs on every push." });
  const before = b.engine.stateHash();
  const ops = a.engine.ops();
  const edited = ops.map((op) =>
    op.kind === "memory.put"
      ? { ...op, payload: { ...op.payload, content: "Releases are untagged." } } as Op
      : op
  );
  throws(() => b.engine.mergeOps(edited), (e) => isHelixError(e, "tampered"));
  const forked = [{ ...ops[0]!, changeId: "f".repeat(64) }, ...ops];
  throws(() => b.engine.mergeOps(forked), (e) => isHelixError(e, "tampered"));
  equal(b.engine.stateHash(), before, "unchanged");
});

Deno.test("supersessions one device makes in turn are no conflict, even of one fact twice", async () => {
  await using a = await tempEngine({ project: "api" });
  const first = await a.engine.write({ content: "The API listens on port 8080.", type: "fact" });
  a.clock.advance(HOUR);
  const second = await a.engine.write({
    content: "The API listens on port 9090.",
    type: "fact",
    supersedes: [first.id],
  });
  a.clock.advance(HOUR);
  const third = await a.engine.write({
    content: "The API listens on port 7070.",
    type: "fact",
    supersedes: [first.id, second.id],
  });
  a.clock.advance(HOUR);
  const extra = await a.engine.write({
    content: "The admin API listens on port 7071.",
    type: "fact",
    supersedes: [first.id],
  });
  deepEqual(a.engine.conflicts({ all: true }), [], "each writer saw the other successors");
  for (const id of [third.id, extra.id]) {
    equal(a.engine.get(id).confidence, 0.7, "confidence untouched");
    equal(a.engine.edgesOf(id).filter((e) => e.relation === "contradicts").length, 0);
  }

  // Merged into a device that only had the first fact, the same ops make no conflict either.
  await using b = await tempEngine({ project: "api" });
  b.engine.mergeOps(a.engine.ops().filter((op) => op.hlc <= a.engine.ops()[0]!.hlc));
  b.engine.mergeOps(a.engine.ops());
  equal(b.engine.stateHash(), a.engine.stateHash());
  deepEqual(b.engine.conflicts({ all: true }), []);
});
