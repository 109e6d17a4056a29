/**
 * The graph as recall walks it: an edge (followed both ways), how much relevance each
 * relation carries, and a path from a seed hit. `pagerank.ts` ranks the memories around the
 * best hits, `paths.ts` finds how each was reached, `expand_graph.ts` reads the subgraph.
 *
 * @module
 */

/** An edge as the walk sees it. */
export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly relation: string;
  readonly weight: number;
}

/** How strongly each relation carries relevance (1 when not listed). */
export const RELATION_WEIGHT: Readonly<Record<string, number>> = {
  supersedes: 0.2,
  contradicts: 0.5,
  mentions: 0.6,
  "related_to": 0.8,
};

/** How much relevance an edge carries: its weight times its relation's. */
export function edgeWeight(edge: GraphEdge): number {
  return edge.weight * (RELATION_WEIGHT[edge.relation] ?? 1);
}

/** A path from a seed: the memories on it and the relation of each step. */
export interface GraphPath {
  readonly nodes: string[];
  readonly relations: string[];
}
