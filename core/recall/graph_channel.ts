/**
 * The graph channel of a search: personalized PageRank from the best fused hits over the
 * edges up to two hops away (`expand_graph.ts`, `pagerank.ts`). The memories it ranks form a
 * fourth fusion channel of half weight, and each carries the path from its seed.
 *
 * @module
 */
import type { MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import type { Visibility } from "../store/visibility.ts";
import type { Ranking } from "./channels.ts";
import { expandGraph } from "./expand_graph.ts";
import { type Fused, fuseRankings } from "./fuse.ts";
import type { GraphPath } from "./graph.ts";
import { compareText } from "./order.ts";
import { personalizedPageRank } from "./pagerank.ts";
import { shortestPaths } from "./paths.ts";

const GRAPH_SEEDS = 10;
const GRAPH_HOPS = 2;
const GRAPH_RANKED = 20;
/** The graph channel only re-ranks what the direct channels found, so it counts half. */
const GRAPH_WEIGHT = 0.5;
/**
 * Least PageRank mass (of 1 over the walk) a memory needs to be ranked by the graph channel.
 * The channel fuses by rank, so without a floor a memory holding a trace of mass — one of the
 * fifty that mention an entity a hit also mentions — took a graph rank as good as a linked
 * memory's, and pushed answers out of the top 10 (tune questions: R@10 97.2 → 98.8, MRR
 * 0.781 → 0.803 with the floor; bench/quality/RESULTS-offline.md). The heaviest memory the
 * walk reaches is ranked whatever its mass: the one link a hub's fifty neighbours share.
 */
const MIN_MASS = 0.02;

/** What the graph channel added. */
export interface GraphChannel {
  /** `used`, or `skipped: <why>` (no hits, or only forgotten ones, to expand from). */
  readonly status: string;
  /** The fusion with the graph channel (the direct one when it ranked nothing). */
  readonly fused: Fused<number>[];
  /** The path from a seed to a memory, or null. */
  readonly pathTo: (id: string) => GraphPath | null;
  /** Fused score of each direct hit, by memory id, before the graph channel. */
  readonly directFused: ReadonlyMap<string, number>;
}

/**
 * Expands from the best of `fused`: adds the memories reached to `records` and, when the
 * walk ranks any, the graph ranking to `rankings`, and fuses again.
 */
export function graphChannel(
  store: Store,
  visibility: Visibility,
  fused: Fused<number>[],
  records: Map<number, MemoryRecord>,
  rankings: Ranking[],
): GraphChannel {
  if (fused.length === 0) {
    return {
      status: "skipped: no hits to expand from",
      fused,
      pathTo: () => null,
      directFused: new Map(),
    };
  }
  const idOf = (rid: number) => records.get(rid)?.id ?? "";
  const directFused = new Map(fused.map((f) => [idOf(f.id), f.score]));
  // A forgotten memory is a result when asked for (`includeForgotten`), never a way to
  // others: as a seed it brought in a memory merely linked to it, listed with score 0.000
  // under `helix search … --include-forgotten` though nothing in it matched the query.
  const seedScores = new Map(
    fused.filter((f) => records.get(f.id)?.status !== "forgotten").slice(0, GRAPH_SEEDS)
      .map((f) => [idOf(f.id), f.score]),
  );
  if (seedScores.size === 0) {
    const status = "skipped: the hits are forgotten memories, whose links are not followed";
    return { status, fused, pathTo: () => null, directFused };
  }
  const seeds = [...seedScores.keys()];
  const walk = { ...visibility, statuses: visibility.statuses.filter((s) => s !== "forgotten") };
  const expansion = expandGraph(store, seeds, walk, { hops: GRAPH_HOPS });
  const ridOfId = new Map<string, number>();
  for (const record of expansion.records) {
    records.set(record.rid, record);
    ridOfId.set(record.id, record.rid);
  }
  const ranked = [...personalizedPageRank(seedScores, expansion.edges).entries()]
    .filter(([id, mass]) => mass > 0 && ridOfId.has(id))
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .slice(0, GRAPH_RANKED)
    .filter(([, mass], i) => i === 0 || mass > MIN_MASS);
  if (ranked.length === 0) return { status: "used", fused, pathTo: () => null, directFused };
  rankings.push({
    name: "graph",
    ids: ranked.map(([id]) => ridOfId.get(id)!),
    values: ranked.map(([, mass]) => mass),
    weight: GRAPH_WEIGHT,
  });
  return {
    status: "used",
    fused: fuseRankings(rankings, (a, b) => compareText(idOf(a), idOf(b))),
    pathTo: shortestPaths(seeds, expansion.edges),
    directFused,
  };
}
