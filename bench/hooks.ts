/**
 * Agent hook latency (issue 20): `deno run cli/main.ts hook <event>` spawned per call, as an
 * agent runs it, with the Claude Code payload on stdin, no server and no model (the lexical
 * path), over a strand of realistic coding memories (bench/fixtures/realistic.ts). Per event:
 * p50/p95/max wall time of the whole process. Target: p95 ≤ 400 ms without a server. The floor
 * is `helix --version` (Deno starting and loading the CLI, no strand opened).
 *
 * Usage: deno task bench:hooks [--sizes 1000,10000] [--n 40] [--write]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { REALISTIC_QUESTIONS, realisticMemories } from "./fixtures/realistic.ts";
import { log, MACHINE_LINE, summarize, type Timing } from "./measure.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000" },
    n: { type: "string", default: "40" },
    write: { type: "boolean", default: false },
  },
});
const sizes = values.sizes.split(",").map(Number);
const n = Number(values.n);

function childEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {
    HELIX_HOME: home,
    HELIX_EMBEDDER: "none",
    HELIX_PROJECT: "billing-api",
  };
  for (const key of ["PATH", "HOME", "DENO_DIR"]) {
    const value = Deno.env.get(key);
    if (value) env[key] = value;
  }
  return env;
}

/** One spawned `helix` call with `stdin`; its wall time in ms. */
async function spawn(home: string, args: string[], stdin = ""): Promise<number> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", join(ROOT, "cli/main.ts"), ...args],
    env: childEnv(home),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(stdin));
  await writer.close();
  const output = await child.output();
  const ms = performance.now() - started;
  if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  return ms;
}

/** A Claude Code transcript of `turns` exchanges about the fixture's services. */
function transcriptLines(turns: number): string {
  const lines: string[] = [];
  for (let i = 0; i < turns; i++) {
    const question = REALISTIC_QUESTIONS[i % REALISTIC_QUESTIONS.length]!;
    const at = new Date(Date.UTC(2026, 10, 25, 10, 0, i)).toISOString();
    lines.push(JSON.stringify({
      type: "user",
      message: { role: "user", content: `${question}? We decided to keep it as is.` },
      timestamp: at,
    }));
    lines.push(JSON.stringify({
      type: "assistant",
      message: {
        role: "assistant",
        content: [{ type: "text", text: `Checked ${question}: the config matches.` }],
      },
      timestamp: at,
    }));
  }
  return `${lines.join("\n")}\n`;
}

interface Row {
  readonly event: string;
  readonly timing: Timing & { max: number };
}

async function series(label: string, count: number, call: (i: number) => Promise<number>) {
  await call(-1); // warm the module cache
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push(await call(i));
  log(`  ${label}: p50 ${summarize(samples).p50.toFixed(0)} ms`);
  return { event: label, timing: { ...summarize(samples), max: Math.round(Math.max(...samples)) } };
}

async function measure(size: number): Promise<Row[]> {
  const home = await Deno.makeTempDir({ prefix: "helix-hooks-bench-" });
  try {
    log(`[${size}] importing…`);
    const file = join(home, "memories.jsonl");
    await Deno.writeTextFile(
      file,
      `${realisticMemories(size).map((m) => JSON.stringify(m)).join("\n")}\n`,
    );
    await spawn(home, ["import", file]);
    const transcript = join(home, "transcript.jsonl");
    await Deno.writeTextFile(transcript, transcriptLines(200));
    const base = { "session_id": "bench-session", "transcript_path": transcript, cwd: home };
    const payload = (event: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ ...base, hook_event_name: event, ...extra });
    const rows: Row[] = [];
    rows.push(await series("helix --version (floor)", n, () => spawn(home, ["--version"])));
    rows.push(
      await series(
        "SessionStart",
        n,
        () => spawn(home, ["hook", "SessionStart"], payload("SessionStart", { source: "startup" })),
      ),
    );
    rows.push(
      await series("Stop", n, (i) =>
        spawn(
          home,
          ["hook", "Stop"],
          payload("Stop", {
            stop_hook_active: false,
            last_assistant_message: `We decided to move service ${i} to port ${9000 + i}.`,
          }),
        )),
    );
    rows.push(
      await series(
        "PreCompact (20 turns)",
        Math.ceil(n / 4),
        () => spawn(home, ["hook", "PreCompact"], payload("PreCompact", { trigger: "auto" })),
      ),
    );
    rows.push(
      await series(
        "SessionEnd",
        n,
        () => spawn(home, ["hook", "SessionEnd"], payload("SessionEnd", { reason: "exit" })),
      ),
    );
    return rows;
  } finally {
    await Deno.remove(home, { recursive: true }).catch(() => {});
  }
}

const results = new Map<number, Row[]>();
for (const size of sizes) results.set(size, await measure(size));
const load = (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ").slice(0, 3);

const events = results.get(sizes[0]!)!.map((r) => r.event);
const cell = (t: Row["timing"]) => `${t.p50.toFixed(0)} / ${t.p95.toFixed(0)} / ${t.max}`;
const table = [
  `| event (ms: p50 / p95 / max, whole process) | ${
    sizes.map((s) => `${s.toLocaleString("en")} memories`).join(" | ")
  } | target |`,
  `| --- | ${sizes.map(() => "---:").join(" | ")} | --- |`,
  ...events.map((event, i) =>
    `| ${event} | ${sizes.map((s) => cell(results.get(s)![i]!.timing)).join(" | ")} | ${
      event.startsWith("helix") ? "" : "p95 ≤ 400"
    } |`
  ),
].join("\n");
const report = `# Hook latency benchmark

Recorded by \`deno task bench:hooks --write\` on ${
  new Date().toISOString().slice(0, 10)
}: ${MACHINE_LINE}; load average ${load.join(" ")} at the end.
Each call spawns \`deno run -A --quiet cli/main.ts hook <event>\` as Claude Code would (a Claude
Code payload on stdin), with no server and no embedding model (\`HELIX_EMBEDDER=none\`; hooks
never load one), over a strand of realistic coding memories (\`helix import\` of
bench/fixtures/realistic.ts). Stop notes a one-sentence decision with the prompt read from the
transcript; PreCompact notes the transcript's last 20 turns; n = ${n} per event (PreCompact
${Math.ceil(n / 4)}), after one warm-up call.

${table}

The floor is Deno starting and loading the CLI; a hook costs little more than that.
`;
log(report);
if (values.write) await Deno.writeTextFile(join(ROOT, "bench/RESULTS-hooks.md"), report);
