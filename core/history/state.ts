/**
 * The state at a point: the fold of the ops the strand held then into a throwaway
 * in-memory strand (same migrations, same `applyOp`), or the live tables for the whole log.
 * Only the logical tables are read back (`store/queries/history.ts`): memories and edges, in
 * id order.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { applyOp } from "../ops/fold.ts";
import { hasOpOutside, inTransaction } from "../store/queries/history.ts";
import { type PointBound, pointCondition } from "../store/queries/ops_arrival.ts";
import { openScratchStore } from "../store/scratch.ts";
import type { HistoryDeps } from "./deps.ts";

/** The tables at a point, readable until disposed. */
export interface PointState extends Disposable {
  /** Where to read them: the live strand, or a scratch one holding the fold. */
  readonly db: DatabaseSync;
  /** True when the point covers every op, so `db` is the live strand. */
  readonly live: boolean;
}

/**
 * The tables at `bound`. A bound that covers the whole log reads the live strand (the tables
 * are the fold of every op); any other folds the ops in it, in canonical order, into a
 * scratch strand the caller disposes.
 */
export function stateAt(deps: Pick<HistoryDeps, "store" | "log">, bound: PointBound): PointState {
  if (!hasOpOutside(deps.store, pointCondition(bound))) {
    return { db: deps.store.db, live: true, [Symbol.dispose]() {} };
  }
  const scratch = openScratchStore(deps.store.dimension, deps.store.db);
  const { db } = scratch;
  try {
    inTransaction(db, () => {
      for (const op of deps.log.canonical(bound)) applyOp(scratch, op, 1);
    });
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    db,
    live: false,
    [Symbol.dispose]() {
      if (db.isOpen) db.close();
    },
  };
}
