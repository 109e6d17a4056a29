/**
 * `helix import` benchmark (issue 15 item 6 and the import half of item 7):
 *
 * 1. **Writers during an import.** A JSONL file of `--count` synthetic memories (bench/
 *    synthetic.ts) plus an edge per ten is imported by the real CLI in its own process, while
 *    `--writers` MCP server processes each write memories over stdio (`memory_write`) in a
 *    loop. Every write must succeed; their latency is recorded during the import and for
 *    `--after` seconds after it, with the import's memories/s.
 * 2. **A large import.** `--large` synthetic memories (no model) imported by the CLI's own
 *    code (`run`, in this process, on a pretend terminal so its progress bar is drawn), with
 *    the rate and the progress it showed. Skip with `--large 0`.
 *
 * 3. **Merges and re-embedding.** A probe process takes the write lock every 20 ms while a
 *    strand of `--locks` memories merges a tenth as many diverged ops, then re-embeds every
 *    memory and switches model: its longest wait bounds their transactions. Skip with 0.
 *
 * Usage: deno task bench:import [--count 100000] [--writers 2] [--after 10] [--large 1000000]
 *   [--locks 100000] [--write]   (`--write` records bench/RESULTS-import.md and
 *   bench/results/import.json)
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { run } from "../cli/main.ts";
import type { Io } from "../cli/output.ts";
import { startWriter, type WriteSample } from "./mcp_writers.ts";
import { log, MACHINE_LINE } from "./measure.ts";
import { locks } from "./import_locks.ts";
import { synthetic } from "./synthetic.ts";

const ROOT = new URL("..", import.meta.url).pathname;
/** How to read the figures (written under them). */
const NOTES = `## Reading the figures

- **Every write succeeds.** No \`store_locked\`: a writer that meets the import's lock waits
  for the end of its current transaction.
- **What the import's transactions cost a writer** is the \`engine.write\` table: plain
  processes writing through the engine, which wait for the lock and nothing else.
- **The MCP servers' latency is their own.** Ten seconds after the import, with nothing
  holding the lock, \`memory_write\` still takes hundreds of milliseconds: the import made
  consolidation due, and on this branch each server runs its lifecycle worker in its main thread
  in slices of hundreds of milliseconds (issue 15 item 1 moves it to a thread of its own). The
  servers' work also slows the import itself (2 cores).
- **Checkpoints.** A long run lets the WAL grow to ~200 MB before a checkpoint
  (\`core/store/wal.ts\`); SQLite runs a checkpoint after the commit has released the write
  lock, so the probe never waits for one.
`;

/** Pause between two writes of one writer (ms): an agent writes far less often than this. */
const PAUSE_MS = 50;

/** Writes `count` memory lines (ids `mem_bench_<i>`) and an edge per ten to `file`. */
async function writeJsonl(file: string, count: number): Promise<number> {
  const gen = synthetic();
  const out = await Deno.open(file, { write: true, create: true, truncate: true });
  const encoder = new TextEncoder();
  let lines: string[] = [];
  const flush = async () => {
    await out.write(encoder.encode(`${lines.join("\n")}\n`));
    lines = [];
  };
  for (let i = 0; i < count; i++) {
    const m = gen.memory(i);
    lines.push(JSON.stringify({
      id: `mem_bench_${i}`,
      content: m.content,
      type: m.type,
      scope: m.scope,
      importance: m.importance,
    }));
    if (lines.length === 10_000) await flush();
  }
  for (let i = 10; i < count; i += 10) {
    lines.push(JSON.stringify({
      edge: { from: `mem_bench_${i}`, to: `mem_bench_${i - 1}`, relation: "related_to" },
    }));
    if (lines.length === 10_000) await flush();
  }
  if (lines.length) await flush();
  out.close();
  return (await Deno.stat(file)).size;
}

/** Latency figures of some writes. */
interface WriteFigures {
  n: number;
  failed: number;
  p50: number;
  p95: number;
  max: number;
  errors: string[];
}

function figures(samples: readonly WriteSample[]): WriteFigures {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => ms.length ? ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]! : 0;
  const round = (x: number) => Math.round(x * 10) / 10;
  const errors = samples.flatMap((s) => s.error === null ? [] : [s.error]);
  return {
    n: samples.length,
    failed: errors.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(ms.at(-1) ?? 0),
    errors: [...new Set(errors)].slice(0, 3),
  };
}

/** Writer processes through the engine (no MCP, no lifecycle worker): `bench/engine_writer.ts`. */
function startEngineWriters(strand: string, n: number) {
  const children = Array.from({ length: n }, (_, i) =>
    new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--quiet",
        join(ROOT, "bench/engine_writer.ts"),
        strand,
        `e${i + 1}`,
        String(PAUSE_MS),
      ],
      stdout: "piped",
      stderr: "inherit",
    }).spawn());
  return {
    async stop(): Promise<WriteSample[]> {
      await Deno.writeTextFile(`${strand}.stop`, "");
      const outputs = await Promise.all(children.map((c) => c.output()));
      return outputs.flatMap((o) => JSON.parse(new TextDecoder().decode(o.stdout)));
    },
  };
}

/** The samples of `samples` before, during and after the window [start, end]. */
function phases(samples: readonly WriteSample[], start: number, end: number) {
  return {
    before: figures(samples.filter((s) => s.at + s.ms < start)),
    during: figures(samples.filter((s) => s.at >= start && s.at + s.ms <= end)),
    after: figures(samples.filter((s) => s.at > end)),
    all: figures(samples),
  };
}

/** Scenario 1: the CLI imports `file` while `writers` MCP servers (or engine processes) write. */
async function withWriters(
  file: string,
  writers: number,
  kind: "mcp" | "engine",
  afterSeconds: number,
) {
  const home = await Deno.makeTempDir({ prefix: "helix-import-bench-" });
  try {
    const cli = (args: string[]) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "--quiet", join(ROOT, "cli/main.ts"), ...args],
        env: { HELIX_HOME: home, HELIX_EMBEDDER: "none" },
        stdout: "piped",
        stderr: "inherit",
      });
    await cli(["init"]).output();
    log(`starting ${writers} ${kind === "mcp" ? "MCP servers" : "engine writers"}…`);
    const strand = join(home, "strands", "default.db");
    const running = kind === "mcp"
      ? await Promise.all(
        Array.from({ length: writers }, (_, i) => startWriter(home, `w${i + 1}`, PAUSE_MS)),
      ).then((all) => ({
        stop: () => Promise.all(all.map((w) => w.stop())).then((s) => s.flat()),
      }))
      : startEngineWriters(strand, writers);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // writes before the import
    log("importing while they write…");
    const started = Date.now();
    const output = await cli(["import", file, "--json"]).output();
    const ended = Date.now();
    if (!output.success) throw new Error("import failed");
    const result = JSON.parse(new TextDecoder().decode(output.stdout));
    log(
      `import done in ${((ended - started) / 1000).toFixed(1)} s; writing ${afterSeconds} s more…`,
    );
    await new Promise((resolve) => setTimeout(resolve, afterSeconds * 1000));
    const samples = await running.stop();
    return {
      importWallSeconds: (ended - started) / 1000,
      importCommandSeconds: result.seconds as number,
      memories: result.memories as number,
      edges: result.edges as number,
      ...phases(samples, started, ended),
    };
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

/** Scenario 2: the CLI's own code imports `file` on a pretend terminal; its progress is kept. */
async function large(file: string) {
  const home = await Deno.makeTempDir({ prefix: "helix-import-large-" });
  try {
    const progress: { at: number; line: string }[] = [];
    let stdout = "";
    const started = performance.now();
    const io: Io = {
      stdout: (text) => void (stdout += text),
      stderr: (text) => {
        // deno-lint-ignore no-control-regex
        const line = text.replace(/\r|\x1b\[[0-9;]*[A-Za-z]/g, "").trim();
        if (line) progress.push({ at: performance.now() - started, line });
      },
      readStdin: () => Promise.resolve(""),
      prompt: () => Promise.resolve(null),
      promptSecret: () => Promise.resolve(null),
      stdoutIsTty: false,
      stderrIsTty: true,
      columns: 120,
      cwd: home,
      now: () => performance.now(),
    };
    const env = { HELIX_HOME: home, HELIX_EMBEDDER: "none", NO_COLOR: "1", HOME: home };
    const code = await run(["import", file, "--json"], env, io);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`import exited ${code}`);
    const result = JSON.parse(stdout);
    const strand = join(home, "strands", "default.db");
    const bytes = (await Deno.stat(strand)).size;
    const pick = (f: number) =>
      progress[Math.min(progress.length - 1, Math.floor(f * progress.length))];
    return {
      seconds,
      commandSeconds: result.seconds as number,
      memories: result.memories as number,
      strandMb: Math.round(bytes / 1e6),
      progressLines: progress.length,
      progressSamples: [pick(0), pick(0.25), pick(0.5), pick(0.75), progress.at(-1)]
        .filter((p) => p !== undefined)
        .map((p) => `${(p!.at / 1000).toFixed(0)} s: ${p!.line}`),
    };
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      count: { type: "string", default: "100000" },
      writers: { type: "string", default: "2" },
      after: { type: "string", default: "10" },
      large: { type: "string", default: "1000000" },
      locks: { type: "string", default: "100000" },
      write: { type: "boolean", default: false },
    },
  });
  const count = Number(values.count);
  const dir = await Deno.makeTempDir({ prefix: "helix-import-bench-" });
  const load = () => Deno.loadavg().map((x) => x.toFixed(1)).join(" ");
  const report: string[] = [];
  const json: Record<string, unknown> = { date: new Date().toISOString(), machine: MACHINE_LINE };
  try {
    const file = join(dir, "memories.jsonl");
    const bytes = await writeJsonl(file, count);
    const rate = (n: number, s: number) => Math.round(n / s).toLocaleString("en-US");
    const row = (name: string, f: WriteFigures) =>
      `| ${name} | ${f.n} | ${f.failed} | ${f.p50} | ${f.p95} | ${f.max} |`;
    const writers = Number(values.writers);
    for (const kind of ["mcp", "engine"] as const) {
      const loadBefore = load();
      const w = await withWriters(file, writers, kind, Number(values.after));
      json[kind] = { count, bytes, writers, load: loadBefore, ...w };
      const who = kind === "mcp"
        ? `${writers} MCP servers write (\`memory_write\` over stdio)`
        : `${writers} other processes write (\`engine.write\`: no MCP, no lifecycle worker)`;
      report.push(
        `## ${count.toLocaleString("en-US")}-line import while ${who}`,
        "",
        `File: ${count.toLocaleString("en-US")} memories + ${
          w.edges.toLocaleString("en-US")
        } edges, ${(bytes / 1e6).toFixed(1)} MB. Import: ${
          w.importWallSeconds.toFixed(1)
        } s wall, ${rate(w.memories, w.importWallSeconds)} memories/s (${
          rate(w.memories, w.importCommandSeconds)
        }/s inside the command). Each writer pauses ${PAUSE_MS} ms between writes. ` +
          `Load average before: ${loadBefore}.`,
        "",
        "| writes | n | failed | p50 ms | p95 ms | max ms |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        row("before the import", w.before),
        row("during the import", w.during),
        row(`${values.after} s after it`, w.after),
        "",
        ...(w.all.errors.length ? [`Errors: ${w.all.errors.join("; ")}`, ""] : []),
      );
    }
    log(report.join("\n"));
    const largeCount = Number(values.large);
    if (largeCount > 0) {
      const big = join(dir, "large.jsonl");
      const largeBytes = await writeJsonl(big, largeCount);
      const loadLarge = load();
      log(`importing ${largeCount.toLocaleString("en-US")} memories…`);
      const l = await large(big);
      await Deno.remove(big);
      json.large = { count: largeCount, bytes: largeBytes, load: loadLarge, ...l };
      report.push(
        `## ${largeCount.toLocaleString("en-US")} memories, no model`,
        "",
        `File ${(largeBytes / 1e6).toFixed(0)} MB; strand ${l.strandMb} MB. ${
          l.seconds.toFixed(0)
        } s from start to exit: **${rate(l.memories, l.seconds)} memories/s** (${
          rate(l.memories, l.commandSeconds)
        }/s as the command reports it); target ≥ 5,000. Load average before: ${loadLarge}.`,
        "",
        `The progress bar redrew ${l.progressLines} times (at most every 100 ms); samples:`,
        "",
        ...l.progressSamples.map((line) => `    ${line}`),
        "",
      );
      log(report.slice(-7).join("\n"));
    }
    const lockSize = Number(values.locks);
    if (lockSize > 0) {
      const loadLocks = load();
      log(`merging and re-embedding ${lockSize.toLocaleString("en-US")} memories with a probe…`);
      const l = await locks(lockSize);
      json.locks = { load: loadLocks, ...l };
      const sec = (ms: number) => (ms / 1000).toFixed(1);
      report.push(
        `## Merge and re-embedding at ${lockSize.toLocaleString("en-US")} memories`,
        "",
        "Another process takes the write lock every 20 ms meanwhile (bench/lock_probe.ts): its " +
          "longest wait bounds how long any transaction of the merge or re-embedding held the " +
          `lock. Load average before: ${loadLocks}.`,
        "",
        "| work | time | probe waits | p99 ms | max ms |",
        "| --- | ---: | ---: | ---: | ---: |",
        `| merge of ${
          l.merge.added.toLocaleString("en-US")
        } diverged ops (refolded: ${l.merge.refolded}) | ${
          sec(l.merge.ms)
        } s | ${l.merge.waits.n} | ${l.merge.waits.p99} | ${l.merge.waits.max} |`,
        `| re-embedding every memory (synthetic 384-d model) and switching | ${
          sec(l.reembed.ms)
        } s | ${l.reembed.waits.n} | ${l.reembed.waits.p99} | ${l.reembed.waits.max} |`,
        "",
      );
      log(report.slice(-6).join("\n"));
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  if (values.write) {
    await Deno.writeTextFile(
      join(ROOT, "bench/RESULTS-import.md"),
      `# \`helix import\` benchmark\n\nRecorded by \`deno task bench:import --write\` on ${
        new Date().toISOString().slice(0, 10)
      }: ${MACHINE_LINE}. Synthetic memories (bench/synthetic.ts) with ids, plus an edge per ten ` +
        "memories, imported by the CLI with no embedding model (vectors are computed later by " +
        "`helix backfill` or the server). The import checks every line, then writes in " +
        "transactions of ~50 ms each (`core/ops/chunks.ts`); a writer that meets the lock " +
        "tries again every millisecond (`core/store/write_lock.ts`). Before this, the import " +
        "was one transaction (9.9 s at 10^5) and concurrent `memory_write` calls failed with " +
        "`store_locked` after the 5 s busy timeout.\n\n" +
        `${report.join("\n")}\n${NOTES}`,
    );
    await Deno.mkdir(join(ROOT, "bench/results"), { recursive: true });
    await Deno.writeTextFile(
      join(ROOT, "bench/results/import.json"),
      `${JSON.stringify(json, null, 2)}\n`,
    );
  }
}
