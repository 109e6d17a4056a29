/**
 * Where a single write's time goes at 10^5 memories (DESIGN §12: write p95 ≤ 10 ms): seeds a
 * strand as bench:engine does (bench/synthetic.ts, synthetic 384-d vectors, 5,000 per
 * transaction), then runs bench/write_stages_probe.ts on fresh copies of it: `--runs` times
 * plainly for the write's wall time (p50, p95, p99, max; the writes whose commit checkpointed
 * the write-ahead log; WAL pages per write; CPU time, steadier than wall time on a shared
 * machine), and once under V8's CPU profiler, whose samples
 * are attributed to the stage of the write path they fall in (the innermost stage function on
 * the sample's stack; the profiler slows JavaScript, so read the shares, not the absolute ms).
 *
 * Usage: deno task bench:write-stages [--size 100000] [--writes 400] [--runs 3]
 *   [--seeded <strand seeded as here, to reuse>] [--write]
 * `--write` records bench/RESULTS-write-stages.md.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { openEngine } from "../core/mod.ts";
import { log, MACHINE_LINE, summarize, type Timing } from "./measure.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";
import type { ProbeResult } from "./write_stages_probe.ts";

/** Stages by the function that runs them (name, file), innermost first on a sample's stack. */
const STAGES: ReadonlyArray<readonly [stage: string, fn: string, file: string]> = [
  ["redaction", "redactWrite", "redact/write.ts"],
  ["guard, importance, anchors", "planWrite", "ingest/plan.ts"],
  ["neighbour query text (claims)", "neighbourQuery", "compare/statements.ts"],
  ["keyword neighbours (FTS5)", "candidates", "store/keyword.ts"],
  ["vector neighbours", "vectorCandidates", "store/candidates.ts"],
  ["neighbours: rows", "neighboursOf", "store/neighbours.ts"],
  ["decision (compare)", "decide", "ingest/consolidate.ts"],
  ["mention links", "mentionLinks", "extract/mention_links.ts"],
  ["vector row", "storeVector", "ops/vector.ts"],
  ["ops and fold", "appendWrite", "ops/write_one.ts"],
  ["begin", "beginWrite", "store/write_lock.ts"],
  ["commit (fsync, checkpoints)", "exec", ""],
  ["transaction: other", "writeTransaction", "store/transaction.ts"],
  ["write: validation, result record", "writeMemory", "ingest/pipeline.ts"],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** Milliseconds of profile samples per stage, over the whole run. */
function stageTimes(profile: {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<number, string | null>();
  const resolve = (id: number): string | null => {
    if (stageOf.has(id)) return stageOf.get(id)!;
    const { functionName, url } = byId.get(id)!.callFrame;
    const up = parent.get(id);
    let stage: string | null = null;
    const own = STAGES.find(([, fn, file]) => fn === functionName && url.endsWith(file));
    // The commit is the `exec` writeTransaction calls itself (BEGIN runs under beginWrite).
    if (own && (own[1] !== "exec" || (up !== undefined && isCall(up, "writeTransaction")))) {
      stage = own[0];
    } else if (up !== undefined) stage = resolve(up);
    stageOf.set(id, stage);
    return stage;
  };
  const isCall = (id: number, name: string) => byId.get(id)!.callFrame.functionName === name;
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const stage = resolve(id);
    const label = stage ??
      (byId.get(id)!.callFrame.functionName === "(garbage collector)"
        ? "garbage collection (whole run)"
        : null);
    if (label) out.set(label, (out.get(label) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

async function probe(seeded: string, dir: string, writes: number, profile: boolean) {
  const path = join(dir, "probe.db");
  for (const suffix of ["", "-wal", "-shm"]) await Deno.remove(path + suffix).catch(() => {});
  await Deno.copyFile(seeded, path);
  const script = new URL("./write_stages_probe.ts", import.meta.url).pathname;
  const flags = profile ? ["--cpu-prof", `--cpu-prof-dir=${join(dir, "prof")}`] : [];
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--lock=deno.lock", ...flags, script, path, String(writes)],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!output.success) throw new Error("write probe failed");
  return JSON.parse(new TextDecoder().decode(output.stdout)) as ProbeResult;
}

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    writes: { type: "string", default: "400" },
    runs: { type: "string", default: "3" },
    write: { type: "boolean", default: false },
    // A strand this script seeded before (closed, of `--size`): copied, never changed.
    seeded: { type: "string" },
  },
});
const size = Number(values.size);
const writes = Number(values.writes);
const dir = await Deno.makeTempDir({ prefix: "helix-write-stages-" });
try {
  const seeded = values.seeded ?? join(dir, "seeded.db");
  if (!values.seeded) {
    const engine = openEngine({ path: seeded, embedder: syntheticEmbedder(), project: "p3" });
    const gen = synthetic();
    log(`[${size}] seeding…`);
    for (let done = 0; done < size; done += 5_000) {
      await engine.writeMany(
        Array.from({ length: Math.min(5_000, size - done) }, (_, i) => gen.memory(done + i)),
      );
    }
    engine.close();
  }
  const runs: ProbeResult[] = [];
  for (let run = 0; run < Number(values.runs); run++) {
    runs.push(await probe(seeded, dir, writes, false));
    const t = summarize(runs.at(-1)!.samples);
    log(`[${size}] run ${run + 1}: write p50 ${t.p50} ms p95 ${t.p95} ms`);
  }
  await probe(seeded, dir, writes, true);
  const [file] = [...Deno.readDirSync(join(dir, "prof"))];
  const times = stageTimes(JSON.parse(await Deno.readTextFile(join(dir, "prof", file!.name))));
  const inWrites = [...times].filter(([s]) => !s.startsWith("garbage"))
    .reduce((sum, [, ms]) => sum + ms, 0);
  const all = runs.flatMap((r) => r.samples);
  const sorted = [...all].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const t: Timing = summarize(all);
  const perRun = runs.map((r) => summarize(r.samples));
  const cpu = summarize(runs.flatMap((r) => r.cpu));
  const checkpoints = runs.flatMap((r) => r.samples.filter((_, i) => r.checkpointed[i]));
  const pages = summarize(runs.flatMap((r) => r.walPages));
  const load = (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ")[0];
  const lines = [
    `| measure (${
      size.toLocaleString("en-US")
    } memories, ${writes} writes × ${runs.length} runs) | value |`,
    "| --- | ---: |",
    `| write p50 / p95 / p99 / max, ms (all runs) | ${t.p50.toFixed(2)} / ${t.p95.toFixed(2)} / ${
      at(0.99).toFixed(2)
    } / ${at(1).toFixed(2)} |`,
    `| write CPU time p50 / p95, ms (all runs) | ${cpu.p50.toFixed(2)} / ${cpu.p95.toFixed(2)} |`,
    `| write p50 / p95 per run, ms | ${
      perRun.map((r) => `${r.p50.toFixed(2)} / ${r.p95.toFixed(2)}`).join(", ")
    } |`,
    `| writes whose commit checkpointed the WAL | ${checkpoints.length} of ${all.length}${
      checkpoints.length ? ` (median ${summarize(checkpoints).p50.toFixed(1)} ms)` : ""
    } |`,
    `| WAL pages per write, p50 / p95 | ${pages.p50} / ${pages.p95} |`,
    "",
    "| stage (CPU profile, one run) | share of the write | ms per write (profiled) |",
    "| --- | ---: | ---: |",
    ...STAGES.map(([stage]) => stage).filter((s) => times.has(s)).map((stage) =>
      `| ${stage} | ${(100 * times.get(stage)! / inWrites).toFixed(1)} % | ${
        (times.get(stage)! / writes).toFixed(2)
      } |`
    ),
    `| (garbage collection, whole run) | | ${
      ((times.get("garbage collection (whole run)") ?? 0) / writes).toFixed(2)
    } |`,
  ];
  const report = lines.join("\n");
  log(report);
  if (values.write) {
    const date = new Date().toISOString().slice(0, 10);
    await Deno.writeTextFile(
      new URL("RESULTS-write-stages.md", import.meta.url),
      `# Where a write's time goes\n\nRecorded by \`deno task bench:write-stages --write\` on ${date}: ` +
        `${MACHINE_LINE}; load average ${load} at the end (the machine is shared). ` +
        `See bench/write_stages.ts for the method.\n\n${report}\n`,
    );
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
