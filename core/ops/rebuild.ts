/**
 * Rebuild and its check: refolding the live tables from the op log in one write transaction,
 * and folding the log into a fresh scratch strand to compare its state hash with the live
 * one's.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { openScratchStore } from "../store/scratch.ts";
import type { Store } from "../store/store.ts";
import { scratchTransaction, writeTransaction } from "../store/transaction.ts";
import { applyOp } from "./fold.ts";
import type { Op } from "./kinds.ts";
import type { OpLog } from "./log.ts";
import { type RebuildReport, refoldTables } from "./refold.ts";
import { stateHash } from "./state_hash.ts";

/** Refolds all tables from the op log inside one write transaction. */
export function rebuildState(store: Store, log: Pick<OpLog, "canonical">): RebuildReport {
  return writeTransaction(store.db, "rebuild strand", () => refoldTables(store, log.canonical()));
}

/** What folding a log into a fresh strand gave. */
export interface RefoldReport {
  /** Ops folded. */
  readonly ops: number;
  /** State hash of the fresh strand; null when the log did not fold. */
  readonly stateHash: string | null;
  /** Why the log did not fold (an op referring to a memory that does not exist…). */
  readonly error: string | null;
}

/**
 * Folds `ops` (in canonical order, read from the strand `log`) into a fresh in-memory strand
 * with the same schema and vector dimension and returns its state hash, leaving the live
 * strand untouched: the check that the tables are what the log says. The fresh strand keeps
 * only what the state hash covers: its full-text triggers, exact tokens and secondary memory
 * indexes are left out.
 */
export function refoldFresh(
  ops: Iterable<Op>,
  dimension: number,
  log: DatabaseSync,
): RefoldReport {
  const store = openScratchStore(dimension, log);
  let count = 0;
  try {
    scratchTransaction(store.db, () => {
      for (const op of ops) {
        applyOp(store, op, 1);
        count += 1;
      }
    });
    return { ops: count, stateHash: stateHash(store.db), error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ops: count, stateHash: null, error: message };
  } finally {
    store.db.close();
  }
}
