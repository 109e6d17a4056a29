/**
 * Engine benchmarks (DESIGN §12): seeds synthetic strands of 10^4 and 10^5 memories and
 * measures bulk insert rate, single-write p50/p95, search p50/p95 (in process, query vector
 * from the synthetic embedder, all channels on), context p50/p95, the vector index's
 * recall@10 against exact search, and resident memory.
 *
 * Usage: deno task bench:engine [--sizes 10000,100000] [--queries 200] [--write]
 * `--write` records bench/RESULTS.md and bench/results/engine.json.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { type Engine, openEngine } from "../core/mod.ts";
import { log, MACHINE_LINE, time, type Timing } from "./measure.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";

/** Bulk-loads `size` synthetic memories in transactions of 5,000; returns memories per second. */
async function seed(engine: Engine, size: number, offset = 0): Promise<number> {
  const gen = synthetic();
  const batch = 5_000;
  const start = performance.now();
  for (let done = 0; done < size; done += batch) {
    const inputs = Array.from(
      { length: Math.min(batch, size - done) },
      (_, i) => gen.memory(offset + done + i),
    );
    await engine.writeMany(inputs);
  }
  return size / ((performance.now() - start) / 1000);
}

interface SizeResult {
  size: number;
  bulkPerSecond: number;
  dbBytes: number;
  write: Timing;
  search: Timing;
  searchVectorOnly: Timing;
  searchKeywordOnly: Timing;
  context: Timing;
  vectorRecallAt10: number;
  rssMb: number;
  firstSearchMs: number;
}

async function measureSize(size: number, queries: number): Promise<SizeResult> {
  const dir = await Deno.makeTempDir({ prefix: "helix-bench-" });
  const path = join(dir, "bench.db");
  try {
    const engine = openEngine({ path, embedder: syntheticEmbedder(), project: "p3" });
    log(`[${size}] seeding…`);
    const bulkPerSecond = await seed(engine, size);
    log(`[${size}] bulk ${bulkPerSecond.toFixed(0)} memories/s`);
    const gen = synthetic();
    const write = await time(queries, (i) => engine.write(gen.memory(10_000_000 + i + 100)));
    log(`[${size}] write p50 ${write.p50} ms p95 ${write.p95} ms`);
    engine.close();
    const dbBytes = (await Deno.stat(path)).size;
    const served = await serve(path, queries);
    log(`[${size}] search p50 ${served.search.p50} ms p95 ${served.search.p95} ms`);
    return { size, bulkPerSecond: Math.round(bulkPerSecond), dbBytes, write, ...served };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The per-field median of several runs (each timing's p50 and p95 separately). */
function medianResult(runs: SizeResult[]): SizeResult {
  const timing = (pick: (r: SizeResult) => Timing): Timing => ({
    p50: median(runs.map((r) => pick(r).p50)),
    p95: median(runs.map((r) => pick(r).p95)),
    mean: median(runs.map((r) => pick(r).mean)),
    n: runs.reduce((sum, r) => sum + pick(r).n, 0),
  });
  const number = (pick: (r: SizeResult) => number) => median(runs.map(pick));
  return {
    size: runs[0]!.size,
    bulkPerSecond: number((r) => r.bulkPerSecond),
    dbBytes: number((r) => r.dbBytes),
    write: timing((r) => r.write),
    search: timing((r) => r.search),
    searchVectorOnly: timing((r) => r.searchVectorOnly),
    searchKeywordOnly: timing((r) => r.searchKeywordOnly),
    context: timing((r) => r.context),
    vectorRecallAt10: number((r) => r.vectorRecallAt10),
    rssMb: number((r) => r.rssMb),
    firstSearchMs: number((r) => r.firstSearchMs),
  };
}

/** Search, context, RSS and vector recall measured in a fresh process (serve_probe.ts). */
async function serve(
  path: string,
  queries: number,
): Promise<Omit<SizeResult, "size" | "bulkPerSecond" | "dbBytes" | "write">> {
  const probe = new URL("./serve_probe.ts", import.meta.url).pathname;
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--v8-flags=--expose-gc", probe, path, String(queries)],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!output.success) throw new Error("serve probe failed");
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

/** Bulk insert rate without any embedder (the import path without a model). */
async function bulkWithoutModel(size: number): Promise<number> {
  const dir = await Deno.makeTempDir({ prefix: "helix-bench-" });
  const engine = openEngine({ path: join(dir, "bulk.db"), embedder: null });
  try {
    return Math.round(await seed(engine, size));
  } finally {
    engine.close();
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      sizes: { type: "string", default: "10000,100000" },
      queries: { type: "string", default: "200" },
      runs: { type: "string", default: "3" },
      write: { type: "boolean", default: false },
    },
  });
  const sizes = values.sizes!.split(",").map(Number);
  const queries = Number(values.queries);
  const runs = Number(values.runs);
  // This class of VM varies ±25 % between identical runs: repeat, report medians and ranges.
  const results: SizeResult[] = [];
  const spread: Record<number, { searchP95: number[]; bulk: number[] }> = {};
  for (const size of sizes) {
    const each: SizeResult[] = [];
    for (let run = 0; run < runs; run++) each.push(await measureSize(size, queries));
    results.push(medianResult(each));
    spread[size] = {
      searchP95: each.map((r) => r.search.p95),
      bulk: each.map((r) => r.bulkPerSecond),
    };
  }
  const noModelRuns: number[] = [];
  for (let run = 0; run < runs; run++) noModelRuns.push(await bulkWithoutModel(Math.max(...sizes)));
  const noModel = median(noModelRuns);
  log(`bulk without a model: ${noModel} memories/s`);
  const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() =>
    ""
  )).match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
  const date = new Date().toISOString().slice(0, 10);
  const ms = (t: Timing) => `${t.p50.toFixed(2)} / ${t.p95.toFixed(2)}`;
  const lines = [
    `| measure | ${
      results.map((r) => `${r.size.toLocaleString("en")} memories`).join(" | ")
    } | target |`,
    `| --- | ${results.map(() => "---:").join(" | ")} | --- |`,
    `| search p50 / p95, ms (all channels) | ${
      results.map((r) => ms(r.search)).join(" | ")
    } | p95 ≤ 15 at 10^5 |`,
    `| search, vector channel only | ${results.map((r) => ms(r.searchVectorOnly)).join(" | ")} | |`,
    `| search, BM25 channel only | ${results.map((r) => ms(r.searchKeywordOnly)).join(" | ")} | |`,
    `| context (2,000 tokens, with query) | ${results.map((r) => ms(r.context)).join(" | ")} | |`,
    `| write p50 / p95, ms (one memory, own transaction) | ${
      results.map((r) => ms(r.write)).join(" | ")
    } | p95 ≤ 10 |`,
    `| bulk insert, memories/s (with vectors) | ${
      results.map((r) => r.bulkPerSecond.toLocaleString("en")).join(" | ")
    } | ≥ 5,000 |`,
    `| vector recall@10 vs exact | ${
      results.map((r) => r.vectorRecallAt10.toFixed(3)).join(" | ")
    } | |`,
    `| strand file size, MB | ${results.map((r) => (r.dbBytes / 1e6).toFixed(0)).join(" | ")} | |`,
    `| open + first search (loads the vector index), ms | ${
      results.map((r) => r.firstSearchMs).join(" | ")
    } | |`,
    "",
    `Bulk insert without an embedding model (${
      Math.max(...sizes).toLocaleString("en")
    } memories): ${noModel.toLocaleString("en")} memories/s.`,
  ];
  lines.push(
    "",
    `Medians of ${runs} runs. Ranges across runs: search p95 ${
      sizes.map((size) =>
        `${Math.min(...spread[size]!.searchP95).toFixed(1)}–${
          Math.max(...spread[size]!.searchP95).toFixed(1)
        } ms`
      )
        .join(" / ")
    }; bulk with vectors ${
      sizes.map((size) => `${Math.min(...spread[size]!.bulk)}–${Math.max(...spread[size]!.bulk)}/s`)
        .join(" / ")
    }; bulk without a model ${Math.min(...noModelRuns)}–${Math.max(...noModelRuns)}/s.`,
  );
  const report = lines.join("\n");
  await Deno.stdout.write(new TextEncoder().encode(`${report}\n`));
  if (values.write) {
    const here = new URL(".", import.meta.url).pathname;
    await Deno.mkdir(join(here, "results"), { recursive: true });
    await Deno.writeTextFile(
      join(here, "results", "engine.json"),
      JSON.stringify(
        {
          date,
          machine: MACHINE_LINE,
          cpu,
          queries,
          runs,
          results,
          spread,
          bulkWithoutModel: noModelRuns,
        },
        null,
        2,
      ) +
        "\n",
    );
    await Deno.writeTextFile(
      join(here, "RESULTS.md"),
      `# Engine benchmarks\n\nRecorded by \`deno task bench:engine --write\` on ${date}: ${MACHINE_LINE}, ${cpu}.\n` +
        `Synthetic strands (bench/synthetic.ts): Zipf text over a 5,000-word coding vocabulary, ten projects plus ` +
        `global, clustered 384-d vectors from a zero-cost embedder, so timings are the engine's own; query ` +
        `embedding with a real model is measured separately. Bulk insert and writes are timed in the seeding ` +
        `process; searches, context and vector recall in a fresh process that opens the strand as an MCP ` +
        `server would (bench/serve_probe.ts); the server's own RSS is in RESULTS-mcp.md. Searches run from ` +
        `project p3 (it sees p3 and ` +
        `global, about 2/11 of the strand), ${queries} queries each, limit 10.\n\n${report}\n`,
    );
  }
}
