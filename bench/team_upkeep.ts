/**
 * Background work on a team strand, measured from outside: a team strand of `--memories`
 * realistic memories (imported into it), the keeper's MCP server started on it (its lifecycle
 * worker runs on the team strand), and `memory_search` over stdio, one call every 50 ms, while
 * the worker's first run goes on and after it. (The sync loop, and the snapshot it makes, wait
 * for the agent to be quiet, which these calls never are.)
 * Reports tool-call latency in both phases, the server's log of what the upkeep did, and the
 * machine's load.
 *
 * Usage: deno run -A bench/team_upkeep.ts [--memories 10000] [--calls 300] [--write]
 *
 * @module
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { realisticMemories } from "./fixtures/realistic.ts";
import { MACHINE_LINE, summarize } from "./measure.ts";
import { device, startRelay } from "../tests/e2e/_sync.ts";
import { spawnClient } from "../tests/e2e/_stdio.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    memories: { type: "string", default: "10000" },
    calls: { type: "string", default: "300" },
    write: { type: "boolean", default: false },
  },
});
const size = Number(values.memories);
const calls = Number(values.calls);
const load = () => Deno.loadavg()[0]!.toFixed(2);
const loadBefore = load();

await using relay = await startRelay();
const root = await Deno.makeTempDir({ prefix: "helix-team-upkeep-bench-" });
const ada = device(join(root, "ada"), "ada-laptop");
const run = async (...args: string[]) => {
  const ran = await ada.helix(...args);
  if (ran.code !== 0) throw new Error(`helix ${args.join(" ")}: ${ran.stderr}`);
};
await run("team", "create", "acme", "--relay", relay.url, "--as", "ada");
await run("team", "share", "billing", "acme");
const file = join(root, "memories.jsonl");
await Deno.writeTextFile(
  file,
  realisticMemories(size).map((m) =>
    JSON.stringify({ content: m.content, type: m.type, scope: "project:billing" })
  ).join("\n") + "\n",
);
const importStarted = performance.now();
await run("import", file, "--strand", "team-acme");
const importMs = performance.now() - importStarted;

const questions = [
  "which test runner do we use",
  "how do we deploy billing",
  "where are feature flags kept",
  "what port does the service listen on",
  "who owns the payments service",
  "how many workers run in production",
];
const server = await spawnClient(ada.home, {
  HELIX_PROJECT: "billing",
  HELIX_LOG_LEVEL: "info",
  HELIX_SYNC_INTERVAL: "5",
  HELIX_SNAPSHOT_EVERY: "500",
});
const started = performance.now();
const during: number[] = [];
const after: number[] = [];
// The slowest calls, with when they were made (s since the server started), to find a stall.
const slowest: { ms: number; at: number; phase: string }[] = [];
let upkeepDoneAt: number | null = null;
// The upkeep that runs while the agent calls tools: the lifecycle worker on the team strand
// (the sync loop waits for the agent to be quiet, which these calls never are).
const upkeepDone = () => /lifecycle run/.test(server.logged());
for (let i = 0; upkeepDoneAt === null || after.length < calls; i++) {
  if (performance.now() - started > 300_000) break;
  const t = performance.now();
  await server.call("memory_search", { query: questions[i % questions.length]!, limit: 5 });
  const ms = performance.now() - t;
  slowest.push({
    ms: Math.round(ms),
    at: Math.round((t - started) / 100) / 10,
    phase: upkeepDoneAt === null ? "during" : "after",
  });
  slowest.sort((a, b) => b.ms - a.ms).splice(5);
  if (upkeepDoneAt === null) {
    during.push(ms);
    if (upkeepDone()) upkeepDoneAt = performance.now() - started;
  } else after.push(ms);
  if (upkeepDoneAt !== null && after.length >= calls) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await server.client.close();
const log = server.logged().split("\n").filter((l) =>
  /lifecycle|keeping|snapshot|synced|consolidat|sweep|distil/.test(l)
).map((l) => l.slice(0, 220));
await Deno.remove(root, { recursive: true });

const max = (xs: number[]) => xs.reduce((a, b) => Math.max(a, b), 0);
const result = {
  memories: size,
  importMs: Math.round(importMs),
  upkeepSeconds: upkeepDoneAt === null ? null : Math.round(upkeepDoneAt / 100) / 10,
  during: { ...summarize(during), max: Math.round(max(during)) },
  after: after.length ? { ...summarize(after), max: Math.round(max(after)) } : null,
  load: `${loadBefore} before, ${load()} after`,
  slowest,
  log,
};
await Deno.stdout.write(new TextEncoder().encode(`${JSON.stringify(result, null, 2)}\n`));
if (values.write) {
  const row = (name: string, t: typeof result.during | null) =>
    t ? `| ${name} | ${t.n} | ${t.p50} | ${t.p95} | ${t.max} |` : `| ${name} | 0 | | | |`;
  await Deno.writeTextFile(
    new URL("./RESULTS-team-upkeep.md", import.meta.url),
    `# Background work on a team strand (\`deno run -A bench/team_upkeep.ts --memories ${size}\`)\n\n` +
      `${MACHINE_LINE}, load ${result.load}, ${new Date().toISOString().slice(0, 10)}.\n\n` +
      `A team strand of ${size} realistic memories imported into it (${result.importMs} ms), then ` +
      "the keeper's MCP server started on it, whose lifecycle worker runs on the team strand " +
      `(its first run ended after ${result.upkeepSeconds} s). \`memory_search\` over stdio, one ` +
      "call every 50 ms, client wall time:\n\n" +
      "| phase | calls | p50 ms | p95 ms | max ms |\n| --- | ---: | ---: | ---: | ---: |\n" +
      `${row("while the upkeep runs", result.during)}\n${row("after it", result.after)}\n\n` +
      "What the server logged of it:\n\n```\n" + result.log.join("\n") + "\n```\n",
  );
}
