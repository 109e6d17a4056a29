/**
 * Measures an existing strand the way an MCP server process meets it: a fresh process opens
 * it, then times searches (all channels, vector only, BM25 only) and context packs, reads its
 * resident memory, and finally checks the vector channel's recall@10 against exact search.
 * Prints one JSON object. Run by bench/engine.ts after it seeds a strand.
 *
 * Usage: deno run -A --v8-flags=--expose-gc bench/serve_probe.ts <strand> <queries>
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { getLoadablePath } from "sqlite-vec";
import { type Engine, openEngine } from "../core/mod.ts";
import { time } from "./measure.ts";
import { synthetic, syntheticEmbedder } from "./synthetic.ts";

/** Recall@10 of the vector channel against exact cosine search over every visible vector. */
async function vectorRecall(engine: Engine, path: string, queries: number): Promise<number> {
  const gen = synthetic();
  const embedder = syntheticEmbedder();
  const db = new DatabaseSync(path, { readOnly: true, allowExtension: true });
  db.loadExtension(getLoadablePath());
  const rows = db.prepare(
    `SELECT m.id AS id, v.embedding AS e FROM memory_vectors v JOIN memories m ON m.rid = v.rowid
     WHERE m.scope IN ('global', 'project:p3') AND m.status = 'active'`,
  ).all() as { id: string; e: Uint8Array }[];
  const vectors = rows.map((r) => ({ id: r.id, v: new Float32Array(r.e.slice().buffer) }));
  db.close();
  let found = 0;
  for (let i = 0; i < queries; i++) {
    const text = gen.query(i);
    const [q] = await embedder.embed([text], "query");
    const exact = vectors.map(({ id, v }) => {
      let dot = 0;
      for (let j = 0; j < v.length; j++) dot += v[j]! * q![j]!;
      return { id, dot };
    }).sort((a, b) => b.dot - a.dot).slice(0, 10).map((x) => x.id);
    const result = await engine.search({
      query: text,
      limit: 10,
      channels: { bm25: false, exact: false, graph: false },
    });
    const got = new Set(result.hits.map((h) => h.memory.id));
    found += exact.filter((id) => got.has(id)).length;
  }
  return found / (queries * 10);
}

const [path, count = "200"] = Deno.args;
if (!path) throw new Error("usage: serve_probe.ts <strand> [queries]");
const queries = Number(count);
const openStart = performance.now();
const engine = openEngine({ path, embedder: syntheticEmbedder(), project: "p3", mustExist: true });
const gen = synthetic();
await engine.search({ query: "warm up the index" }); // loads the vector index
const firstSearchMs = Math.round(performance.now() - openStart);
const q = (i: number) => gen.query(Math.abs(i));
const search = await time(queries, (i) => engine.search({ query: q(i) }));
const searchVectorOnly = await time(
  queries,
  (i) => engine.search({ query: q(i), channels: { bm25: false, exact: false, graph: false } }),
);
const searchKeywordOnly = await time(
  queries,
  (i) => engine.search({ query: q(i), channels: { vector: false, exact: false, graph: false } }),
);
const context = await time(
  Math.min(queries, 100),
  (i) => engine.context({ budgetTokens: 2_000, query: q(i) }),
);
(globalThis as { gc?: () => void }).gc?.();
const rssMb = Math.round(Deno.memoryUsage().rss / 1e6);
const vectorRecallAt10 = Math.round((await vectorRecall(engine, path, 50)) * 1000) / 1000;
engine.close();
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify({
  firstSearchMs,
  search,
  searchVectorOnly,
  searchKeywordOnly,
  context,
  rssMb,
  vectorRecallAt10,
})));
