/**
 * Appending many writes inside one open transaction (bulk writes, imports): each write's ops
 * and vector, progress every 1,000 items, and errors that name the failing item.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import type { LogTransaction } from "./log.ts";
import { storeVector } from "./vector.ts";
import { appendWrite, type PlannedWrite, type WriterDeps } from "./write_one.ts";

/** Progress of a bulk write or import. */
export interface BulkProgress {
  /** What the write is doing: checking the items, embedding them, or storing them. */
  readonly phase: "validate" | "embed" | "store";
  /** Items done in this phase. */
  readonly done: number;
  /** Items in all. */
  readonly total: number;
}

const PROGRESS_EVERY = 1_000;

/** Options of {@linkcode appendWrites}. */
export interface AppendWritesOptions {
  /** How an error names the failing item, e.g. `write memory #4` ("Cannot <label>: …"). */
  readonly label: (index: number) => string;
  /** Position of each item in the caller's input (default: its position in `items`). */
  readonly indexes?: readonly number[];
  /** Called every 1,000 items and after the last with how many are stored. */
  readonly onStored?: (done: number) => void;
}

/**
 * Appends the ops of many writes (and stores their vectors) inside an open transaction and
 * returns the ids in order. A failing item throws with its position in `details.index`;
 * the caller's transaction then rolls everything back.
 */
export function appendWrites(
  deps: WriterDeps,
  tx: LogTransaction,
  items: readonly PlannedWrite[],
  vectors: readonly (Float32Array | undefined)[],
  options: AppendWritesOptions,
): string[] {
  const ids: string[] = new Array(items.length);
  for (let position = 0; position < items.length; position++) {
    const item = items[position]!;
    try {
      ids[position] = appendWrite(deps, tx, item).id;
    } catch (error) {
      const index = options.indexes?.[position] ?? position;
      throw atIndex(error, options.label(index), index);
    }
    const vector = vectors[position];
    if (vector) storeVector(deps, tx, ids[position]!, item.content, vector, true);
    if ((position + 1) % PROGRESS_EVERY === 0 || position + 1 === items.length) {
      options.onStored?.(position + 1);
    }
  }
  return ids;
}

/**
 * A `HelixError` naming the failing item ("Cannot <label>: …") with its position in
 * `details.index`; other errors pass through.
 */
export function atIndex(error: unknown, label: string, index: number): unknown {
  if (!(error instanceof HelixError)) return error;
  const problem = error.message.replace(/^Cannot (?:write memory: )?/, "");
  return new HelixError(error.code, `Cannot ${label}: ${problem}`, {
    cause: error,
    details: { ...error.details, index },
  });
}
