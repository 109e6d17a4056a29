/**
 * Named queries of the embedding backfill: the memories (not forgotten) whose vector is
 * missing, or stale because their content changed since it was embedded.
 *
 * @module
 */
import type { Store } from "../store.ts";

/** FROM/WHERE of the memories (not forgotten) whose vector is missing or stale. */
const MISSING_VECTORS = `FROM memories m LEFT JOIN vector_state v ON v.rid = m.rid
  WHERE m.status != 'forgotten' AND (v.rid IS NULL OR v.content_hash != m.content_hash)`;

/** A memory to embed. */
export interface MissingVectorRow {
  readonly rid: number;
  readonly id: string;
  readonly content: string;
}

/** How many memories lack a current vector. */
export function countMissingVectors(store: Store): number {
  return (store.prepare(`SELECT count(*) AS n ${MISSING_VECTORS}`).get() as { n: number }).n;
}

/** Up to `limit` memories lacking a current vector, in row order, after skipping `offset`. */
export function missingVectorBatch(
  store: Store,
  limit: number,
  offset: number,
): MissingVectorRow[] {
  return store.prepare(
    `SELECT m.rid AS rid, m.id AS id, m.content AS content ${MISSING_VECTORS}
     ORDER BY m.rid LIMIT ? OFFSET ?`,
  ).all(limit, offset) as unknown as MissingVectorRow[];
}
