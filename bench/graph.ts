/**
 * Graph-channel benchmark: search latency around a hub memory. A strand holds one project
 * memory linked by `mentions` edges to N notes (N = 1,000 and 4,000), plus unlinked filler;
 * the queries hit the hub, so graph expansion starts from it. Reports search p50/p95 with and
 * without the graph channel (no vector channel: the figures isolate fusion and expansion).
 *
 * Usage: deno task bench:graph [--hubs 1000,4000] [--queries 100]
 *
 * Figures (linux/x86_64, 2 cores, Deno 2.9.6, 100 queries; before = shortestPath per graph hit
 * with adjacency rebuilt each time and no fan-out cap, after = one breadth-first search and at
 * most 50 edges followed per memory):
 *
 * | hub edges | graph | before p50 / p95 ms | after p50 / p95 ms |
 * | ---: | --- | ---: | ---: |
 * | 1,000 | off | 1.6 / 3.2 | 1.2 / 1.6 |
 * | 1,000 | on | 61.9 / 80.1 | 5.2 / 7.0 |
 * | 4,000 | off | 2.4 / 3.5 | 2.3 / 3.3 |
 * | 4,000 | on | 517.0 / 615.1 | 15.3 / 18.5 |
 *
 * Of the remaining ~15 ms at 4,000 edges, about half is `store.edgesTouching` reading all of the
 * hub's edges (every column) before the cap picks 50; the rest is ordering them and the walk.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { type Engine, fixedClock, openEngine } from "../core/mod.ts";
import { log, time, type Timing } from "./measure.ts";

const TODAY = Date.UTC(2026, 10, 22, 12);
const TOPICS = ["retries", "invoices", "webhooks", "ledger", "refunds", "currency", "tax"];

/** A strand with one hub of `edges` mentions and as many unlinked notes. */
async function hubStrand(edges: number): Promise<{ engine: Engine; hub: string }> {
  const engine = openEngine({ path: ":memory:", clock: fixedClock(TODAY), project: "billing" });
  const hub = await engine.write({
    content: "Billing platform overview: the ledger service, invoices and payment webhooks.",
    type: "project",
    importance: 8,
  });
  const notes = await engine.writeMany(
    Array.from({ length: edges }, (_, i) => ({
      content: `Note ${i}: the ${TOPICS[i % TOPICS.length]} worker ${i} logs to shard ${i % 97}.`,
      type: "fact" as const,
    })),
  );
  await engine.writeMany(
    Array.from({ length: edges }, (_, i) => ({
      content: `Filler ${i}: the ${
        TOPICS[i % TOPICS.length]
      } dashboard panel ${i} shows queue depth.`,
      type: "fact" as const,
    })),
  );
  for (const note of notes.ids) engine.relate({ from: note, to: hub.id, relation: "mentions" });
  return { engine, hub: hub.id };
}

const QUERIES = [
  "billing platform overview",
  "ledger service",
  "payment webhooks invoices",
  "billing ledger",
];

async function measure(engine: Engine, graph: boolean, queries: number): Promise<Timing> {
  return await time(queries, (i) =>
    engine.search({
      query: QUERIES[Math.abs(i) % QUERIES.length]!,
      channels: { vector: false, graph },
    }));
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { hubs: { type: "string", default: "1000,4000" }, queries: { type: "string" } },
  });
  const queries = Number(values.queries ?? 100);
  const rows: string[] = [];
  for (const size of values.hubs.split(",").map(Number)) {
    log(`[${size}] seeding…`);
    const { engine, hub } = await hubStrand(size);
    const check = await engine.search({ query: QUERIES[0]!, channels: { vector: false } });
    if (check.hits[0]?.memory.id !== hub) log(`[${size}] warning: the hub is not the top hit`);
    for (const graph of [false, true]) {
      const t = await measure(engine, graph, queries);
      log(`[${size}] graph ${graph ? "on " : "off"} p50 ${t.p50} ms p95 ${t.p95} ms`);
      rows.push(`| ${size} | ${graph ? "on" : "off"} | ${t.p50} / ${t.p95} |`);
    }
    engine.close();
  }
  const table = ["| hub edges | graph | p50 / p95 ms |", "| ---: | --- | ---: |", ...rows];
  await Deno.stdout.write(new TextEncoder().encode(`${table.join("\n")}\n`));
}
