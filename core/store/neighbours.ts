/**
 * The existing memories a candidate is consolidated against: the best BM25 matches and, when
 * the candidate has a vector, the nearest vectors, among the active memories of its scope
 * (profiles aside).
 *
 * @module
 */
import { vectorCandidates } from "./candidates.ts";
import type { KeywordIndex } from "./keyword.ts";
import type { Store } from "./store.ts";
import type { VectorIndex } from "./vector_index.ts";
import type { Visibility } from "./visibility.ts";
import type { MemoryType, Status } from "../model/types.ts";

/** An existing memory near a candidate. */
export interface Neighbour {
  readonly id: string;
  readonly type: MemoryType;
  readonly status: Status;
  readonly content: string;
  /** Cosine similarity of the vectors, when both have one. */
  readonly similarity?: number;
}

/** The indexes neighbours are found with. */
export interface NeighbourIndexes {
  readonly store: Store;
  readonly index: VectorIndex;
  readonly keywords: KeywordIndex;
}

/** Neighbours per channel. */
export const NEIGHBOURS = 8;
/**
 * The rarest words of the content the keyword channel searches with: a duplicate or a
 * same-subject memory shares them, and a query of every word costs several milliseconds at
 * 10^4 memories.
 */
const MAX_TERMS = 8;

/**
 * The active memories of `scope` nearest to `content` (keyword and vector channels, merged;
 * vector similarity attached where known), most similar first.
 */
export function neighboursOf(
  indexes: NeighbourIndexes,
  content: string,
  scope: string,
  vector: Float32Array | undefined,
  now: number,
): Neighbour[] {
  const visibility: Visibility = { scopes: [scope], statuses: ["active"], at: now, asOf: false };
  const similarity = new Map<number, number>();
  if (vector) {
    for (const hit of vectorCandidates(indexes.index, vector, visibility, NEIGHBOURS)) {
      similarity.set(hit.rid, hit.similarity);
    }
  }
  const rids = [...similarity.keys()];
  for (
    const hit of indexes.keywords.candidates(content, visibility, NEIGHBOURS, {
      maxTerms: MAX_TERMS,
    })
      .hits
  ) {
    if (!similarity.has(hit.rid)) rids.push(hit.rid);
  }
  if (rids.length === 0) return [];
  const records = new Map(indexes.store.memoriesByRid(rids).map((r) => [r.rid, r]));
  return rids.flatMap((rid) => {
    const r = records.get(rid);
    // A profile summarises memories; a write is consolidated against the memories themselves.
    if (!r || r.type === "profile") return [];
    const s = similarity.get(rid);
    return [{
      id: r.id,
      type: r.type,
      status: r.status,
      content: r.content,
      ...(s === undefined ? {} : { similarity: s }),
    }];
  });
}
