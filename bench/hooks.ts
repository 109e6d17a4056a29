/**
 * Agent hook latency (issue 20): `deno run cli/main.ts hook <event>` spawned per call, as an
 * agent runs it, with the Claude Code payload on stdin, over a strand of realistic coding
 * memories (bench/fixtures/realistic.ts): first cold (no server, no model: the lexical path),
 * then warm (an MCP server running on the same strand answers through its hook listener).
 * Per event: p50/p95/max wall time of the whole process. Targets: p95 ≤ 400 ms cold, ≤ 150 ms
 * warm. The floor is `helix --version` (Deno starting and loading the CLI, no strand opened).
 *
 * Usage: deno task bench:hooks [--sizes 1000,10000] [--n 40] [--gap 0] [--write]
 *
 * `--gap <ms>` pauses between calls (an agent calls a hook at most once a turn, so a warm server
 * has finished the last call's background capture by the next one); 0 fires them back to back.
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
    gap: { type: "string", default: "0" },
    write: { type: "boolean", default: false },
  },
});
const sizes = values.sizes.split(",").map(Number);
const n = Number(values.n);
const gap = Number(values.gap);

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

/** Starts the MCP server on `home` (stdin kept open) and waits for its hook listener. */
async function startServer(home: string): Promise<() => Promise<void>> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", join(ROOT, "server/main.ts")],
    env: { ...childEnv(home), HELIX_LOG_LEVEL: "warn" },
    stdin: "piped",
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const run = join(home, "run");
  for (let i = 0; i < 600; i++) {
    const names = await Array.fromAsync(Deno.readDir(run)).catch(() => []);
    if (names.some((e) => e.name.startsWith("hooks-"))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return async () => {
    await child.stdin.close(); // the stdio server ends with its input
    await child.status;
  };
}

interface Row {
  readonly event: string;
  readonly timing: Timing & { max: number };
}

async function series(label: string, count: number, call: (i: number) => Promise<number>) {
  await call(-1); // warm the module cache
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
    samples.push(await call(i));
  }
  log(`  ${label}: p50 ${summarize(samples).p50.toFixed(0)} ms`);
  return { event: label, timing: { ...summarize(samples), max: Math.round(Math.max(...samples)) } };
}

/** The four Claude Code events, each `n` times (PreCompact n/4), labelled with `suffix`. */
async function eventSeries(
  suffix: string,
  call: (args: string[], stdin: string) => Promise<number>,
  payload: (event: string, extra?: Record<string, unknown>) => string,
): Promise<Row[]> {
  const rows: Row[] = [];
  rows.push(
    await series(
      `SessionStart${suffix}`,
      n,
      () => call(["hook", "SessionStart"], payload("SessionStart", { source: "startup" })),
    ),
  );
  rows.push(
    await series(`Stop${suffix}`, n, (i) =>
      call(
        ["hook", "Stop"],
        payload("Stop", {
          stop_hook_active: false,
          last_assistant_message: `We decided to move service ${i} to port ${9000 + i}.`,
        }),
      )),
  );
  rows.push(
    await series(
      `PreCompact (20 turns)${suffix}`,
      Math.ceil(n / 4),
      () => call(["hook", "PreCompact"], payload("PreCompact", { trigger: "auto" })),
    ),
  );
  rows.push(
    await series(
      `SessionEnd${suffix}`,
      n,
      () => call(["hook", "SessionEnd"], payload("SessionEnd", { reason: "exit" })),
    ),
  );
  return rows;
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
    rows.push(...await eventSeries("", (args, stdin) => spawn(home, args, stdin), payload));
    const stop = await startServer(home);
    try {
      rows.push(
        ...await eventSeries(" (warm)", (args, stdin) => spawn(home, args, stdin), payload),
      );
    } finally {
      await stop();
    }
    return rows;
  } finally {
    await Deno.remove(home, { recursive: true }).catch(() => {});
  }
}

const loadAt = async () =>
  (await Deno.readTextFile("/proc/loadavg").catch(() => "?")).split(" ").slice(0, 3).join(" ");
const loadStart = await loadAt();
const results = new Map<number, Row[]>();
for (const size of sizes) results.set(size, await measure(size));
const loadEnd = await loadAt();

const events = results.get(sizes[0]!)!.map((r) => r.event);
const cell = (t: Row["timing"]) => `${t.p50.toFixed(0)} / ${t.p95.toFixed(0)} / ${t.max}`;
const table = [
  `| event (ms: p50 / p95 / max, whole process) | ${
    sizes.map((s) => `${s.toLocaleString("en")} memories`).join(" | ")
  } | target |`,
  `| --- | ${sizes.map(() => "---:").join(" | ")} | --- |`,
  ...events.map((event, i) =>
    `| ${event} | ${sizes.map((s) => cell(results.get(s)![i]!.timing)).join(" | ")} | ${
      event.startsWith("helix") ? "" : event.endsWith("(warm)") ? "p95 ≤ 150" : "p95 ≤ 400"
    } |`
  ),
].join("\n");
const report = `# Hook latency benchmark

Recorded by \`deno task bench:hooks --write\` on ${
  new Date().toISOString().slice(0, 10)
}: ${MACHINE_LINE}; load average ${loadStart} at the start, ${loadEnd} at the end.
Each call spawns \`deno run -A --quiet cli/main.ts hook <event>\` as Claude Code would (a Claude
Code payload on stdin), over a strand of realistic coding memories (\`helix import\` of
bench/fixtures/realistic.ts). Cold rows: no server, and no embedding model (hooks never load
one). Warm rows "(warm)": the MCP server (\`server/main.ts\`, stdio) runs on the same strand and
the hook process hands the call to its loopback hook listener; the server has no model either
(\`HELIX_EMBEDDER=none\`), so its notes are not embedded. Stop notes a one-sentence decision with the prompt read from the
transcript; PreCompact notes the transcript's last 20 turns; n = ${n} per event (PreCompact
${Math.ceil(n / 4)}), after one warm-up call; ${
  gap > 0 ? `${gap} ms between calls` : "calls back to back"
}. A warm capture (Stop, PreCompact) is answered
at once and stored by the server just after, so back-to-back calls also meet the server busy with
the previous call's capture.

${table}

The floor is Deno starting and loading the whole CLI; a cold hook costs little more than that. A
warm hook loads only the small hook client (cli/hooks/warm.ts), so it starts below the floor.
`;
log(report);
if (values.write) await Deno.writeTextFile(join(ROOT, "bench/RESULTS-hooks.md"), report);
