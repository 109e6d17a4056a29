/**
 * Long writes in short transactions: an import, a bulk write or a merge appends its items in
 * chunks, each its own write transaction cut when it has held SQLite's write lock for
 * ~50 ms (or reached a cap on items), with a pause between chunks in which other connections
 * (an MCP server's `memory_write`, the lifecycle thread) take their turn. Each chunk commits
 * whole items, so a reader never sees half of one; a crash between chunks leaves the ones
 * committed, which is why callers record a marker (`store/queries/transfer_runs.ts`) and make
 * a second run skip what the first one wrote.
 *
 * @module
 */
import { sleepSync } from "../util/sleep.ts";
import type { LogTransaction, OpLog } from "./log.ts";

/** How chunks are cut. */
export interface ChunkOptions {
  /**
   * A monotonic timer (ms) measuring how long a chunk has held the lock: physical time, not
   * the engine's clock (a test's fixed clock must not make transactions unbounded).
   * @default {performance.now}
   */
  readonly elapsed?: () => number;
  /** A chunk is cut once it has held the lock this long (ms). @default {50} */
  readonly budgetMs?: number;
  /** Most items in one chunk. @default {10000} */
  readonly maxItems?: number;
  /** Waited for between chunks. @default {a 1 ms timer: other connections take the lock} */
  readonly pause?: () => Promise<void>;
}

/** What {@linkcode appendInChunks} appends, and what it tells its caller. */
export interface ChunkedWrite {
  /** Items to append. */
  readonly total: number;
  /**
   * Appends item `index` inside the open transaction and returns true; false when it cannot
   * be appended now (what the caller planned is out of date): the chunk commits the items
   * before it and the run stops there.
   */
  append(tx: LogTransaction, index: number): boolean;
  /** Inside each chunk's transaction, after its items: `done` items are then written. */
  readonly beforeCommit?: (tx: LogTransaction, done: number) => void;
  /** After each chunk commits, outside any transaction. */
  readonly afterCommit?: (done: number) => void;
}

/** Budget per chunk, ms: tens of milliseconds, so a writer waiting for the lock waits one. */
export const CHUNK_BUDGET_MS = 50;

const pauseOneTick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
const monotonic = () => performance.now();

/**
 * Appends `write.total` items in chunks (see the module doc) and returns how many were
 * appended: all of them, or fewer when an item could not be appended (`append` returned
 * false). A failing item rolls back its chunk and is thrown; the chunks before it stay
 * committed.
 */
export async function appendInChunks(
  log: OpLog,
  action: string,
  write: ChunkedWrite,
  options: ChunkOptions,
): Promise<number> {
  const { pause = pauseOneTick } = options;
  let done = 0;
  while (true) {
    const chunk = commitChunk(log, action, write, done, options);
    done = chunk.done;
    write.afterCommit?.(done);
    if (chunk.stopped || done >= write.total) return done;
    await pause();
  }
}

/**
 * {@linkcode appendInChunks} for a synchronous caller: between chunks the thread sleeps a
 * millisecond (other processes and threads take the lock then; other connections of this
 * thread only in `afterCommit`).
 */
export function appendInChunksSync(
  log: OpLog,
  action: string,
  write: ChunkedWrite,
  options: Omit<ChunkOptions, "pause">,
): number {
  let done = 0;
  while (true) {
    const chunk = commitChunk(log, action, write, done, options);
    done = chunk.done;
    write.afterCommit?.(done);
    if (chunk.stopped || done >= write.total) return done;
    sleepSync(1);
  }
}

/** One chunk from item `from`: how many items are done after it, and whether it stopped early. */
function commitChunk(
  log: OpLog,
  action: string,
  write: ChunkedWrite,
  from: number,
  options: ChunkOptions,
): { done: number; stopped: boolean } {
  const { elapsed = monotonic, budgetMs = CHUNK_BUDGET_MS, maxItems = 10_000 } = options;
  return log.transact(action, (tx) => {
    const started = elapsed();
    let next = from;
    let stopped = false;
    const end = Math.min(write.total, from + Math.max(1, maxItems));
    while (next < end) {
      if (write.append(tx, next) === false) {
        stopped = true;
        break;
      }
      next += 1;
      if (elapsed() - started >= budgetMs) break;
    }
    write.beforeCommit?.(tx, next);
    return { done: next, stopped };
  });
}
