/**
 * Background work against the agent (issue 15): `helix import` of realistic coding memories
 * (bench/fixtures/realistic.ts: templates over many services, look-alikes, recurring episodes,
 * a few real conflicts), then the real server over stdio while its lifecycle worker works off
 * the backlog. `memory_search` latency is measured during the backlog and after it, from the
 * client, in bursts like an agent's turn (a few calls, then a pause to think). Targets: p95
 * during ≤ 1.5× p95 after, max ≤ 100 ms. Also what the backlog did: its wall time, the
 * contradictions it flagged and the episodes it archived.
 *
 * Usage: deno task bench:worker [--sizes 10000,100000] [--burst 4] [--think 400] [--write]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { openEngine } from "../core/mod.ts";
import { Client, StdioClientTransport } from "../tests/e2e/_client.ts";
import { REALISTIC_QUESTIONS, realisticMemories } from "./fixtures/realistic.ts";
import { log, MACHINE_LINE, summarize, type Timing } from "./measure.ts";

const ROOT = new URL("..", import.meta.url).pathname;

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    burst: { type: "string", default: "4" },
    think: { type: "string", default: "400" },
    write: { type: "boolean", default: false },
  },
});
const sizes = values.sizes.split(",").map(Number);
const burst = Number(values.burst);
const think = Number(values.think);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function childEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {
    HELIX_HOME: home,
    HELIX_EMBEDDER: "none",
    HELIX_PROJECT: "billing-api",
    HELIX_LOG_LEVEL: "info",
  };
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    const value = Deno.env.get(key);
    if (value) env[key] = value;
  }
  return env;
}

/** `helix import` of `size` realistic memories; returns its wall time in seconds. */
async function importBacklog(home: string, size: number): Promise<number> {
  const file = join(home, "memories.jsonl");
  const lines = realisticMemories(size).map((m) => JSON.stringify(m));
  await Deno.writeTextFile(file, `${lines.join("\n")}\n`);
  const started = performance.now();
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", join(ROOT, "cli/main.ts"), "import", file],
    env: childEnv(home),
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  return (performance.now() - started) / 1000;
}

interface SizeResult {
  readonly size: number;
  readonly importSeconds: number;
  readonly during: Timing & { max: number };
  readonly after: Timing & { max: number };
  readonly backlogSeconds: number;
  readonly runLine: string;
  readonly contradictions: number;
  readonly archived: number;
}

async function measure(size: number): Promise<SizeResult> {
  const home = await Deno.makeTempDir({ prefix: "helix-worker-bench-" });
  try {
    log(`[${size}] importing…`);
    const importSeconds = await importBacklog(home, size);
    log(`[${size}] imported in ${importSeconds.toFixed(1)} s; starting the server`);
    const transport = new StdioClientTransport({
      command: Deno.execPath(),
      args: ["run", "-A", "--quiet", join(ROOT, "server/main.ts")],
      cwd: home,
      env: childEnv(home),
      stderr: "pipe",
    });
    let runLine = "";
    const decoder = new TextDecoder();
    void (async () => {
      for await (const chunk of transport.stderr as unknown as AsyncIterable<Uint8Array>) {
        for (const line of decoder.decode(chunk).split("\n")) {
          if (line.includes("lifecycle run")) runLine = line.trim();
        }
      }
    })();
    const started = performance.now();
    const client = new Client({ name: "helix-worker-bench", version: "1.0.0" });
    await client.connect(transport);
    const search = async (i: number) => {
      const t = performance.now();
      await client.callTool({
        name: "memory_search",
        arguments: { query: REALISTIC_QUESTIONS[i % REALISTIC_QUESTIONS.length]!, limit: 10 },
      });
      return performance.now() - t;
    };
    const during: number[] = [];
    for (let i = 0; runLine === ""; i++) {
      during.push(await search(i));
      if ((i + 1) % burst === 0) await sleep(think);
      if (performance.now() - started > 1_800_000) throw new Error("no run in 30 minutes");
    }
    const backlogSeconds = (performance.now() - started) / 1000;
    const after: number[] = [];
    for (let i = 0; i < 300; i++) {
      after.push(await search(i));
      if ((i + 1) % burst === 0) await sleep(think);
    }
    await client.close();
    const engine = openEngine({ path: join(home, "strands", "default.db"), mustExist: true });
    const contradictions = engine.flags({ scope: "all", limit: 500 })
      .filter((f) => f.kind === "contradiction").length;
    const archived = engine.stats().byStatus.archived ?? 0;
    engine.close();
    const timing = (xs: number[]) => ({ ...summarize(xs), max: Math.round(Math.max(...xs)) });
    return {
      size,
      importSeconds,
      during: timing(during.slice(2)),
      after: timing(after.slice(4)),
      backlogSeconds,
      runLine,
      contradictions,
      archived,
    };
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

const results: SizeResult[] = [];
for (const size of sizes) results.push(await measure(size));
const cell = (t: Timing & { max: number }) => `${t.p50} / ${t.p95} / ${t.max} (n = ${t.n})`;
const row = (label: string, f: (r: SizeResult) => string, target = "") =>
  `| ${label} | ${results.map(f).join(" | ")} | ${target} |`;
const table = [
  `| measure | ${
    results.map((r) => `${r.size.toLocaleString("en-US")} memories`).join(" | ")
  } | target |`,
  `| --- | ${results.map(() => "---:").join(" | ")} | --- |`,
  row("`helix import`, s", (r) => r.importSeconds.toFixed(1)),
  row("`memory_search` p50 / p95 / max during the backlog, ms", (r) => cell(r.during)),
  row("`memory_search` p50 / p95 / max after it, ms", (r) => cell(r.after)),
  row("p95 during / after", (r) => `${(r.during.p95 / r.after.p95).toFixed(2)}×`, "≤ 1.5×"),
  row("max during, ms", (r) => String(r.during.max), "≤ 100"),
  row("backlog wall time (server start to the run's end), s", (r) => r.backlogSeconds.toFixed(1)),
  row(
    "contradictions flagged (≤ 500 listed; the fixture's templates give one repo or service two values, real conflicts)",
    (r) => String(r.contradictions),
  ),
  row("memories archived", (r) => String(r.archived)),
].join("\n");
log(table);
for (const r of results) log(`[${r.size}] ${r.runLine}`);
if (values.write) {
  const date = new Date().toISOString().slice(0, 10);
  await Deno.writeTextFile(
    new URL("RESULTS-worker.md", import.meta.url),
    `# Lifecycle worker benchmark\n\nRecorded by \`deno task bench:worker --write\` on ${date}: ` +
      `${MACHINE_LINE}. \`helix import\` of realistic coding memories (bench/fixtures/realistic.ts), ` +
      `then the real server over stdio (no embedding model) while its lifecycle thread works off the ` +
      `backlog; \`memory_search\` from the client in bursts of ${burst} with ${think} ms between ` +
      `bursts, during the backlog and for 300 calls after it.\n\n${table}\n\n` +
      results.map((r) => `Server log at ${r.size}: \`${r.runLine}\``).join("\n\n") + "\n",
  );
  await Deno.writeTextFile(
    new URL("results/worker.json", import.meta.url),
    `${JSON.stringify({ date, machine: MACHINE_LINE, burst, think, results }, null, 2)}\n`,
  );
}
