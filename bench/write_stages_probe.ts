/**
 * The child process of bench/write_stages.ts: opens a seeded strand as bench:engine's writer
 * does (synthetic embedder, project p3), makes ten warm-up writes, then times `writes` single
 * writes of new synthetic memories and prints, as JSON, each write's wall time and whether its
 * commit checkpointed the write-ahead log, its CPU time, and the WAL pages each write added. Run it with
 * `--cpu-prof` for the stage breakdown.
 *
 * Usage: deno run -A bench/write_stages_probe.ts <strand> <writes>
 *
 * @module
 */
import process from "node:process";
import { openEngine } from "../core/mod.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";

/** What the probe prints. */
export interface ProbeResult {
  /** Wall time of each timed write, ms. */
  readonly samples: number[];
  /** CPU time of each timed write (user + system), ms: steadier than wall time on a shared machine. */
  readonly cpu: number[];
  /** Whether each write's commit checkpointed the WAL. */
  readonly checkpointed: boolean[];
  /** WAL pages each write added (its commit's frames). */
  readonly walPages: number[];
}

/**
 * The wal-index header in `-shm`: frames in the WAL (`mxFrame`) and how many of them a
 * checkpoint has copied back into the database (`nBackfill`, reset when the log restarts).
 */
function walState(path: string): { frames: number; backfilled: number } {
  const view = new DataView(Deno.readFileSync(`${path}-shm`).slice(0, 100).buffer);
  return { frames: view.getUint32(16, true), backfilled: view.getUint32(96, true) };
}

if (import.meta.main) {
  const [path, count] = Deno.args;
  if (!path) throw new Error("usage: write_stages_probe.ts <strand> <writes>");
  const writes = Number(count ?? 400);
  const engine = openEngine({ path, embedder: syntheticEmbedder(), project: "p3" });
  const gen = synthetic();
  // The same memories bench:engine writes after its seed (10,000,100 on), warm-up before them.
  for (let i = 0; i < 10; i++) await engine.write(gen.memory(10_000_000 + i));
  const result: ProbeResult = { samples: [], cpu: [], checkpointed: [], walPages: [] };
  let before = walState(path);
  for (let i = 0; i < writes; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await engine.write(gen.memory(10_000_100 + i));
    result.samples.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    result.cpu.push((used.user + used.system) / 1000);
    const after = walState(path);
    result.checkpointed.push(after.backfilled > 0 && after.backfilled !== before.backfilled);
    // A log a checkpoint emptied restarts at this write's first frame.
    result.walPages.push(
      after.frames >= before.frames ? after.frames - before.frames : after.frames,
    );
    before = after;
  }
  engine.close();
  await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(result)));
}
