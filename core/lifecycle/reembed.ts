/**
 * Re-embedding (DESIGN §8): a strand is pinned to one embedding model, because vectors of two
 * models cannot be compared. Changing the model is a tracked, resumable migration:
 *
 * 1. Opening the strand with another model and `reembed: true` (`helix reembed`) records the
 *    target in `meta` (`reembed_model`, `reembed_dimension`). Until it completes, the strand
 *    opens with the target model in re-embedding mode: writes store no vectors and recall
 *    runs on BM25, exact tokens and the graph (the old vectors cannot answer the new model's
 *    queries). Opening with the old model again cancels it.
 * 2. {@linkcode reembedStrand} embeds every memory into `reembed_vectors` in small
 *    transactions (`helix reembed` with progress, or the worker's `embed` job in the
 *    background), so it survives a kill and resumes where it stopped.
 * 3. When every memory has its new vector, the strand switches, in short transactions (no
 *    step holds the write lock for more than ~50 ms at 10^5 memories): the old vectors' state
 *    is dropped a batch at a time (recall does not use them meanwhile), then `memory_vectors`
 *    is dropped and recreated at the new dimension and filled from the staged vectors a
 *    batch at a time (a cursor in `meta` says how far, so a killed switch resumes), the
 *    staged copies are dropped a batch at a time, and one small transaction moves the pin to
 *    the new model. Memories written once the switch has begun are left to the backfill.
 *    A process that opens the strand afterwards uses the new vectors (the one that switched
 *    keeps running without vectors until it reopens).
 *
 * Vectors are a cache derived from content, so none of this is an op.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { Embedder } from "../ports.ts";
import { HelixError } from "../errors.ts";
import { appendInChunks } from "../ops/chunks.ts";
import {
  countLiveMemories,
  countOldVectorRows,
  countStaged,
  countStagedToMove,
  countUnstaged,
  dropOldVectors,
  dropStagedVectors,
  moveEmbeddingPin,
  moveStagedVectors,
  readReembedTarget,
  recreateVectorTable,
  stageVector,
  switchCursor,
  unstagedBatch,
  writeReembedTarget,
} from "../store/queries/reembed.ts";
import type { LifecycleDeps } from "./deps.ts";

/** The model a strand is being re-embedded with, and how far it got. */
export interface ReembedStatus {
  /** The target model. */
  readonly model: string;
  /** Its vector dimension. */
  readonly dimension: number;
  /** Memories with their new vector. */
  readonly done: number;
  /** Memories to embed in all (forgotten ones aside). */
  readonly total: number;
}

/** What {@linkcode reembedStrand} did. */
export interface ReembedReport {
  /** Memories embedded by this call. */
  readonly embedded: number;
  /** Whether the strand switched to the new model. */
  readonly switched: boolean;
  /** How far it got (all done once switched). */
  readonly status: ReembedStatus;
}

/** Options of {@linkcode reembedStrand}. */
export interface ReembedOptions {
  /** Texts embedded per call and staged per transaction (1–512, default 64). */
  batchSize?: number;
  /** Called between batches (the worker yields to the event loop there). */
  pause?: () => Promise<void>;
  /** Called after each batch with the status. */
  onProgress?: (status: ReembedStatus) => void;
}

/** The re-embedding target recorded in `meta`, if any. */
export function reembedTarget(db: DatabaseSync): { model: string; dimension: number } | null {
  return readReembedTarget(db);
}

/**
 * Records `embedder` as the target (or, with null, forgets an unfinished re-embedding because
 * the strand is opened with its pinned model again), dropping vectors staged for another one.
 */
export function setReembedTarget(db: DatabaseSync, embedder: Embedder | null): void {
  writeReembedTarget(
    db,
    embedder ? { model: embedder.model, dimension: embedder.dimension } : null,
  );
}

/** How far the re-embedding got, or null when none is under way. */
export function reembedStatus(deps: Pick<LifecycleDeps, "store">): ReembedStatus | null {
  const target = reembedTarget(deps.store.db);
  if (!target) return null;
  const total = countLiveMemories(deps.store);
  // Once the switch has begun, every vector there is to move is staged.
  if (switchCursor(deps.store) !== null) return { ...target, total, done: total };
  return { ...target, total, done: total - countUnstaged(deps.store) };
}

/**
 * Embeds every memory with the target model (batches of `batchSize`, each stored in its own
 * transaction), then switches the strand to it. Throws `embedder_unavailable` when the model
 * cannot load, and `invalid_input` when no re-embedding is under way.
 */
export async function reembedStrand(
  deps: Pick<LifecycleDeps, "store" | "log" | "reembedder">,
  options: ReembedOptions = {},
): Promise<ReembedReport> {
  const embedder = deps.reembedder;
  const target = reembedTarget(deps.store.db);
  if (!embedder || !target) {
    throw new HelixError("invalid_input", "Cannot re-embed: no re-embedding is under way");
  }
  const ready = await embedder.warmup();
  if (ready.state !== "ready") {
    throw new HelixError(
      "embedder_unavailable",
      `Cannot re-embed with ${embedder.model}: ${ready.error ?? `the model is ${ready.state}`}`,
    );
  }
  const batchSize = Math.max(1, Math.min(512, options.batchSize ?? 64));
  let embedded = 0;
  // Once the switch has begun (a killed one resumes), memories still without a vector are
  // left to the backfill.
  while (switchCursor(deps.store) === null) {
    const batch = unstagedBatch(deps.store, batchSize);
    if (batch.length === 0) break;
    const vectors = await embedder.embed(batch.map((b) => b.content), "document");
    deps.log.transact("stage re-embedded vectors", () => {
      batch.forEach((item, i) => {
        const vector = vectors[i]!;
        if (vector.length !== target.dimension) {
          throw new HelixError(
            "embedding_mismatch",
            `Cannot re-embed: ${embedder.model} returned ${vector.length}-d vectors, not ${target.dimension}-d`,
          );
        }
        // A memory edited meanwhile has another hash: it stays unstaged for the next batch.
        stageVector(deps.store, item.rid, item.hash, vector);
      });
    });
    embedded += batch.length;
    options.onProgress?.(reembedStatus(deps)!);
    await options.pause?.();
  }
  await switchToStaged(deps, target, options.pause);
  return { embedded, switched: true, status: { ...target, done: 0, total: 0 } };
}

/** Rows one transaction of the switch drops or moves: ~10–30 ms of work at 10^5 memories. */
const SWITCH_BATCH = 512;

/** The switch to the staged vectors, in short transactions (see the module doc). */
async function switchToStaged(
  deps: Pick<LifecycleDeps, "store" | "log">,
  target: { model: string; dimension: number },
  pause: (() => Promise<void>) | undefined,
): Promise<void> {
  const { store, log } = deps;
  const steps = (rows: number) => Math.ceil(rows / SWITCH_BATCH);
  const chunkOptions = { maxItems: 1, ...(pause ? { pause } : {}) };
  const run = (action: string, total: number, step: () => number) =>
    appendInChunks(log, action, { total, append: () => step() >= 0 }, chunkOptions);
  if (switchCursor(store) === null) {
    await run(
      "drop the old vectors",
      steps(countOldVectorRows(store)),
      () => dropOldVectors(store, SWITCH_BATCH),
    );
    log.transact("recreate the vector table", () => recreateVectorTable(store, target));
  }
  await run(
    "move the re-embedded vectors",
    steps(countStagedToMove(store, switchCursor(store) ?? 0)),
    () => moveStagedVectors(store, SWITCH_BATCH),
  );
  await run(
    "drop the staged vectors",
    steps(countStaged(store)),
    () => dropStagedVectors(store, SWITCH_BATCH),
  );
  log.transact("switch to the re-embedded vectors", () => moveEmbeddingPin(store, target));
}
