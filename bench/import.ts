/**
 * `helix import` benchmark (issue target: ≥ 5,000 memories/s without a model at 10^5): writes
 * a JSONL file of synthetic memories (bench/synthetic.ts) plus edges between them, then times
 * the real CLI importing it into a fresh strand, in its own process, as a user would run it
 * (`deno run cli/main.ts import <file> --json`, embedder none). Reports the wall time of the
 * whole process (start-up, reading and parsing the file, the one transaction) and the
 * command's own figure; medians of `--runs`.
 *
 * Usage: deno task bench:import [--count 100000] [--runs 3] [--write]
 * `--write` records bench/RESULTS-import.md and bench/results/import.json.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { log, MACHINE_LINE } from "./measure.ts";
import { synthetic } from "./synthetic.ts";

const ROOT = new URL("..", import.meta.url).pathname;

interface Run {
  wallSeconds: number;
  commandSeconds: number;
  memories: number;
  edges: number;
}

function jsonl(count: number): string {
  const gen = synthetic();
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const m = gen.memory(i);
    lines.push(JSON.stringify({
      id: `mem_bench_${i}`,
      content: m.content,
      type: m.type,
      scope: m.scope,
      importance: m.importance,
    }));
  }
  // One edge per ten memories, to the memory before it.
  for (let i = 10; i < count; i += 10) {
    lines.push(JSON.stringify({
      edge: { from: `mem_bench_${i}`, to: `mem_bench_${i - 1}`, relation: "related_to" },
    }));
  }
  return `${lines.join("\n")}\n`;
}

async function importOnce(file: string): Promise<Run> {
  const home = await Deno.makeTempDir({ prefix: "helix-import-bench-" });
  try {
    const started = performance.now();
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--quiet", join(ROOT, "cli/main.ts"), "import", file, "--json"],
      env: { HELIX_HOME: home, HELIX_EMBEDDER: "none" },
      stdout: "piped",
      stderr: "inherit",
    }).output();
    const wallSeconds = (performance.now() - started) / 1000;
    if (!output.success) throw new Error("import failed");
    const result = JSON.parse(new TextDecoder().decode(output.stdout));
    return {
      wallSeconds,
      commandSeconds: result.seconds,
      memories: result.memories,
      edges: result.edges,
    };
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      count: { type: "string", default: "100000" },
      runs: { type: "string", default: "3" },
      write: { type: "boolean", default: false },
    },
  });
  const count = Number(values.count);
  const dir = await Deno.makeTempDir({ prefix: "helix-import-bench-" });
  const file = join(dir, "memories.jsonl");
  await Deno.writeTextFile(file, jsonl(count));
  const bytes = (await Deno.stat(file)).size;
  const runs: Run[] = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const run = await importOnce(file);
    log(
      `run ${i + 1}: ${run.memories} memories + ${run.edges} edges, ${
        run.wallSeconds.toFixed(2)
      } s wall ` +
        `(${Math.round(run.memories / run.wallSeconds)} memories/s), command ${
          run.commandSeconds.toFixed(2)
        } s`,
    );
    runs.push(run);
  }
  await Deno.remove(dir, { recursive: true });
  const wall = median(runs.map((r) => r.wallSeconds));
  const command = median(runs.map((r) => r.commandSeconds));
  const { memories, edges } = runs[0]!;
  const rate = (seconds: number) => Math.round(memories / seconds).toLocaleString("en-US");
  const report = [
    "| measure | value | target |",
    "| --- | ---: | --- |",
    `| file | ${memories.toLocaleString("en-US")} memories + ${
      edges.toLocaleString("en-US")
    } edges, ${(bytes / 1e6).toFixed(1)} MB | |`,
    `| wall time of \`helix import\` (process start to exit) | ${wall.toFixed(2)} s | |`,
    `| memories/s, wall | ${rate(wall)} | ≥ 5,000 without a model |`,
    `| memories/s, inside the command (parse + one transaction) | ${rate(command)} | |`,
  ].join("\n");
  const ranges = `Medians of ${runs.length} runs; wall ${
    Math.min(...runs.map((r) => r.wallSeconds)).toFixed(2)
  }–${Math.max(...runs.map((r) => r.wallSeconds)).toFixed(2)} s.`;
  log(`${report}\n\n${ranges}`);
  if (values.write) {
    await Deno.writeTextFile(
      join(ROOT, "bench/RESULTS-import.md"),
      `# \`helix import\` benchmark\n\nRecorded by \`deno task bench:import --write\` on ${
        new Date().toISOString().slice(0, 10)
      }: ${MACHINE_LINE}. ` +
        "A JSONL file of synthetic memories (bench/synthetic.ts) with ids, plus an edge per ten memories, " +
        "imported by the CLI in its own process into a fresh strand with no embedding model (vectors are " +
        "computed later by `helix backfill` or the server).\n\n" + `${report}\n\n${ranges}\n`,
    );
    await Deno.mkdir(join(ROOT, "bench/results"), { recursive: true });
    await Deno.writeTextFile(
      join(ROOT, "bench/results/import.json"),
      `${JSON.stringify({ date: new Date().toISOString(), count, bytes, runs }, null, 2)}\n`,
    );
  }
}
