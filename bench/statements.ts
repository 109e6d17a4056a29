/**
 * Statements compared by evidence (issue 15 item 3, issue 16 item 3), measured through the
 * engine on the labelled pairs of `bench/fixtures/statements/` (see its README):
 *
 * - **write path** (`changes.json`): a fresh in-memory engine per pair, `old` written, then
 *   `new`, in one project, no type given. `change` → the old memory is superseded by the new
 *   one; `conflict` → a `contradicts` link between them and neither superseded; `unrelated` →
 *   neither superseded nor flagged (a noop or update is fine).
 * - **sweep** (`contradictions.json`): both memories imported without consolidation
 *   (`importRecords`), then `sleep({ only: "contradict" })`. `conflict` → linked; `lookalike`
 *   → not.
 * - **templates**: a strand of template-generated memories (`tests/fixtures/template_memories.ts`:
 *   many share wording and differ by an id, a name or a technology word; no true conflict)
 *   swept once: every `contradicts` edge is a false one.
 *
 * - **template writes**: 3,000 template memories written one by one through the write path
 *   (`--write-templates`): every supersede is a false one.
 *
 * Usage: deno task bench:statements
 * [--split tune|heldout|fresh|blind2|blind3|blind4|blind5|blind6|blind7|blind8|blind9]
 * [--templates 10000] [--write-templates 3000] [--verbose] [--write]. The first ten splits are
 * development data now (`heldout`, `fresh` and `blind2` to `blind8` were each run once blind for
 * the record, then tuned on), so `--verbose` prints their misses; `blind9`, written blind after
 * that, is in `HELD_OUT` until its single run (a new held-out batch goes there too). `--write`
 * records
 * bench/results/statements-<split>.json and rewrites bench/RESULTS-statements.md from the results
 * recorded so far (with the hand-written reading in bench/results/statements-notes.md).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { type Engine, openEngine } from "../core/mod.ts";
import {
  type ChangePair,
  type ContradictionPair,
  loadChanges,
  loadContradictions,
  type Split,
  SPLITS,
} from "./fixtures/statements/load.ts";
import { templateMemories } from "../tests/fixtures/template_memories.ts";
import { log, MACHINE_LINE } from "./measure.ts";
import { renderStatements, type StatementsResult, type Tally } from "./statements_report.ts";

const PROJECT = "bench";

function fresh(): Engine {
  return openEngine({ path: ":memory:", project: PROJECT });
}

function count(map: Record<string, Tally>, key: string, ok: boolean): void {
  const t = map[key] ??= { ok: 0, n: 0 };
  t.n++;
  if (ok) t.ok++;
}

/** What writing `new` after `old` did to `old`. */
async function writePair(
  pair: ChangePair,
): Promise<{ retired: boolean; flagged: boolean; action: string }> {
  const engine = fresh();
  try {
    const old = await engine.write({ content: pair.old });
    const next = await engine.write({ content: pair.new });
    const retired = next.superseded.includes(old.id) || engine.get(old.id).status === "superseded";
    const flagged = next.links.some((l) => l.relation === "contradicts" && l.id === old.id);
    return { retired, flagged, action: next.action };
  } finally {
    engine.close();
  }
}

async function writePath(pairs: readonly ChangePair[], verbose: boolean) {
  const byLabel: Record<string, Tally> = {};
  const byPhrasing: Record<string, Tally> = {};
  const byKind: Record<string, Tally> = {};
  let retiredChanges = 0;
  let falseRetirements = 0;
  let flaggedConflicts = 0;
  let falseFlags = 0;
  const errors: string[] = [];
  for (const pair of pairs) {
    const { retired, flagged, action } = await writePair(pair);
    const ok = pair.label === "change"
      ? retired
      : pair.label === "conflict"
      ? flagged && !retired
      : !retired && !flagged;
    count(byLabel, pair.label, ok);
    if (pair.label === "change") count(byPhrasing, pair.phrasing, ok);
    else count(byKind, `${pair.label}/${pair.kind ?? pair.phrasing}`, ok);
    if (pair.label === "change" && retired) retiredChanges++;
    if (pair.label !== "change" && retired) falseRetirements++;
    if (pair.label === "conflict" && flagged) flaggedConflicts++;
    if (pair.label !== "conflict" && flagged) falseFlags++;
    if (!ok && verbose) {
      errors.push(
        `${pair.id} [${pair.label} → ${
          retired ? "retired" : flagged ? "flagged" : action
        }]\n  old: ${pair.old}\n  new: ${pair.new}`,
      );
    }
  }
  const changes = pairs.filter((p) => p.label === "change").length;
  const conflicts = pairs.filter((p) => p.label === "conflict").length;
  return {
    result: {
      byLabel,
      byPhrasing,
      byKind,
      changes,
      others: pairs.length - changes,
      retiredChanges,
      falseRetirements,
      conflicts,
      flaggedConflicts,
      falseFlags,
    },
    errors,
  };
}

/** Whether the sweep links the two memories of `pair`. */
async function sweepPair(pair: ContradictionPair): Promise<boolean> {
  const engine = fresh();
  try {
    const scope = `project:${PROJECT}`;
    await engine.importRecords([
      {
        kind: "memory",
        id: "mem_a",
        content: pair.a,
        type: "fact",
        scope,
        recordedAt: "2026-01-01T00:00:00.000Z",
      },
      {
        kind: "memory",
        id: "mem_b",
        content: pair.b,
        type: "fact",
        scope,
        recordedAt: "2026-01-02T00:00:00.000Z",
      },
    ]);
    await engine.sleep({ only: "contradict" });
    return engine.edgesOf("mem_a").some((e) => e.relation === "contradicts");
  } finally {
    engine.close();
  }
}

async function sweep(pairs: readonly ContradictionPair[], verbose: boolean) {
  const byKind: Record<string, Tally> = {};
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const errors: string[] = [];
  for (const pair of pairs) {
    const linked = await sweepPair(pair);
    const ok = linked === (pair.label === "conflict");
    count(byKind, `${pair.label}/${pair.kind}`, ok);
    if (linked && pair.label === "conflict") tp++;
    else if (linked) fp++;
    else if (pair.label === "conflict") fn++;
    if (!ok && verbose) {
      errors.push(`${pair.id} [${pair.label}/${pair.kind}]\n  a: ${pair.a}\n  b: ${pair.b}`);
    }
  }
  return {
    result: { byKind, tp, fp, fn, conflicts: tp + fn, lookalikes: pairs.length - tp - fn },
    errors,
  };
}

/** Sweeps a strand of `size` template memories; every edge is a false contradiction. */
async function templates(size: number) {
  const engine = fresh();
  try {
    const scope = `project:${PROJECT}`;
    const memories = templateMemories(size, 15);
    const t0 = performance.now();
    await engine.importRecords(
      memories.map((m) => ({
        kind: "memory" as const,
        content: m.content,
        type: "fact" as const,
        scope,
      })),
    );
    const imported = performance.now() - t0;
    const confidence = (): Map<string, number> =>
      new Map(
        [...engine.exportRecords()].flatMap((r) =>
          r.kind === "memory" ? [[r.id, r.confidence]] : []
        ),
      );
    const before = confidence();
    const t1 = performance.now();
    const report = await engine.sleep({ only: "contradict" });
    const swept = performance.now() - t1;
    const edges = report.jobs.find((j) => j.job === "contradict")?.changed ?? 0;
    const lowered = [...confidence()].filter(([id, c]) => c < before.get(id)!).length;
    return { size, edges, lowered, importMs: Math.round(imported), sweepMs: Math.round(swept) };
  } finally {
    engine.close();
  }
}

/** Writes `size` template memories one by one through the write path: nothing may be superseded. */
async function writeTemplates(size: number) {
  const engine = fresh();
  try {
    let superseded = 0;
    let flagged = 0;
    const t0 = performance.now();
    for (const m of templateMemories(size, 16)) {
      const out = await engine.write({ content: m.content, type: "fact" });
      superseded += out.superseded.length;
      flagged += out.links.filter((l) => l.relation === "contradicts").length;
    }
    return { size, superseded, flagged, ms: Math.round(performance.now() - t0) };
  } finally {
    engine.close();
  }
}

/**
 * Splits whose items are never printed, not even their misses under `--verbose`: a blind batch
 * until its single run (blind9 now; blind4 to blind8 were run on 2026-11-26).
 */
const HELD_OUT: readonly string[] = ["blind9"];

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      split: { type: "string", default: "tune" },
      templates: { type: "string", default: "10000" },
      "write-templates": { type: "string", default: "3000" },
      verbose: { type: "boolean", default: false },
      write: { type: "boolean", default: false },
    },
  });
  const split = values.split as Split;
  if (!(SPLITS as readonly string[]).includes(split)) {
    const names = `${SPLITS.slice(0, -1).join(", ")} or ${SPLITS.at(-1)}`;
    throw new Error(`--split: ${names}, not ${split}`);
  }
  // Every split but the held-out ones is development data (each was run once blind, then tuned on).
  const verbose = values.verbose && !HELD_OUT.includes(split);
  log(`write path: ${loadChanges(split).length} pairs (${split})`);
  const write = await writePath(loadChanges(split), verbose);
  log(`sweep: ${loadContradictions(split).length} pairs (${split})`);
  const swept = await sweep(loadContradictions(split), verbose);
  const size = Number(values.templates);
  log(`templates: ${size} memories`);
  const strand = size > 0 ? await templates(size) : null;
  const writes = Number(values["write-templates"]);
  log(`template writes: ${writes} memories`);
  const written = writes > 0 ? await writeTemplates(writes) : null;
  const result: StatementsResult = {
    split,
    machine: MACHINE_LINE,
    date: new Date().toISOString().slice(0, 10),
    write: write.result,
    sweep: swept.result,
    templates: strand,
    written,
  };
  const text = renderStatements([result]);
  log(text);
  if (verbose) log([...write.errors, ...swept.errors].join("\n"));
  if (values.write) {
    await Deno.mkdir("bench/results", { recursive: true });
    await Deno.writeTextFile(
      `bench/results/statements-${split}.json`,
      JSON.stringify(result, null, 2) + "\n",
    );
    const recorded: StatementsResult[] = [];
    for (const s of SPLITS) {
      try {
        recorded.push(JSON.parse(await Deno.readTextFile(`bench/results/statements-${s}.json`)));
      } catch {
        // not recorded yet
      }
    }
    const notes = await Deno.readTextFile("bench/results/statements-notes.md").catch(() => "");
    await Deno.writeTextFile(
      "bench/RESULTS-statements.md",
      renderStatements(recorded, true, notes),
    );
    // Recorded files are formatted like the rest of the repository.
    await new Deno.Command(Deno.execPath(), { args: ["fmt", "bench/RESULTS-statements.md"] })
      .output();
  }
}
