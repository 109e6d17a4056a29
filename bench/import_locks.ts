/**
 * The third scenario of bench/import.ts: a probe process (bench/lock_probe.ts) takes the
 * write lock every 20 ms while a strand merges diverged ops and then re-embeds every memory;
 * the probe's longest wait bounds how long any of their transactions held the lock.
 *
 * @module
 */
import { join } from "node:path";
import { fixedClock, openEngine } from "../core/mod.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";

const ROOT = new URL("..", import.meta.url).pathname;

/** Starts bench/lock_probe.ts on `strand`; `stop()` returns its waits (ms). */
async function startProbe(strand: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", join(ROOT, "bench/lock_probe.ts"), strand],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  while (!(await Deno.stat(`${strand}.probe.ready`).then(() => true, () => false))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    async stop(): Promise<number[]> {
      await Deno.writeTextFile(`${strand}.stop`, "");
      const output = await child.output();
      await Deno.remove(`${strand}.stop`);
      return JSON.parse(new TextDecoder().decode(output.stdout));
    },
  };
}

/** Longest, p99 and count of the probe's waits. */
function waitFigures(waits: number[]) {
  const sorted = [...waits].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    n: sorted.length,
    p99: round(sorted[Math.floor(0.99 * (sorted.length - 1))] ?? 0),
    max: round(sorted.at(-1) ?? 0),
  };
}

/**
 * Scenario 3: a probe process takes the write lock every 20 ms while (a) a strand of `size`
 * memories merges `size / 10` diverged ops (a refold by difference) and (b) re-embeds every
 * memory with another model (synthetic vectors) and switches to it.
 */
export async function locks(size: number) {
  const dir = await Deno.makeTempDir({ prefix: "helix-import-locks-" });
  try {
    const day = Date.UTC(2026, 10, 22);
    const open = (name: string, offset: number, model = "bench/old") =>
      openEngine({
        path: join(dir, `${name}.db`),
        clock: fixedClock(day + offset),
        embedder: syntheticEmbedder(384, model),
      });
    const a = open("a", 0);
    const gen = synthetic(5);
    const ids: string[] = [];
    for (let done = 0; done < size; done += 5_000) {
      const n = Math.min(5_000, size - done);
      ids.push(
        ...(await a.writeMany(Array.from({ length: n }, (_, i) => gen.memory(done + i))))
          .ids,
      );
    }
    const b = open("b", 1);
    b.mergeOps(a.ops());
    for (const [side, step, offset] of [[a, 3, 0], [b, 5, 1]] as const) {
      const later = openEngine({
        path: side.path,
        clock: fixedClock(day + 3_600_000 + offset),
        embedder: syntheticEmbedder(384, "bench/old"),
      });
      for (let i = 0; i < size / 10; i++) {
        await later.patch(ids[(i * step) % ids.length]!, { tags: [`t${i % 7}`] });
      }
      later.close();
    }
    // a's edits sort before b's newest: b refolds by difference.
    const probe = await startProbe(b.path);
    let started = performance.now();
    const merged = b.mergeOps(a.ops());
    const mergeMs = performance.now() - started;
    const mergeWaits = waitFigures(await probe.stop());
    a.close();
    b.close();

    const moving = openEngine({
      path: join(dir, "b.db"),
      embedder: syntheticEmbedder(384, "bench/new"),
      reembed: true,
    });
    const probe2 = await startProbe(moving.path);
    started = performance.now();
    await moving.reembed({ batchSize: 64 });
    const reembedMs = performance.now() - started;
    const reembedWaits = waitFigures(await probe2.stop());
    moving.close();
    return {
      size,
      merge: { added: merged.added, refolded: merged.refolded, ms: mergeMs, waits: mergeWaits },
      reembed: { ms: reembedMs, waits: reembedWaits },
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
