/**
 * Recall-quality harness: loads the hand-written dataset into a fresh strand (in the order
 * and at the times the memories were learned), runs every labelled query under four channel
 * configurations and reports Recall@5, Recall@10 and MRR overall and per query kind.
 *
 * Usage:
 *   deno task quality                      # real bge-small if cached/downloadable, else the lexical stand-in
 *   deno task quality --embedder bge       # require the real model (fails if unavailable)
 *   deno task quality --embedder hash      # the hashed n-gram stand-in
 *   deno task quality --embedder none      # no vector channel
 *   deno task quality --write              # also record bench/quality/RESULTS.md and results.json
 *   deno task quality --questions tune     # offline question set (questions_run.ts)
 *   deno task quality --questions tune --no-hand-edges   # the graph holds only what writes linked
 *   deno task quality --questions tune --on feedback     # … with channels turned on (or --off)
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import {
  createTransformersEmbedder,
  type Embedder,
  type Engine,
  fixedClock,
  modelCacheDir,
  openEngine,
  type SearchInput,
} from "../../core/mod.ts";
import { edges, memories, type QualityQuery, queries } from "./dataset.ts";
import { load, TODAY } from "./load.ts";
import { measureQuestions, report as questionsReport } from "./questions_run.ts";
import { createHashEmbedder } from "./hash_embedder.ts";

type Config = { name: string; channels: NonNullable<SearchInput["channels"]> };
const CONFIGS: Config[] = [
  { name: "bm25", channels: { vector: false, exact: false, graph: false } },
  { name: "vector", channels: { bm25: false, exact: false, graph: false } },
  { name: "fused", channels: { graph: false } },
  { name: "fused+graph", channels: {} },
];

interface Scores {
  queries: number;
  recall5: number;
  recall10: number;
  mrr: number;
}

async function pickEmbedder(choice: string): Promise<{ embedder: Embedder | null; label: string }> {
  if (choice === "none") return { embedder: null, label: "none (no vector channel)" };
  if (choice === "hash") {
    return {
      embedder: createHashEmbedder(),
      label: "hashed word/char n-grams, 384-d (lexical stand-in)",
    };
  }
  const bge = createTransformersEmbedder({
    cacheDir: modelCacheDir(Deno.env.toObject(), Deno.build.os),
    loadTimeoutMs: 5_000,
  });
  const status = await bge.warmup();
  if (status.state === "ready") return { embedder: bge, label: `${bge.model} (q8, real model)` };
  if (choice === "bge") throw new Error(`The real model is unavailable: ${status.error}`);
  return {
    embedder: createHashEmbedder(),
    label: `hashed word/char n-grams, 384-d (lexical stand-in: ${bge.model} unavailable here)`,
  };
}

async function evaluate(
  engine: Engine,
  idOf: Map<string, string>,
  config: Config,
): Promise<{ overall: Scores; byKind: Map<string, Scores>; misses: string[] }> {
  const keyOf = new Map([...idOf].map(([key, id]) => [id, key]));
  const byKind = new Map<string, Scores>();
  const overall: Scores = { queries: 0, recall5: 0, recall10: 0, mrr: 0 };
  const misses: string[] = [];
  for (const q of queries) {
    const ranked = await run(engine, q, config);
    const keys = ranked.map((id) => keyOf.get(id)!);
    const gold = new Set(q.gold);
    const recallAt = (k: number) =>
      keys.slice(0, k).filter((key) => gold.has(key)).length / gold.size;
    const first = keys.findIndex((key) => gold.has(key));
    const score = {
      recall5: recallAt(5),
      recall10: recallAt(10),
      mrr: first >= 0 ? 1 / (first + 1) : 0,
    };
    if (score.recall10 < 1) {
      misses.push(`${q.id} (${q.kind}) "${q.query}" → ${keys.slice(0, 3).join(", ")}`);
    }
    for (
      const target of [
        overall,
        byKind.get(q.kind) ?? { queries: 0, recall5: 0, recall10: 0, mrr: 0 },
      ]
    ) {
      target.queries += 1;
      target.recall5 += score.recall5;
      target.recall10 += score.recall10;
      target.mrr += score.mrr;
      if (target !== overall) byKind.set(q.kind, target);
    }
  }
  const mean = (s: Scores): Scores => ({
    queries: s.queries,
    recall5: s.recall5 / s.queries,
    recall10: s.recall10 / s.queries,
    mrr: s.mrr / s.queries,
  });
  return {
    overall: mean(overall),
    byKind: new Map([...byKind].map(([k, s]) => [k, mean(s)])),
    misses,
  };
}

async function run(engine: Engine, q: QualityQuery, config: Config): Promise<string[]> {
  const result = await engine.search({
    query: q.query,
    scope: q.scope,
    limit: 10,
    channels: config.channels,
    ...(q.asOf ? { asOf: `${q.asOf}T12:00:00Z` } : {}),
  });
  return result.hits.map((h) => h.memory.id);
}

function pct(x: number): string {
  return (100 * x).toFixed(1).padStart(5);
}

/** Loads a fresh strand with `choice`'s embedder, evaluates every configuration, returns the report. */
async function measure(choice: string, showMisses: boolean) {
  const { embedder, label } = await pickEmbedder(choice);
  const dir = await Deno.makeTempDir({ prefix: "helix-quality-" });
  const clock = fixedClock(TODAY);
  const engine = openEngine({ path: join(dir, "quality.db"), embedder, clock });
  try {
    const idOf = await load(engine, clock);
    const rows: Array<{ config: string; overall: Scores; byKind: Record<string, Scores> }> = [];
    const out: string[] = [`### Vector channel: ${label}`, ""];
    out.push("| configuration | R@5 | R@10 | MRR |", "| --- | ---: | ---: | ---: |");
    let misses: string[] = [];
    for (const config of CONFIGS) {
      if (config.name === "vector" && !embedder) continue;
      const result = await evaluate(engine, idOf, config);
      misses = result.misses;
      rows.push({
        config: config.name,
        overall: result.overall,
        byKind: Object.fromEntries(result.byKind),
      });
      const o = result.overall;
      out.push(`| ${config.name} | ${pct(o.recall5)} | ${pct(o.recall10)} | ${o.mrr.toFixed(3)} |`);
    }
    const kinds = [...new Set(queries.map((q) => q.kind))];
    out.push("", "Recall@10 by query kind:", "");
    out.push(`| kind | n | ${rows.map((r) => r.config).join(" | ")} |`);
    out.push(`| --- | ---: | ${rows.map(() => "---:").join(" | ")} |`);
    for (const kind of kinds) {
      const n = queries.filter((q) => q.kind === kind).length;
      out.push(
        `| ${kind} | ${n} | ${rows.map((r) => pct(r.byKind[kind]!.recall10)).join(" | ")} |`,
      );
    }
    if (showMisses) {
      out.push(
        "",
        `Misses at R@10 (${rows.at(-1)!.config}):`,
        ...misses.map((m) => `- ${m}`),
      );
    }
    return { label, rows, report: out.join("\n") };
  } finally {
    engine.close();
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      embedder: { type: "string", default: "auto" },
      write: { type: "boolean", default: false },
      misses: { type: "boolean", default: false },
      questions: { type: "string" },
      "no-hand-edges": { type: "boolean", default: false },
      off: { type: "string", default: "" },
      on: { type: "string", default: "" },
    },
  });
  if (values.questions !== undefined) {
    const halves = await measureQuestions(
      values.questions.split(",").map((h) => h.trim()),
      {
        handEdges: !values["no-hand-edges"],
        off: values.off!.split(",").map((c) => c.trim()).filter(Boolean),
        on: values.on!.split(",").map((c) => c.trim()).filter(Boolean),
      },
    );
    const text = questionsReport(halves, values.misses!);
    await Deno.stdout.write(new TextEncoder().encode(`${text}\n`));
    if (values.write) {
      const here = new URL(".", import.meta.url).pathname;
      const date = new Date().toISOString().slice(0, 10);
      await Deno.writeTextFile(
        join(here, "RESULTS-offline.md"),
        `# Offline recall on the question set\n\nRecorded by \`deno task quality --questions ${values.questions} --write\` on ${date} (${Deno.build.os}/${Deno.build.arch}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}). No embedding model: BM25, exact tokens and graph only.\n\n${text}\n`,
      );
    }
    Deno.exit(0);
  }
  const header =
    `Dataset: ${memories.length} memories, ${edges.length} edges, ${queries.length} queries ` +
    "(bench/quality/dataset.ts). Configurations: bm25 = BM25 only; vector = vector KNN only; " +
    "fused = vector + BM25 + exact tokens with RRF; fused+graph = fused plus personalized-PageRank expansion.";
  const results = [];
  for (const choice of values.embedder!.split(",")) {
    results.push(await measure(choice.trim(), values.misses!));
  }
  const report = [header, ...results.map((r) => r.report)].join("\n\n");
  await Deno.stdout.write(new TextEncoder().encode(`${report}\n`));
  if (values.write) {
    const here = new URL(".", import.meta.url).pathname;
    const date = new Date().toISOString().slice(0, 10);
    const machine =
      `${Deno.build.os}/${Deno.build.arch}, ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}`;
    await Deno.writeTextFile(
      join(here, "results.json"),
      JSON.stringify(
        { date, machine, results: results.map(({ label, rows }) => ({ embedder: label, rows })) },
        null,
        2,
      ) +
        "\n",
    );
    await Deno.writeTextFile(
      join(here, "RESULTS.md"),
      `# Recall quality\n\nRecorded by \`deno task quality --embedder ${values.embedder} --write\` on ${date} (${machine}).\n\n${report}\n`,
    );
  }
}
