/**
 * Transfer benchmark (issue 7): `.dna` export and import of a strand of `--size` synthetic
 * memories (with edits), and the merge of two histories that diverged from it.
 *
 * Measured: export (ops → canonical lines → deflate → seal; raw key, so Argon2id's fixed
 * ~0.8 s is reported apart), import into an empty strand (open, check, merge), the file size
 * against the strand file's, and a merge where each side made `size / 10` edits: the merged
 * ops sort among the local ones, so the merge refolds the whole log.
 *
 * Usage: deno run -A bench/transfer.ts [--size 10000]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { type Engine, fixedClock, openEngine } from "../core/mod.ts";
import { log, MACHINE_LINE, peakRssMb, resetPeakRss } from "./measure.ts";
import { synthetic } from "./synthetic.ts";

const { values } = parseArgs({ args: Deno.args, options: { size: { type: "string" } } });
const size = Number(values.size ?? 10_000);
const dir = await Deno.makeTempDir({ prefix: "helix-bench-transfer-" });
const rawKey = crypto.getRandomValues(new Uint8Array(32));
const signingKey = crypto.getRandomValues(new Uint8Array(32));
const TODAY = Date.UTC(2026, 10, 22);

function engineAt(
  name: string,
  offset = 0,
): { engine: Engine; clock: ReturnType<typeof fixedClock> } {
  const clock = fixedClock(TODAY + offset);
  return { engine: openEngine({ path: join(dir, `${name}.db`), clock }), clock };
}

async function timed<T>(step: () => Promise<T> | T): Promise<[T, number]> {
  const start = performance.now();
  const result = await step();
  return [result, Math.round(performance.now() - start)];
}

const source = engineAt("source");
const gen = synthetic(5);
const ids: string[] = [];
for (let done = 0; done < size; done += 5_000) {
  const batch = Array.from(
    { length: Math.min(5_000, size - done) },
    (_, i) => gen.memory(done + i),
  );
  ids.push(...(await source.engine.writeMany(batch)).ids);
}
source.clock.advance(60_000);
for (let i = 0; i < size / 10; i++) {
  await source.engine.patch(ids[(i * 7) % ids.length]!, { importance: 1 + (i % 10) });
}
const ops = source.engine.ops().length;
const strandBytes = (await Deno.stat(join(dir, "source.db"))).size;

const exportOptions = { key: { rawKey }, signingKey, deviceId: "bench", helixVersion: "bench" };
const [exported, exportMs] = await timed(() => source.engine.exportDna(exportOptions));
const target = engineAt("target", 1);
const [imported, importMs] = await timed(() =>
  target.engine.importDna(exported.bytes, { key: { rawKey } })
);
if (imported.added !== ops) throw new Error(`imported ${imported.added} of ${ops} ops`);
if (target.engine.stateHash() !== source.engine.stateHash()) throw new Error("state differs");

// Divergence: each side edits a tenth of the memories, then they merge.
for (const [side, step] of [[source, 3], [target, 5]] as const) {
  side.clock.advance(3_600_000);
  for (let i = 0; i < size / 10; i++) {
    await side.engine.patch(ids[(i * step) % ids.length]!, { tags: [`t${i % 7}`] });
  }
}
const fromTarget = target.engine.ops();
const rssBefore = Math.round(Deno.memoryUsage().rss / 1e6);
resetPeakRss();
const [merged, mergeMs] = await timed(() => source.engine.mergeOps(fromTarget));
const mergePeak = peakRssMb();
target.engine.mergeOps(source.engine.ops());
if (source.engine.stateHash() !== target.engine.stateHash()) throw new Error("merge diverged");

const mb = exported.bytes.length / 1e6;
const lines = [
  `## ${size.toLocaleString("en")} memories, ${ops.toLocaleString("en")} ops`,
  "",
  "| step | time | rate |",
  "| --- | ---: | ---: |",
  `| export (.dna, raw key) | ${exportMs} ms | ${
    Math.round(ops / (exportMs / 1000)).toLocaleString("en")
  } ops/s |`,
  `| import into an empty strand | ${importMs} ms | ${
    Math.round(ops / (importMs / 1000)).toLocaleString("en")
  } ops/s |`,
  `| merge ${
    merged.added.toLocaleString("en")
  } diverged ops (refolded: ${merged.refolded}) | ${mergeMs} ms | |`,
  "",
  `Resident memory ${rssBefore} MB before the merge, peak ${mergePeak ?? "?"} MB during it.`,
  "",
  `File ${mb.toFixed(2)} MB (${(exported.bytes.length / strandBytes * 100).toFixed(0)} % of the ${
    (strandBytes / 1e6).toFixed(1)
  } MB strand file); export ${(mb / (exportMs / 1000)).toFixed(1)} MB/s, import ${
    (mb / (importMs / 1000)).toFixed(1)
  } MB/s. A passphrase adds one Argon2id derivation (64 MiB, t = 3, ~0.8 s) to each.`,
  "",
  MACHINE_LINE,
];
log(lines.join("\n"));
for (const e of [source, target]) e.engine.close();
await Deno.remove(dir, { recursive: true });
