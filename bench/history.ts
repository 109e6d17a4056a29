/**
 * History benchmark (issue 7): `engine.diff()` and `engine.rollback()` on a strand of
 * `--size` synthetic memories with edits before and after a point. The state at the point is
 * the fold of the log up to it into a scratch in-memory strand, so both scale with the log.
 *
 * After the point: a fifth of the memories edited (content and importance), a twentieth
 * forgotten, a twentieth archived, a twentieth linked by a new edge, and a tenth as many new
 * memories. Measured: diff from the point to now, diff between two past points (two folds),
 * a dry-run rollback, the rollback itself (plan, ops, state hash), and rolling that rollback
 * back; then a refold must reproduce the state.
 *
 * Usage: deno run -A bench/history.ts [--size 10000] [--runs 3]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { type Engine, fixedClock, openEngine } from "../core/mod.ts";
import { log, MACHINE_LINE } from "./measure.ts";
import { synthetic } from "./synthetic.ts";

const MINUTE = 60_000;

/** Median wall time of `runs` calls, ms. */
async function median(runs: number, step: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await step();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return Math.round(samples[Math.floor(samples.length / 2)]!);
}

async function once(step: () => unknown): Promise<number> {
  const start = performance.now();
  await step();
  return Math.round(performance.now() - start);
}

/** Seeds `size` memories plus edits; returns the points before and after the edits. */
async function seed(engine: Engine, clock: ReturnType<typeof fixedClock>, size: number) {
  const gen = synthetic(3);
  const ids: string[] = [];
  for (let done = 0; done < size; done += 5_000) {
    const batch = Array.from(
      { length: Math.min(5_000, size - done) },
      (_, i) => gen.memory(done + i),
    );
    ids.push(...(await engine.writeMany(batch)).ids);
  }
  clock.advance(MINUTE);
  for (let i = 0; i < size / 10; i++) {
    await engine.patch(ids[(i * 7) % ids.length]!, { importance: 1 + (i % 10) });
  }
  const middle = engine.history({ limit: 1 })[0]!.changeId;
  clock.advance(MINUTE);
  for (let i = 0; i < size / 10; i++) {
    await engine.patch(ids[(i * 11) % ids.length]!, { tags: [`t${i % 5}`] });
  }
  const point = engine.history({ limit: 1 })[0]!.changeId;
  clock.advance(MINUTE);

  log("editing after the point…");
  for (let i = 0; i < size / 5; i++) {
    const id = ids[(i * 13) % ids.length]!;
    await engine.patch(id, { content: `${engine.get(id).content} (edited)`, importance: 10 });
  }
  await engine.forget({ ids: ids.filter((_, i) => i % 20 === 1) });
  for (const id of ids.filter((_, i) => i % 20 === 2)) {
    await engine.patch(id, { status: "archived" });
  }
  for (let i = 3; i < ids.length - 1; i += 20) {
    engine.relate({ from: ids[i]!, to: ids[i + 1]!, relation: "related_to" });
  }
  await engine.writeMany(
    Array.from({ length: size / 10 }, (_, i) => gen.memory(size + i)),
  );
  return { middle, point };
}

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "10000" },
    runs: { type: "string", default: "3" },
  },
});
const size = Number(values.size);
const runs = Number(values.runs);
const dir = await Deno.makeTempDir({ prefix: "helix-history-bench-" });
try {
  const clock = fixedClock(Date.UTC(2026, 10, 22, 12));
  const engine = openEngine({ path: join(dir, "strand.db"), clock, embedder: null });
  log(`seeding ${size} memories with edits…`);
  let points = { middle: "", point: "" };
  const seeded = await once(async () => points = await seed(engine, clock, size));
  const stats = engine.stats();
  log(`seeded in ${seeded} ms: ${stats.memories} memories, ${stats.edges} edges, ${stats.ops} ops`);
  clock.advance(MINUTE);

  const diff = engine.diff(points.point);
  const diffNow = await median(runs, () => engine.diff(points.point));
  const diffPast = await median(runs, () => engine.diff(points.middle, points.point));
  const dryRun = await median(runs, () => engine.rollback(points.point, { dryRun: true }));
  let report = await engine.rollback(points.point, { dryRun: true });
  const rollback = await once(async () => report = await engine.rollback(points.point));
  clock.advance(MINUTE);
  const undo = await once(() => engine.rollback(report.undoPoint!));
  const after = engine.diff(report.undoPoint!).counts;
  const clean = Object.values(after).every((n) => n === 0);
  const rebuild = engine.rebuild();
  engine.close();

  const lines = [
    `# History benchmark: ${size.toLocaleString("en-US")} memories, ${
      stats.ops.toLocaleString("en-US")
    } ops (${MACHINE_LINE})`,
    "",
    `diff since the point: ${diff.counts.added} added, ${diff.counts.changed} changed, ` +
    `${diff.counts.forgotten} forgotten, ${diff.counts.archived} archived, ${diff.counts.edgesAdded} edges added`,
    "",
    "| step | ms |",
    "| --- | ---: |",
    `| diff(point) → now (one fold) | ${diffNow} |`,
    `| diff(earlier, point) (two folds) | ${diffPast} |`,
    `| rollback(point, dryRun) | ${dryRun} |`,
    `| rollback(point): ${report.ops.length} ops + job.run, state hash | ${rollback} |`,
    `| rollback of that rollback | ${undo} |`,
    "",
    `after rolling the rollback back: ${clean ? "no difference" : JSON.stringify(after)}; ` +
    `refold identical: ${rebuild.identical}`,
  ];
  await Deno.stdout.write(new TextEncoder().encode(`${lines.join("\n")}\n`));
  if (!clean || !rebuild.identical) Deno.exitCode = 1;
} finally {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}
