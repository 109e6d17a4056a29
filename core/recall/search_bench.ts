/**
 * `deno bench` for recall on a 20,000-memory synthetic strand held in memory: one search per
 * channel mix and a context pack. The 10^4/10^5 figures with p50/p95 come from
 * `deno task bench:engine` (bench/engine.ts); this is the quick loop for profiling work.
 *
 * @module
 */
import { openEngine } from "../mod.ts";
import { synthetic, syntheticEmbedder } from "../../bench/synthetic.ts";

const engine = openEngine({ path: ":memory:", embedder: syntheticEmbedder(), project: "p3" });
const gen = synthetic();
for (let done = 0; done < 20_000; done += 5_000) {
  await engine.writeMany(Array.from({ length: 5_000 }, (_, i) => gen.memory(done + i)));
}
await engine.search({ query: "warm up the vector index" });
let i = 0;

Deno.bench("search, all channels (2·10^4 memories)", async () => {
  await engine.search({ query: gen.query(i++) });
});

Deno.bench("search, BM25 only", async () => {
  await engine.search({
    query: gen.query(i++),
    channels: { vector: false, exact: false, graph: false },
  });
});

Deno.bench("search, vector only", async () => {
  await engine.search({
    query: gen.query(i++),
    channels: { bm25: false, exact: false, graph: false },
  });
});

Deno.bench("context, 2,000 tokens with a query", async () => {
  await engine.context({ budgetTokens: 2_000, query: gen.query(i++) });
});
