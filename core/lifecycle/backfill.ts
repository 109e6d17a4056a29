/**
 * Embedding backfill (DESIGN §6, §8): a memory written while the model was not available
 * (offline, still downloading, no model configured then) is stored without a vector, and one
 * whose content was edited keeps a stale one; both are found by BM25 and the graph meanwhile.
 * This embeds them in batches, each stored in its own short transaction, so the CLI
 * (`helix backfill`) and the worker's `embed` job can stop anywhere and resume.
 *
 * @module
 */
import type { Embedder } from "../ports.ts";
import { storeVector } from "../ops/vector.ts";
import { countMissingVectors, missingVectorBatch } from "../store/queries/backfill.ts";
import type { LifecycleDeps } from "./deps.ts";

/** Progress of a backfill. */
export interface BackfillProgress {
  /** Memories embedded or skipped so far. */
  readonly done: number;
  /** Memories that lacked a current vector when the backfill began. */
  readonly total: number;
}

/** Options of {@linkcode backfillVectors}. */
export interface BackfillOptions {
  /** Texts embedded per call and stored per transaction (1–512, default 64). */
  readonly batchSize?: number;
  /** Called after each batch. */
  readonly onProgress?: (progress: BackfillProgress) => void;
  /** Called between batches (the worker yields to the event loop there). */
  readonly pause?: () => Promise<void>;
}

/** How many memories lack a current vector. */
export function missingVectors(deps: Pick<LifecycleDeps, "store">): number {
  return countMissingVectors(deps.store);
}

/**
 * Embeds every memory whose vector is missing or stale with `embedder` (which must be ready).
 * A memory edited while its batch was being embedded is skipped (its next run picks it up).
 */
export async function backfillVectors(
  deps: Pick<LifecycleDeps, "store" | "log">,
  embedder: Embedder,
  options: BackfillOptions = {},
): Promise<{ embedded: number; remaining: number }> {
  const batchSize = Math.max(1, Math.min(512, options.batchSize ?? 64));
  const total = missingVectors(deps);
  let embedded = 0;
  let attempted = 0;
  while (attempted < total) {
    // Stored ones leave the query, so the offset only skips the ones that were not.
    const batch = missingVectorBatch(deps.store, batchSize, attempted - embedded);
    if (batch.length === 0) break;
    const vectors = await embedder.embed(batch.map((b) => b.content), "document");
    embedded += deps.log.transact("backfill embeddings", (tx) => {
      let stored = 0;
      batch.forEach((item, i) => {
        if (deps.store.memoryById(item.id)?.content !== item.content) return;
        storeVector(deps, tx, item.id, item.content, vectors[i]!);
        stored += 1;
      });
      return stored;
    });
    attempted += batch.length;
    options.onProgress?.({ done: attempted, total });
    await options.pause?.();
  }
  return { embedded, remaining: missingVectors(deps) };
}
