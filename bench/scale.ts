/**
 * Scale benchmark (DESIGN §12, issue 15 item 7): strands of 10^5 and 10^6 synthetic memories
 * (bench/scale_strand.ts: 384-d clustered vectors, scopes from 0.1 % to 40 % of the strand),
 * measured in a fresh process (bench/scale_probe.ts): open + first search, search p50/p95
 * with all channels (scoped to a project, and `scope: "all"`), vector only and BM25 only from
 * a small, a mid-sized and a large scope and from all, vector recall@10 against exact search,
 * and resident memory.
 *
 * Strands are built once under bench/.data/ and reused (≈ 460 MB at 10^5, ≈ 4.6 GB at 10^6;
 * building 10^6 takes several minutes); `--rebuild` starts them again.
 *
 * Usage: deno task bench:scale [--sizes 100000,1000000] [--queries 200] [--runs 3] [--rebuild]
 *   [--write]
 * `--write` records bench/RESULTS-scale.md and bench/results/scale.json.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { log, MACHINE_LINE, type Timing } from "./measure.ts";
import type { McpProbe } from "./scale_mcp.ts";
import type { ProbeResult } from "./scale_probe.ts";
import { buildScaleStrand, scaleStrandPath } from "./scale_strand.ts";

interface SizeResult extends ProbeResult {
  size: number;
  dbMb: number;
  builtPerSecond: number | null;
  mcp: McpProbe;
}

/** Runs one of the probe scripts in a fresh process and parses what it prints. */
async function run<T>(script: string, args: string[], flags: string[] = []): Promise<T> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...flags, new URL(script, import.meta.url).pathname, ...args],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!output.success) throw new Error(`${script} failed`);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

/** The field-by-field median of results of one shape (numbers at the leaves). */
function medianOf<T>(results: T[]): T {
  const first = results[0] as unknown;
  if (typeof first === "number") {
    const sorted = (results as number[]).toSorted((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] as T;
  }
  if (typeof first !== "object" || first === null) return first as T;
  return Object.fromEntries(
    Object.keys(first).map((key) => [
      key,
      medianOf(results.map((r) => (r as Record<string, unknown>)[key])),
    ]),
  ) as T;
}

async function measure(
  size: number,
  queries: number,
  rebuild: boolean,
  runs: number,
): Promise<SizeResult> {
  if (rebuild) {
    for (const suffix of ["", "-wal", "-shm"]) {
      await Deno.remove(scaleStrandPath(size) + suffix).catch(() => {});
    }
  }
  const { path, perSecond } = await buildScaleStrand(size);
  log(`[${size}] probing…`);
  // This class of VM varies ±25 % between identical runs (more when others share it): the
  // probes run `runs` times and every figure is the median.
  const probes: ProbeResult[] = [];
  for (let i = 0; i < runs; i++) {
    probes.push(
      await run<ProbeResult>("./scale_probe.ts", [path, String(queries)], [
        "--v8-flags=--expose-gc",
      ]),
    );
  }
  const result = medianOf(probes);
  const dbMb = Math.round((await Deno.stat(path)).size / 1e6);
  log(`[${size}] search p95 ${result.search.p3.p95} ms (p3), ${result.search.all.p95} ms (all)`);
  log(`[${size}] MCP server…`);
  const waitMs = String(Math.max(3_000, size / 50)); // the index loads in ~6 s at 10^6
  const mcps: McpProbe[] = [];
  for (let i = 0; i < runs; i++) {
    mcps.push(await run<McpProbe>("./scale_mcp.ts", [path, "300", waitMs]));
  }
  const mcp = medianOf(mcps);
  log(`[${size}] MCP server RSS ${mcp.rssMb} MB`);
  return { size, dbMb, builtPerSecond: perSecond, ...result, mcp };
}

/** What the same probes measured before the scale work (base 2082f48), for comparison. */
const BEFORE =
  `Before (base 2082f48, one run on the same machine, loaded by other work): at 10^6, search p95
33.9 ms from project p3 and 109.7 ms from all scopes; vector recall@10 0.878 (p3) and 0.290 (all),
from a fixed rescoring pool of 400; vector-only p50 15.4 ms (p3), 22.5 ms (all); BM25-only p95
7.6 / 13.2 / 68.9 / 84.9 ms from project small / p3 / big / all (the scope filter grew with the
scope: its token's posting list was walked twice per query, and a query whose rarest word was in
242,000 memories scored them all); open + first search 6.9 s; RSS 707 MB. At 10^5: search p95
6.5 ms (p3), 23.3 ms (all); vector recall@10 0.982 (p3) and 0.66 (all); BM25-only p95 2.9 / 4.3 /
14.1 / 17.4 ms; MCP server RSS with the worker idle 218–223 MB (194–199 MB without the parent).`;

function table(results: SizeResult[]): string {
  const ms = (t: Timing) => `${t.p50.toFixed(2)} / ${t.p95.toFixed(2)}`;
  const row = (label: string, cell: (r: SizeResult) => string, target = "") =>
    `| ${label} | ${results.map(cell).join(" | ")} | ${target} |`;
  return [
    `| measure | ${
      results.map((r) => `${r.size.toLocaleString("en")} memories`).join(" | ")
    } | target |`,
    `| --- | ${results.map(() => "---:").join(" | ")} | --- |`,
    row(
      "search p50 / p95, ms, all channels, project p3",
      (r) => ms(r.search.p3),
      "p95 ≤ 15 at 10^5, ≤ 60 at 10^6",
    ),
    row(
      "search p50 / p95, ms, all channels, scope all",
      (r) => ms(r.search.all),
      "p95 ≤ 60 at 10^6",
    ),
    row("vector only, project small (1.1 % visible)", (r) => ms(r.vectorOnly["project:small"])),
    row("vector only, project p3 (3.9 %)", (r) => ms(r.vectorOnly["project:p3"])),
    row("vector only, project big (41 %)", (r) => ms(r.vectorOnly["project:big"])),
    row("vector only, scope all", (r) => ms(r.vectorOnly.all)),
    row("BM25 only, project small (1.1 % visible)", (r) => ms(r.bm25Only["project:small"])),
    row("BM25 only, project p3 (3.9 %)", (r) => ms(r.bm25Only["project:p3"])),
    row("BM25 only, project big (41 %)", (r) => ms(r.bm25Only["project:big"])),
    row("BM25 only, scope all", (r) => ms(r.bm25Only.all)),
    row("vector recall@10 vs exact, project p3", (r) => r.recallAt10.p3.toFixed(3), "≥ 0.95"),
    row("vector recall@10 vs exact, scope all", (r) => r.recallAt10.all.toFixed(3), "≥ 0.95"),
    row("open + first search, ms", (r) => String(r.openFirstSearchMs)),
    row("RSS after open + first search, MB", (r) => String(r.rssAfterOpenMb)),
    row("RSS after the searches, MB (V8 heap used)", (r) => `${r.rssMb} (${r.heapMb})`),
    row(
      "MCP server RSS, MB, no model, worker idle (server + `deno task` parent; server alone)",
      (r) => `${r.mcp.rssMb} (${r.mcp.serverRssMb})`,
      "≤ 200 at 10^5",
    ),
    row("memory_search p50 / p95 over stdio, ms, no model", (r) => ms(r.mcp.search)),
    row("strand file, MB", (r) => String(r.dbMb)),
  ].join("\n");
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      sizes: { type: "string", default: "100000,1000000" },
      queries: { type: "string", default: "200" },
      runs: { type: "string", default: "3" },
      rebuild: { type: "boolean", default: false },
      write: { type: "boolean", default: false },
    },
  });
  const load = async () =>
    (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ")[0];
  const loadBefore = await load();
  const results: SizeResult[] = [];
  for (const size of values.sizes!.split(",").map(Number)) {
    results.push(await measure(size, Number(values.queries), values.rebuild!, Number(values.runs)));
  }
  const report = table(results);
  const loadAfter = await load();
  await Deno.stdout.write(new TextEncoder().encode(`${report}\n`));
  if (values.write) {
    const here = new URL(".", import.meta.url).pathname;
    const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() => ""))
      .match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
    const date = new Date().toISOString().slice(0, 10);
    await Deno.mkdir(join(here, "results"), { recursive: true });
    await Deno.writeTextFile(
      join(here, "results", "scale.json"),
      JSON.stringify({ date, machine: MACHINE_LINE, cpu, results }, null, 2) + "\n",
    );
    await Deno.writeTextFile(
      join(here, "RESULTS-scale.md"),
      `# Scale benchmarks\n\nRecorded by \`deno task bench:scale --write\` on ${date}: ${MACHINE_LINE}, ${cpu}; ` +
        `load average ${loadBefore} before and ${loadAfter} after (the machine is shared). ` +
        "Synthetic strands (bench/scale_strand.ts): bench/synthetic.ts text and clustered 384-d vectors " +
        "from a zero-cost embedder, spread over `project:big` (40 %), twenty projects of 2.9 %, `global` " +
        "(1 %) and `project:small` (0.1 %); a reader in a project also sees `global`. Measured in a fresh " +
        "process (bench/scale_probe.ts), in process, limit 10, " +
        `${values.queries} queries per row, medians of ${values.runs} runs; recall against exact float search over the visible ` +
        "vectors, 50 queries. The MCP rows start the real server (`deno task mcp`, no model) on a " +
        "copy of the strand after recording a lifecycle run that changes nothing, so the worker " +
        "finds nothing due and stays idle (bench/scale_mcp.ts; bench:mcp measures with the worker); " +
        "300 `memory_search` calls after a warm-up of max(3 s, size / 50 ms).\n\n" + report +
        "\n\n" + BEFORE + "\n",
    );
  }
}
