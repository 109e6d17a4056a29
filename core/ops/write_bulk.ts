/**
 * Appending many writes (bulk writes, imports): every item checked before the first is
 * written, then each write's ops and vector appended in short transactions (`chunks.ts`),
 * with progress and errors that name the failing item.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import type { Store } from "../store/store.ts";
import { withLongRunWal } from "../store/wal.ts";
import { appendInChunks, type ChunkOptions } from "./chunks.ts";
import type { LogTransaction, OpLog } from "./log.ts";
import { storeVector } from "./vector.ts";
import {
  appendWrite,
  checkSuperseded,
  checkValidity,
  type PlannedWrite,
  type WriterDeps,
} from "./write_one.ts";

/** Progress of a bulk write or import. */
export interface BulkProgress {
  /** What the write is doing: checking the items, embedding them, or storing them. */
  readonly phase: "validate" | "embed" | "store";
  /** Items done in this phase. */
  readonly done: number;
  /** Items in all. */
  readonly total: number;
}

/** How a bulk write names its items. */
export interface ItemNames {
  /** How an error names the failing item, e.g. `write memory #4` ("Cannot <label>: …"). */
  readonly label: (index: number) => string;
  /** Position of each item in the caller's input (default: its position in `items`). */
  readonly indexes?: readonly number[];
}

/**
 * The items of a bulk write as they will be written, checked: a time the item leaves out
 * (`validFrom`, `recordedAt`) is `now`, one time for the whole batch whichever transaction
 * writes the item, and what appending would refuse is refused here, before anything is
 * written: an empty validity interval, or superseding a memory that neither the strand nor an
 * earlier item of the batch holds (or that was forgotten, or became valid later). Throws with
 * the item's position (see {@linkcode atIndex}).
 */
export function settleWrites(
  store: Pick<Store, "memoryById">,
  items: readonly PlannedWrite[],
  now: number,
  names: ItemNames,
): PlannedWrite[] {
  const earlier = new Map<
    string,
    { status: NonNullable<PlannedWrite["status"]>; validFrom: number }
  >();
  return items.map((item, position) => {
    const validFrom = item.validFrom ?? now;
    try {
      checkValidity(item, validFrom);
      for (const id of item.supersedes ?? []) {
        checkSuperseded(id, earlier.get(id) ?? store.memoryById(id), validFrom);
      }
    } catch (error) {
      const index = names.indexes?.[position] ?? position;
      throw atIndex(error, names.label(index), index);
    }
    if (item.id !== undefined) earlier.set(item.id, { status: item.status ?? "active", validFrom });
    return { ...item, validFrom, recordedAt: item.recordedAt ?? now };
  });
}

/** Appends one write's ops and stores its vector, if any; returns its id. */
export function appendWriteWithVector(
  deps: WriterDeps,
  tx: LogTransaction,
  item: PlannedWrite,
  vector: Float32Array | undefined,
): string {
  const { id } = appendWrite(deps, tx, item);
  if (vector) storeVector(deps, tx, id, item.content, vector, true);
  return id;
}

/** Options of {@linkcode appendWrites}. */
export interface AppendWritesOptions extends ItemNames, ChunkOptions {
  /** What the transactions do, for errors ("Cannot <action>: …"). @default {"write memories"} */
  readonly action?: string;
  /** Called after each transaction commits with how many items are stored. */
  readonly onStored?: (done: number) => void;
}

/**
 * Appends the ops of many settled writes ({@linkcode settleWrites}) and stores their vectors,
 * in short transactions, and returns the ids in order. A failing item throws with its
 * position in `details.index`; the transactions before its own stay committed.
 */
export async function appendWrites(
  deps: WriterDeps & { readonly log: OpLog },
  items: readonly PlannedWrite[],
  vectors: readonly (Float32Array | undefined)[],
  options: AppendWritesOptions,
): Promise<string[]> {
  const ids: string[] = new Array(items.length);
  await withLongRunWal(
    deps.store.db,
    () =>
      appendInChunks(deps.log, options.action ?? "write memories", {
        total: items.length,
        append(tx, position) {
          try {
            ids[position] = appendWriteWithVector(deps, tx, items[position]!, vectors[position]);
          } catch (error) {
            const index = options.indexes?.[position] ?? position;
            throw atIndex(error, options.label(index), index);
          }
          return true;
        },
        afterCommit: (done) => options.onStored?.(done),
      }, options),
  );
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
