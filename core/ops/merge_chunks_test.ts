/**
 * A merge commits in short transactions: another connection writes between them, every
 * commit is the fold of the log it commits with, and a merge stopped half-way leaves a sound
 * strand that merging the same ops again finishes, to the state of a merge never stopped.
 */
import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { type Engine, fixedClock, type Inspection, type Op, openEngine } from "../mod.ts";
import { tempDir, TODAY } from "../../tests/helpers.ts";

const HOUR = 3_600_000;
/** The ops b lacks: a's ten edits and five new memories. */
const FRESH = 15;

/**
 * Two devices of one strand that diverged: `a` edited ten memories and added five an hour
 * after they synced, `b` edited three others and added three two hours after. Returns a's ops
 * and b's file, closed (merging a's ops into it refolds: they sort before b's newest).
 */
async function diverged(dir: string): Promise<{ ops: Op[]; path: string }> {
  const aClock = fixedClock(TODAY);
  const bClock = fixedClock(TODAY + 1);
  const a = openEngine({ path: join(dir, "a.db"), clock: aClock, project: "p" });
  const path = join(dir, "b.db");
  const b = openEngine({ path, clock: bClock, project: "p" });
  const { ids } = await a.writeMany(
    Array.from({ length: 20 }, (_, i) => ({ content: `Service ${i} logs to stream_${i}.` })),
  );
  b.mergeOps(a.ops());
  aClock.advance(HOUR);
  for (const id of ids.slice(0, 10)) await a.patch(id, { importance: 8 });
  await a.writeMany(Array.from({ length: 5 }, (_, i) => ({ content: `Laptop note ${i}.` })));
  bClock.advance(2 * HOUR);
  for (const id of ids.slice(15)) await b.patch(id, { content: `Edited on the desktop: ${id}.` });
  await b.writeMany(Array.from({ length: 3 }, (_, i) => ({ content: `Desktop note ${i}.` })));
  const ops = a.ops();
  a.close();
  b.close();
  return { ops, path };
}

function open(path: string): Engine {
  return openEngine({ path, clock: fixedClock(TODAY + 3 * HOUR), project: "p" });
}

Deno.test("a merge by groups lets another connection write between its transactions, each commit the fold of its log", async () => {
  await using dir = await tempDir();
  const { ops, path } = await diverged(dir.path);
  const merger = open(path);
  const writer = open(path); // a second connection, as another process would hold
  const reader = open(path);
  const mine = writer.list({ limit: 100 }).items.filter((m) => m.content.startsWith("Desktop"));
  const fresh = FRESH;
  const commits: Promise<Inspection>[] = [];
  let related = 0;
  try {
    const report = merger.mergeOps(ops, {
      chunkSize: 3,
      onProgress(done, total) {
        if (total !== fresh || done === total) return; // the fold, or the last commit
        writer.relate({
          from: mine[0]!.id,
          to: mine[1 + (related++ % 2)]!.id,
          relation: "related_to",
          weight: 0.1 * related,
        });
        commits.push(reader.inspect()); // runs now, between two of the merge's transactions
      },
    });
    ok(report.refolded);
    equal(report.added, fresh);
    ok(commits.length >= 3, `${commits.length} commits before the last`);
    for (const inspection of await Promise.all(commits)) {
      ok(inspection.refold.identical, "the tables are the fold of the log at every commit");
      ok(inspection.ok);
    }
    ok(related >= 3, "the other connection's writes got in");
    equal(merger.edgesOf(mine[0]!.id).length, 2);
    deepEqual(merger.stats().unfinished, []);
    ok((await merger.inspect()).refold.identical);
  } finally {
    reader.close();
    writer.close();
    merger.close();
  }
});

for (const kind of ["appended", "by groups"] as const) {
  Deno.test(`a merge (${kind}) stopped after a few transactions finishes when run again, to the state of one never stopped`, async () => {
    await using dir = await tempDir();
    const { ops, path } = await diverged(dir.path);
    // Appended: into a strand that holds nothing yet. By groups: into b, which diverged.
    const base = kind === "appended" ? join(dir.path, "empty.db") : path;
    if (kind === "appended") open(base).close();
    const cleanPath = join(dir.path, "clean.db");
    const stoppedPath = join(dir.path, "stopped.db");
    copyFileSync(base, cleanPath);
    copyFileSync(base, stoppedPath);

    const clean = open(cleanPath);
    const cleanReport = clean.mergeOps(ops, { chunkSize: 3 });
    equal(cleanReport.refolded, kind === "by groups");
    const cleanState = clean.stateHash();
    clean.close();

    let engine = open(stoppedPath);
    const total = cleanReport.added;
    let commits = 0;
    throws(() =>
      engine.mergeOps(ops, {
        chunkSize: 3,
        label: "laptop.dna",
        onProgress(done, of) {
          if (of === total && done < total && ++commits === 2) throw new Error("killed");
        },
      }), /killed/);
    engine.close();

    engine = open(stoppedPath);
    try {
      const [run] = engine.stats().unfinished;
      equal(run?.kind, "merge");
      equal(run?.label, "laptop.dna");
      ok(run!.done > 0 && run!.done < total, `${run?.done} of ${total}`);
      const inspection = await engine.inspect();
      ok(inspection.ok && inspection.refold.identical, "a sound strand, consistent with its log");
      match(
        inspection.checks.find((c) => c.name === "transfers")!.detail,
        /the merge of laptop\.dna stopped at/,
      );

      const again = engine.mergeOps(ops, { label: "laptop.dna" });
      equal(again.added, total - run!.done);
      deepEqual(engine.stats().unfinished, []);
      equal(engine.stateHash(), cleanState);
    } finally {
      engine.close();
    }
  });
}

Deno.test("a write to a memory the merge has yet to write makes it plan again; the strand ends as the fold of everything", async () => {
  await using dir = await tempDir();
  const { ops, path } = await diverged(dir.path);
  const merger = open(path);
  const writer = open(path);
  try {
    const services = merger.list({ limit: 100 }).items
      .filter((m) => /^Service \d+ logs/.test(m.content))
      .sort((x, y) => Number(x.content.split(" ")[1]) - Number(y.content.split(" ")[1]));
    const desktop = merger.list({ limit: 100 }).items.find((m) => m.content.startsWith("Desktop"))!;
    const late = services[9]!; // a edited it: its group is written late
    let folds = 0;
    let wrote = false;
    const report = merger.mergeOps(ops, {
      chunkSize: 3,
      onProgress(done, total) {
        if (total !== FRESH) { // the fold of every op into the scratch strand
          if (done === total) folds += 1;
          return;
        }
        if (!wrote) {
          wrote = true;
          writer.relate({ from: desktop.id, to: late.id, relation: "mentions" });
        }
      },
    });
    ok(wrote);
    equal(folds, 2, "planned again after the write");
    equal(report.added, FRESH);
    for (const service of services.slice(0, 10)) equal(merger.get(service.id).importance, 8);
    equal(merger.edgesOf(late.id).length, 1);
    ok((await merger.inspect()).refold.identical);
  } finally {
    writer.close();
    merger.close();
  }
});
