/**
 * MCP benchmark: `memory_search` round trips over stdio against the real server process, at
 * 10^4 and 10^5 memories, with every query embedded by a model of bge-small-en-v1.5's exact
 * architecture (BERT, 12 layers, 384-d, q8 — random weights, since the real ones cannot be
 * downloaded here; see bench/fixtures/bge_shaped_model.ts), plus cold start to the first
 * response and the server's resident memory.
 *
 * The strand is seeded with synthetic vectors pinned to that model's id, so the server's
 * query vectors and the stored ones share one space and dimension.
 *
 * Usage: deno task bench:mcp [--sizes 10000,100000] [--queries 300] [--write]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { openEngine } from "../core/mod.ts";
import { Client, StdioClientTransport, type Structured } from "../tests/e2e/_client.ts";
import { BGE_SHAPED_MODEL_ID, buildBgeShapedModel } from "./fixtures/bge_shaped_model.ts";
import { log, MACHINE_LINE, summarize, type Timing } from "./measure.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const DATA = join(ROOT, "bench", ".data");

interface Result {
  size: number;
  coldStartMs: Timing;
  immediateSearchMs: number;
  search: Timing;
  searchKeywordOnly: Timing;
  serverRssMb: number;
  serverRssNoModelMb: number;
}

async function modelDir(): Promise<string> {
  const dir = join(DATA, "models");
  const marker = join(dir, BGE_SHAPED_MODEL_ID, "onnx", "model_quantized.onnx");
  if (!(await Deno.stat(marker).then(() => true, () => false))) {
    log("building the bge-small-shaped q8 model…");
    await buildBgeShapedModel(dir, { dtype: "q8" });
  }
  return dir;
}

async function seed(home: string, size: number): Promise<void> {
  const engine = openEngine({
    path: join(home, "strands", "default.db"),
    embedder: syntheticEmbedder(384, BGE_SHAPED_MODEL_ID),
  });
  const gen = synthetic();
  for (let done = 0; done < size; done += 5_000) {
    await engine.writeMany(
      Array.from({ length: Math.min(5_000, size - done) }, (_, i) => gen.memory(done + i)),
    );
  }
  engine.close();
}

function serverEnv(
  home: string,
  models: string,
  embedder: "transformers" | "none",
): Record<string, string> {
  const env: Record<string, string> = {
    HELIX_HOME: home,
    HELIX_PROJECT: "p3",
    HELIX_EMBEDDER: embedder,
    HELIX_MODEL: BGE_SHAPED_MODEL_ID,
    HELIX_MODEL_DIMENSION: "384",
    HELIX_MODEL_PATH: models,
    HELIX_ALLOW_DOWNLOAD: "false",
    HELIX_LOG_LEVEL: "warn",
  };
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    if (Deno.env.get(key)) env[key] = Deno.env.get(key)!;
  }
  return env;
}

async function start(home: string, models: string, embedder: "transformers" | "none") {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "mcp"], // exactly what clients are told to run
    cwd: ROOT,
    env: serverEnv(home, models, embedder),
    stderr: "inherit",
  });
  const client = new Client({ name: "helix-bench", version: "1.0.0" });
  const started = performance.now();
  await client.connect(transport);
  return { client, transport, coldMs: performance.now() - started };
}

async function manifest(client: Client): Promise<Structured> {
  const [content] = (await client.readResource({ uri: "helix://strand/manifest" })).contents;
  return JSON.parse(content && "text" in content ? content.text : "{}");
}

async function searches(client: Client, n: number): Promise<Timing> {
  const gen = synthetic();
  for (let i = 0; i < 10; i++) {
    await client.callTool({ name: "memory_search", arguments: { query: gen.query(10_000 + i) } });
  }
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const result = await client.callTool({
      name: "memory_search",
      arguments: { query: gen.query(i) },
    });
    samples.push(performance.now() - started);
    if (result.isError) throw new Error(JSON.stringify(result.content));
  }
  return summarize(samples);
}

/** Resident memory of a process and its descendants (`deno task` runs the server as a child). */
function rssMb(pid: number | null): number {
  if (pid === null) return NaN;
  const tree = (p: number): number[] => {
    const children = Deno.readTextFileSync(`/proc/${p}/task/${p}/children`).trim();
    return [p, ...(children ? children.split(/\s+/).map(Number).flatMap(tree) : [])];
  };
  const kb = tree(pid).map((p) =>
    Number(/VmRSS:\s+(\d+)/.exec(Deno.readTextFileSync(`/proc/${p}/status`))?.[1] ?? 0)
  );
  return Math.round(kb.reduce((a, b) => a + b, 0) / 1000);
}

async function measure(size: number, queries: number, models: string): Promise<Result> {
  const home = await Deno.makeTempDir({ prefix: "helix-mcp-bench-" });
  try {
    log(`[${size}] seeding…`);
    await seed(home, size);
    // Cold start: one unmeasured spawn (so module and file caches are warm, as after an
    // install), then ten measured ones; the last one also times a search sent right away.
    await (await start(home, models, "transformers")).client.close();
    const colds: number[] = [];
    let immediateSearchMs = 0;
    for (let i = 0; i < 10; i++) {
      const { client, coldMs } = await start(home, models, "transformers");
      colds.push(coldMs);
      if (i === 9) {
        const at = performance.now();
        await client.callTool({ name: "memory_search", arguments: { query: "right after start" } });
        immediateSearchMs = Math.round(performance.now() - at);
      }
      await client.close();
    }
    const { client, transport } = await start(home, models, "transformers");
    try {
      for (let i = 0; i < 300; i++) {
        if ((await manifest(client)).strand.embedding.state === "ready") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const search = await searches(client, queries);
      log(`[${size}] memory_search p50 ${search.p50} ms p95 ${search.p95} ms`);
      const serverRssMb = rssMb(transport.pid);
      await client.close();
      const keyword = await start(home, models, "none");
      const searchKeywordOnly = await searches(keyword.client, queries);
      const serverRssNoModelMb = rssMb(keyword.transport.pid);
      await keyword.client.close();
      return {
        size,
        coldStartMs: summarize(colds),
        immediateSearchMs,
        search,
        searchKeywordOnly,
        serverRssMb,
        serverRssNoModelMb,
      };
    } finally {
      await client.close().catch(() => {});
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      sizes: { type: "string", default: "10000,100000" },
      queries: { type: "string", default: "300" },
      write: { type: "boolean", default: false },
    },
  });
  const models = await modelDir();
  const results: Result[] = [];
  for (const size of values.sizes!.split(",").map(Number)) {
    results.push(await measure(size, Number(values.queries), models));
  }
  const ms = (t: Timing) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;
  const lines = [
    `| measure (over stdio, client wall time) | ${
      results.map((r) => `${r.size.toLocaleString("en")} memories`).join(" | ")
    } | target |`,
    `| --- | ${results.map(() => "---:").join(" | ")} | --- |`,
    `| memory_search p50 / p95, ms (query embedded with bge-small-shaped q8) | ${
      results.map((r) => ms(r.search)).join(" | ")
    } | p95 ≤ 40 at 10^5 |`,
    `| memory_search p50 / p95, ms (embedder none: keywords, exact, graph) | ${
      results.map((r) => ms(r.searchKeywordOnly)).join(" | ")
    } | |`,
    `| cold start to the initialize response p50 / p95, ms | ${
      results.map((r) => ms(r.coldStartMs)).join(" | ")
    } | ≤ 300 |`,
    `| first memory_search sent right after start (index and model still loading), ms | ${
      results.map((r) => r.immediateSearchMs).join(" | ")
    } | |`,
    `| server RSS after the searches, MB, model loaded | ${
      results.map((r) => r.serverRssMb).join(" | ")
    } | |`,
    `| server RSS after the searches, MB, no model | ${
      results.map((r) => r.serverRssNoModelMb).join(" | ")
    } | ≤ 200 at 10^5, model excluded |`,
  ];
  const report = lines.join("\n");
  await Deno.stdout.write(new TextEncoder().encode(`${report}\n`));
  if (values.write) {
    const cpu = (await Deno.readTextFile("/proc/cpuinfo").catch(() =>
      ""
    )).match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
    const date = new Date().toISOString().slice(0, 10);
    await Deno.mkdir(join(ROOT, "bench", "results"), { recursive: true });
    await Deno.writeTextFile(
      join(ROOT, "bench", "results", "mcp.json"),
      JSON.stringify({ date, machine: MACHINE_LINE, cpu, results }, null, 2) + "\n",
    );
    await Deno.writeTextFile(
      join(ROOT, "bench", "RESULTS-mcp.md"),
      `# MCP benchmarks\n\nRecorded by \`deno task bench:mcp --write\` on ${date}: ${MACHINE_LINE}, ${cpu}. The server is ` +
        "`deno task mcp` spawned by the SDK's stdio client; each figure is the client's wall time for one " +
        "`memory_search` call (limit 8, all channels) on a synthetic strand (bench/synthetic.ts) searched from " +
        "project p3. Queries are embedded by a model with bge-small-en-v1.5's exact architecture (BERT, 12 " +
        "layers, 384-d, q8 int8 weights; random weights because the real ones cannot be downloaded on this " +
        "machine), so inference cost is realistic while similarities are not. Cold start is ten spawns per size after one " +
        "unmeasured spawn; RSS is the server plus its `deno task` parent (about 24 MB).\n\n" +
        report + "\n",
    );
  }
}
