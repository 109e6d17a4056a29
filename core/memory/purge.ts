/**
 * Hard deletion: one `memory.purge` op that removes memories from every table and index,
 * removes the edges touching them and turns every earlier op that touched them into a
 * tombstone (see docs/engine.md, "Purge and tombstones").
 *
 * @module
 */
import { parseInput, purgeInputSchema } from "../model/input.ts";
import { purgedRef } from "../ops/refs.ts";
import { guard } from "../store/guard.ts";
import type { MemoryDeps } from "./deps.ts";
import { requireRecord } from "./read.ts";

/** What a hard deletion removed. */
export interface PurgeResult {
  /** The memories removed, sorted. */
  readonly purged: readonly string[];
  /** Edges that touched them, removed with them (whatever their status). */
  readonly edgesRemoved: number;
  /** Earlier ops whose payload became a tombstone. */
  readonly opsScrubbed: number;
  /**
   * Whether the write-ahead log was emptied too. False when another process was reading the
   * strand: the removed content then leaves the `-wal` file at a later checkpoint.
   */
  readonly walCleared: boolean;
}

/** Purges memories `ids`. Throws `not_found` for an unknown (or purged) id, changing nothing. */
export function purgeMemories(
  deps: Pick<MemoryDeps, "store" | "log">,
  ids: readonly string[],
): PurgeResult {
  const { store, log } = deps;
  const unique = [...new Set(parseInput(purgeInputSchema, ids, "purge memories"))].sort();
  return guard("purge memories", () => {
    const result = log.transact("purge memories", (tx) => {
      // Named by the put that created each one: an id would keep the content's first words.
      const records = unique.map((id) => requireRecord(deps, id, "purge memories"))
        .sort((a, b) => a.createdOp < b.createdOp ? -1 : 1);
      const puts = records.map((r) => r.createdOp);
      const edgesRemoved = store.edgeIdsTouching(unique).length;
      const op = tx.append({
        kind: "memory.purge",
        payload: { puts, parents: records.map((r) => r.headOp) },
      });
      const opsScrubbed = log.purgedBy(op.changeId, puts.map(purgedRef));
      return { purged: unique, edgesRemoved, opsScrubbed };
    });
    return { ...result, walCleared: store.truncateWal() };
  });
}
