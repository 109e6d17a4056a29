/**
 * Write-path benchmark (issue 5): the whole deterministic write path — redaction, the
 * poisoning guard, importance, neighbour lookup and consolidation, the ops — per
 * `engine.write`, at 10^4 and 10^5 memories without an embedding model (target p95 ≤ 10 ms);
 * `engine.note` (gate, extraction, writes) per turn of a realistic agent session; and the
 * share of that session the gate drops.
 *
 * Usage: deno task bench:write [--sizes 10000,100000] [--writes 400] [--write]
 * `--write` records bench/RESULTS-write.md and bench/results/write.json.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { type Engine, openEngine, type WriteInput } from "../core/mod.ts";
import { CODING_SESSION } from "../tests/fixtures/transcript.ts";
import { log, MACHINE_LINE, summarize, type Timing } from "./measure.ts";
import { synthetic } from "./synthetic.ts";

interface SizeResult {
  size: number;
  write: Timing;
  byKind: Record<string, Timing>;
  actions: Record<string, number>;
  note: Timing;
}

/** The mix of writes an agent makes: mostly new memories, some repeats, refinements, secrets, tool output. */
function writeMix(
  seeded: readonly WriteInput[],
  count: number,
): { kind: string; input: WriteInput }[] {
  const gen = synthetic(7);
  const out: { kind: string; input: WriteInput }[] = [];
  for (let i = 0; i < count; i++) {
    const existing = seeded[(i * 7_919) % seeded.length]!;
    switch (i % 8) {
      case 0:
        out.push({ kind: "repeat", input: existing });
        break;
      case 1:
        out.push({
          kind: "refine",
          input: { ...existing, content: `${existing.content} confirmed again in review` },
        });
        break;
      case 2:
        out.push({
          kind: "secret",
          input: {
            ...gen.memory(20_000_000 + i),
            content: `${gen.memory(20_000_000 + i).content} token ghp_${
              "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8".slice(0, 36)
            }${i}`.slice(0, 2000),
          },
        });
        break;
      case 3:
        out.push({
          kind: "tool-output",
          input: {
            ...gen.memory(30_000_000 + i),
            source: { origin: "agent-ingested", agent: "bench", ref: "tool:bash" },
          },
        });
        break;
      default:
        out.push({ kind: "new", input: gen.memory(10_000_000 + i) });
    }
  }
  return out;
}

/** Seeds the strand; returns what it wrote (the generator's text depends on call order). */
async function seed(engine: Engine, size: number): Promise<WriteInput[]> {
  const gen = synthetic();
  const all: WriteInput[] = [];
  for (let done = 0; done < size; done += 5_000) {
    const batch = Array.from(
      { length: Math.min(5_000, size - done) },
      (_, i) => gen.memory(done + i),
    );
    for (const input of batch) all.push(input);
    await engine.writeMany(batch);
  }
  return all;
}

async function measureSize(size: number, writes: number): Promise<SizeResult> {
  const dir = await Deno.makeTempDir({ prefix: "helix-write-bench-" });
  try {
    const engine = openEngine({
      path: join(dir, "write.db"),
      embedder: null,
      project: "p3",
      durability: values.durability === "normal" ? "normal" : "full",
    });
    log(`[${size}] seeding…`);
    const seeded = await seed(engine, size);
    const samples: number[] = [];
    const kinds: Record<string, number[]> = {};
    const actions: Record<string, number> = {};
    const mix = writeMix(seeded, writes + 20);
    for (const [i, { kind, input }] of mix.entries()) {
      const start = performance.now();
      const result = await engine.write(input);
      const ms = performance.now() - start;
      if (i < 20) continue; // warm-up
      samples.push(ms);
      (kinds[kind] ??= []).push(ms);
      actions[result.action] = (actions[result.action] ?? 0) + 1;
    }
    const write = summarize(samples);
    log(`[${size}] write p50 ${write.p50} ms p95 ${write.p95} ms ${JSON.stringify(actions)}`);
    const noteSamples: number[] = [];
    let previousAssistant: string | undefined;
    for (const turn of CODING_SESSION) {
      const start = performance.now();
      await engine.note({
        text: turn.text.slice(0, 16_000),
        ...(previousAssistant ? { previousAssistant } : {}),
        source: { origin: turn.role === "user" ? "user-asserted" : "agent-ingested" },
      });
      noteSamples.push(performance.now() - start);
      if (turn.role === "assistant") previousAssistant = turn.text.slice(0, 16_000);
    }
    const note = summarize(noteSamples);
    log(`[${size}] note p50 ${note.p50} ms p95 ${note.p95} ms`);
    engine.close();
    const byKind = Object.fromEntries(
      Object.entries(kinds).map(([kind, s]) => [kind, summarize(s)]),
    );
    return { size, write, byKind, actions, note };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The share of the coding session the gate drops, and of its memorable turns it keeps. */
async function gateShare() {
  const engine = openEngine({ path: ":memory:", embedder: null, project: "session" });
  let dropped = 0;
  let memorable = 0;
  let memorableKept = 0;
  let previousAssistant: string | undefined;
  for (const turn of CODING_SESSION) {
    const result = await engine.note({
      text: turn.text.slice(0, 16_000),
      ...(previousAssistant ? { previousAssistant } : {}),
    });
    if (!result.gate.pass) dropped++;
    if (turn.memorable) {
      memorable++;
      if (result.gate.pass) memorableKept++;
    }
    if (turn.role === "assistant") previousAssistant = turn.text.slice(0, 16_000);
  }
  const memories = engine.stats().memories;
  engine.close();
  return {
    turns: CODING_SESSION.length,
    dropped,
    droppedShare: dropped / CODING_SESSION.length,
    memorable,
    memorableKept,
    memories,
  };
}

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    writes: { type: "string", default: "400" },
    durability: { type: "string", default: "full" },
    write: { type: "boolean", default: false },
  },
});
const sizes = values.sizes.split(",").map(Number);
const writes = Number(values.writes);
const gate = await gateShare();
log(
  `gate: dropped ${gate.dropped}/${gate.turns} (${(gate.droppedShare * 100).toFixed(1)} %), ` +
    `kept ${gate.memorableKept}/${gate.memorable} memorable, ${gate.memories} memories stored`,
);
const results: SizeResult[] = [];
for (const size of sizes) results.push(await measureSize(size, writes));
const ms = (t: Timing) => `${t.p50} / ${t.p95}`;
const kinds = ["new", "repeat", "refine", "secret", "tool-output"];
const table = [
  `| measure | ${
    results.map((r) => `${r.size.toLocaleString("en-US")} memories`).join(" | ")
  } | target |`,
  `| --- | ${results.map(() => "---:").join(" | ")} | --- |`,
  `| \`write\` p50 / p95, ms (all kinds) | ${
    results.map((r) => ms(r.write)).join(" | ")
  } | p95 ≤ 10 ms |`,
  ...kinds.map((kind) =>
    `| … ${kind} | ${
      results.map((r) => (r.byKind[kind] ? ms(r.byKind[kind]!) : "–")).join(" | ")
    } | |`
  ),
  `| outcomes | ${
    results.map((r) => Object.entries(r.actions).map(([a, n]) => `${a} ${n}`).join(", ")).join(
      " | ",
    )
  } | |`,
  `| \`note\` p50 / p95 per session turn, ms | ${results.map((r) => ms(r.note)).join(" | ")} | |`,
].join("\n");
const summary = [
  `Gate on a ${gate.turns}-turn coding-agent session (tests/fixtures/transcript.ts): dropped ` +
  `${gate.dropped} turns (${(gate.droppedShare * 100).toFixed(1)} %) with no model call; kept ` +
  `${gate.memorableKept} of ${gate.memorable} memorable turns; ${gate.memories} memories stored.`,
].join("\n");
log(`${table}\n\n${summary}`);
if (values.write) {
  const date = new Date().toISOString().slice(0, 10);
  await Deno.writeTextFile(
    new URL("RESULTS-write.md", import.meta.url),
    `# Write-path benchmark\n\nRecorded by \`deno task bench:write --write\` on ${date}: ${MACHINE_LINE}. ` +
      `No embedding model: redaction, the poisoning guard, importance, BM25 neighbours, ` +
      `consolidation and the ops, one transaction per write, on a strand seeded with synthetic ` +
      `memories (bench/synthetic.ts). ${writes} writes per size after 20 warm-up writes: ` +
      `one in eight repeats an existing memory, one refines one, one carries a GitHub token, ` +
      `one is agent-ingested tool output, the rest are new.\n\n${table}\n\n${summary}\n`,
  );
  await Deno.writeTextFile(
    new URL("results/write.json", import.meta.url),
    `${JSON.stringify({ date, machine: MACHINE_LINE, gate, results }, null, 2)}\n`,
  );
}
