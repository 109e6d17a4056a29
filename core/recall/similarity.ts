/**
 * How alike two candidates are, for MMR's near-duplicate penalty: cosine of the stored
 * vectors, else 1 for equal content, else the Jaccard overlap of their words.
 *
 * @module
 */
import type { MemoryRecord } from "../store/records.ts";
import type { VectorIndex } from "../store/vector_index.ts";
import { jaccard, wordSet } from "../text/words.ts";

/**
 * Similarity for MMR over `index`: cosine of the stored vectors, else 1 for equal content,
 * else the Jaccard overlap of the words (each memory's word set computed once, on first use).
 */
export function similarityOver(
  index: Pick<VectorIndex, "similarity">,
): (a: { record: MemoryRecord }, b: { record: MemoryRecord }) => number {
  const words = new Map<number, ReadonlySet<string>>();
  const wordsOf = (record: MemoryRecord) => {
    let set = words.get(record.rid);
    if (!set) words.set(record.rid, set = wordSet(record.content));
    return set;
  };
  return ({ record: a }, { record: b }) => {
    const cosine = index.similarity(a.rid, b.rid);
    if (cosine !== null) return Math.max(0, cosine);
    if (a.contentHash === b.contentHash) return 1;
    return jaccard(wordsOf(a), wordsOf(b));
  };
}
