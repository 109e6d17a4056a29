/**
 * Measures a built scale strand (bench/scale_strand.ts) in a fresh process, the way a server
 * meets it: open + first search, search p50/p95 by channel and by scope, vector recall@10
 * against exact search, and resident memory. Prints one JSON object. Run by bench/scale.ts.
 *
 * Usage: deno run -A --v8-flags=--expose-gc bench/scale_probe.ts <strand> <queries>
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { getLoadablePath } from "sqlite-vec";
import { type Engine, openEngine, type SearchInput } from "../core/mod.ts";
import { time, type Timing } from "./measure.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";

/** Scopes searched from, smallest reader view first (see bench/scale_strand.ts). */
export const READERS = ["project:small", "project:p3", "project:big", "all"] as const;
type Reader = typeof READERS[number];

const ONLY = {
  vector: { bm25: false, exact: false, graph: false },
  bm25: { vector: false, exact: false, graph: false },
} as const;

/** What the probe prints. */
export interface ProbeResult {
  memories: number;
  openFirstSearchMs: number;
  rssAfterOpenMb: number;
  search: Record<"p3" | "all", Timing>;
  vectorOnly: Record<Reader, Timing>;
  bm25Only: Record<Reader, Timing>;
  recallAt10: Record<"p3" | "all", number>;
  rssMb: number;
  heapMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 1e6);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Exact top-10 ids per query over the visible vectors, for the p3 reader and for all; cached. */
async function exactTop10(
  path: string,
  texts: string[],
): Promise<Record<"p3" | "all", string[][]>> {
  const key = texts.join("\n").split("").reduce(
    (h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193),
    0x811c9dc5,
  );
  const cache = `${path}.exact-${(key >>> 0).toString(16)}.json`;
  try {
    return JSON.parse(await Deno.readTextFile(cache));
  } catch {
    // computed below
  }
  const queries = await syntheticEmbedder().embed(texts, "query");
  const db = new DatabaseSync(path, { readOnly: true, allowExtension: true });
  db.loadExtension(getLoadablePath());
  const rows = db.prepare(
    `SELECT m.id AS id, m.scope AS scope, v.embedding AS e
     FROM memory_vectors v JOIN memories m ON m.rid = v.rowid WHERE m.status = 'active'`,
  ).iterate() as IterableIterator<{ id: string; scope: string; e: Uint8Array }>;
  type Top = { id: string; dot: number }[];
  const tops = { p3: texts.map((): Top => []), all: texts.map((): Top => []) };
  const push = (top: Top, id: string, dot: number) => {
    if (top.length === 10 && dot <= top[9]!.dot) return;
    top.push({ id, dot });
    top.sort((a, b) => b.dot - a.dot);
    if (top.length > 10) top.pop();
  };
  for (const row of rows) {
    const v = new Float32Array(row.e.slice().buffer);
    const inP3 = row.scope === "project:p3" || row.scope === "global";
    for (let q = 0; q < queries.length; q++) {
      const query = queries[q]!;
      let dot = 0;
      for (let j = 0; j < v.length; j++) dot += v[j]! * query[j]!;
      push(tops.all[q]!, row.id, dot);
      if (inP3) push(tops.p3[q]!, row.id, dot);
    }
  }
  db.close();
  const ids = {
    p3: tops.p3.map((t) => t.map((x) => x.id)),
    all: tops.all.map((t) => t.map((x) => x.id)),
  };
  await Deno.writeTextFile(cache, JSON.stringify(ids));
  return ids;
}

async function recall(engine: Engine, texts: string[], exact: string[][], scope?: "all") {
  let found = 0;
  for (const [i, query] of texts.entries()) {
    const result = await engine.search({
      query,
      limit: 10,
      channels: ONLY.vector,
      ...(scope ? { scope } : {}),
    });
    const got = new Set(result.hits.map((h) => h.memory.id));
    found += exact[i]!.filter((id) => got.has(id)).length;
  }
  return Math.round((found / (texts.length * 10)) * 1000) / 1000;
}

async function probe(path: string, queries: number): Promise<ProbeResult> {
  const started = performance.now();
  const engine = openEngine({
    path,
    embedder: syntheticEmbedder(),
    project: "p3",
    mustExist: true,
  });
  await engine.search({ query: "warm up the index" });
  const openFirstSearchMs = Math.round(performance.now() - started);
  gc();
  const rssAfterOpenMb = mb(Deno.memoryUsage().rss);
  // Recall queries from a generator of their own: a generator's words depend on its past draws.
  const recallGen = synthetic();
  const texts = Array.from({ length: 50 }, (_, i) => recallGen.query(100_000 + i));
  const gen = synthetic();
  const q = (i: number) => gen.query(Math.abs(i));
  const run = (input: (i: number) => SearchInput) => time(queries, (i) => engine.search(input(i)));
  const from = (reader: Reader) => reader === "all" ? "all" : reader;
  const search = {
    p3: await run((i) => ({ query: q(i) })),
    all: await run((i) => ({ query: q(i), scope: "all" })),
  };
  const vectorOnly = {} as Record<Reader, Timing>;
  const bm25Only = {} as Record<Reader, Timing>;
  for (const reader of READERS) {
    vectorOnly[reader] = await run((i) => ({
      query: q(i),
      scope: from(reader),
      channels: ONLY.vector,
    }));
    bm25Only[reader] = await run((i) => ({
      query: q(i),
      scope: from(reader),
      channels: ONLY.bm25,
    }));
  }
  gc();
  const usage = Deno.memoryUsage();
  const exact = await exactTop10(path, texts);
  const recallAt10 = {
    p3: await recall(engine, texts, exact.p3),
    all: await recall(engine, texts, exact.all, "all"),
  };
  const memories = engine.stats().memories;
  engine.close();
  return {
    memories,
    openFirstSearchMs,
    rssAfterOpenMb,
    search,
    vectorOnly,
    bm25Only,
    recallAt10,
    rssMb: mb(usage.rss),
    heapMb: mb(usage.heapUsed),
  };
}

if (import.meta.main) {
  const [path, count = "200"] = Deno.args;
  if (!path) throw new Error("usage: scale_probe.ts <strand> [queries]");
  const result = await probe(path, Number(count));
  await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(result)));
}
