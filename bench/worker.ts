/**
 * Lifecycle-worker benchmark (issue 6): `memory_search` latency over MCP (stdio, the real
 * server process) while the server's background worker distils 10^4 episodes, against the
 * same server once it is idle (target: p95 under load within 2× of idle).
 *
 * The strand holds `--size` synthetic memories plus `--episodes` episodes that recur in
 * groups of five (so distillation has real work: one rule and five archivals per group),
 * and a session that ended, so the worker is due as soon as the server has warmed up.
 * Searches go out back to back with the keyword and exact channels (no embedding model).
 *
 * Usage: deno task bench:worker [--size 10000] [--episodes 10000] [--write]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { openEngine, type WriteInput } from "../core/mod.ts";
import { Client, StdioClientTransport } from "../tests/e2e/_client.ts";
import { log, MACHINE_LINE, summarize, type Timing } from "./measure.ts";
import { synthetic } from "./synthetic.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const GROUP = 5;
const TASKS = [
  "activate the venv",
  "clear the turbo cache",
  "rerun codegen",
  "restart the dev server",
  "rebuild the lockfile",
  "bump the cache key",
  "reset the test database",
  "reinstall git hooks",
];

async function seed(home: string, size: number, episodes: number): Promise<void> {
  const engine = openEngine({ path: join(home, "strands", "default.db"), project: "bench" });
  const gen = synthetic();
  for (let done = 0; done < size; done += 5_000) {
    await engine.writeMany(
      Array.from({ length: Math.min(5_000, size - done) }, (_, i) => ({
        ...gen.memory(done + i),
        scope: "project:bench",
      })),
    );
  }
  const recurring: WriteInput[] = [];
  for (let i = 0; i < episodes; i++) {
    const group = Math.floor(i / GROUP);
    const task = TASKS[group % TASKS.length]!;
    recurring.push({
      content: `Had to ${task} before step ${group} of the release (session ${i % GROUP}).`,
      type: "episode",
      scope: "project:bench",
    });
  }
  await engine.writeMany(recurring);
  engine.recordSessionEnd({ session: "seed", project: "bench", startedAt: Date.now() - 60_000 });
  engine.close();
}

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "10000" },
    episodes: { type: "string", default: "10000" },
    write: { type: "boolean", default: false },
  },
});
const size = Number(values.size);
const episodes = Number(values.episodes);
const home = await Deno.makeTempDir({ prefix: "helix-worker-bench-" });
try {
  log(`seeding ${size} memories and ${episodes} recurring episodes…`);
  await seed(home, size, episodes);
  const env: Record<string, string> = {
    HELIX_HOME: home,
    HELIX_EMBEDDER: "none",
    HELIX_PROJECT: "bench",
    HELIX_LOG_LEVEL: "info",
  };
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    const value = Deno.env.get(key);
    if (value) env[key] = value;
  }
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "-A", "--quiet", join(ROOT, "server/main.ts")],
    cwd: home,
    env,
    stderr: "pipe",
  });
  let workerDone = false;
  let runLine = "";
  const decoder = new TextDecoder();
  void (async () => {
    for await (const chunk of transport.stderr as unknown as AsyncIterable<Uint8Array>) {
      const text = decoder.decode(chunk);
      if (text.includes("lifecycle run")) {
        workerDone = true;
        runLine = text.trim().split("\n").find((l) => l.includes("lifecycle run")) ?? "";
      }
    }
  })();
  const client = new Client({ name: "helix-worker-bench", version: "1.0.0" });
  await client.connect(transport);
  const queries = Array.from({ length: 64 }, (_, i) => synthetic(3).query(i));
  const search = async (i: number) => {
    const started = performance.now();
    await client.callTool({
      name: "memory_search",
      arguments: { query: queries[i % queries.length]!, limit: 10 },
    });
    return performance.now() - started;
  };
  // Under load: from the first search until the worker reports its run.
  const busy: number[] = [];
  const loadStart = performance.now();
  for (let i = 0; !workerDone; i++) {
    busy.push(await search(i));
    if (performance.now() - loadStart > 600_000) {
      throw new Error("the worker did not finish in 10 minutes");
    }
  }
  const workerSeconds = (performance.now() - loadStart) / 1000;
  const idle: number[] = [];
  for (let i = 0; i < 300; i++) idle.push(await search(i));
  await client.close();
  const loaded = summarize(busy.slice(5));
  const quiet = summarize(idle.slice(10));
  const ratio = loaded.p95 / quiet.p95;
  const ms = (t: Timing) => `${t.p50} / ${t.p95} (n = ${t.n})`;
  const table = [
    "| measure | value | target |",
    "| --- | ---: | --- |",
    `| \`memory_search\` p50 / p95 while the worker runs, ms | ${ms(loaded)} | |`,
    `| \`memory_search\` p50 / p95 idle, ms | ${ms(quiet)} | |`,
    `| p95 under load / idle | ${ratio.toFixed(2)}× | ≤ 2× |`,
    `| worker run (from the first search), s | ${workerSeconds.toFixed(1)} | |`,
  ].join("\n");
  log(`${table}\n${runLine}`);
  if (values.write) {
    const date = new Date().toISOString().slice(0, 10);
    await Deno.writeTextFile(
      new URL("RESULTS-worker.md", import.meta.url),
      `# Lifecycle worker benchmark\n\nRecorded by \`deno task bench:worker --write\` on ${date}: ${MACHINE_LINE}. ` +
        `The real server over stdio on a strand of ${
          size.toLocaleString("en-US")
        } synthetic memories plus ` +
        `${
          episodes.toLocaleString("en-US")
        } episodes recurring in groups of ${GROUP}, a session ended, no ` +
        `embedding model; searches back to back while the background worker distils them, then ` +
        `300 more once it is idle.\n\n${table}\n\nServer log: \`${runLine}\`\n`,
    );
    await Deno.writeTextFile(
      new URL("results/worker.json", import.meta.url),
      `${
        JSON.stringify(
          {
            date,
            machine: MACHINE_LINE,
            size,
            episodes,
            loaded,
            idle: quiet,
            ratio,
            workerSeconds,
          },
          null,
          2,
        )
      }\n`,
    );
  }
} finally {
  await Deno.remove(home, { recursive: true });
}
