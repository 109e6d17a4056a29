/**
 * The state at a point: the fold of the log's prefix up to the point into a throwaway
 * in-memory strand (same migrations, same `applyOp`), or the live tables for the whole log.
 * Only the logical tables are read back: memories and edges, in id order.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { applyOp } from "../ops/fold.ts";
import { openScratchStore } from "../ops/rebuild.ts";
import type { Runtime } from "../runtime.ts";
import { IN_LIST } from "../store/store.ts";
import {
  decodeMemoryRow,
  EDGE_SELECT,
  type EdgeRecord,
  MEMORY_SELECT,
  type MemoryRecord,
} from "../store/records.ts";
import { inPoint, type PointBound } from "./point.ts";

/** The tables at a point, readable until disposed. */
export interface PointState extends Disposable {
  /** Where to read them: the live strand, or a scratch one holding the fold. */
  readonly db: DatabaseSync;
  /** True when the point covers every op, so `db` is the live strand. */
  readonly live: boolean;
}

/**
 * The tables at `bound`. A bound that covers the whole log reads the live strand (the tables
 * are the fold of every op); any other folds the ops up to it, in canonical order, into a
 * scratch strand the caller disposes.
 */
export function stateAt(rt: Runtime, bound: PointBound): PointState {
  const newest = rt.log.read({ limit: 1 })[0];
  if (newest === undefined || inPoint(bound, newest)) {
    return { db: rt.store.db, live: true, [Symbol.dispose]() {} };
  }
  const scratch = openScratchStore(rt.store.dimension);
  const { db } = scratch;
  try {
    db.exec("BEGIN");
    for (const op of rt.log.canonical()) {
      if (!inPoint(bound, op)) break;
      applyOp(scratch, op, 1);
    }
    db.exec("COMMIT");
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

/** Every memory id of `db` with its head op, in id order: enough to skip what did not change. */
export function memoryHeads(db: DatabaseSync): Iterable<{ id: string; headOp: string }> {
  return db.prepare("SELECT id, head_op AS headOp FROM memories ORDER BY id")
    .iterate() as Iterable<{ id: string; headOp: string }>;
}

/** The memories of `db` with these ids, decoded, by id. */
export function memoriesIn(db: DatabaseSync, ids: readonly string[]): Map<string, MemoryRecord> {
  const out = new Map<string, MemoryRecord>();
  const statement = db.prepare(`SELECT ${MEMORY_SELECT} FROM memories m WHERE m.id IN ${IN_LIST}`);
  for (let start = 0; start < ids.length; start += 1_000) {
    const rows = statement.all(JSON.stringify(ids.slice(start, start + 1_000)));
    for (const row of rows) {
      const record = decodeMemoryRow(row);
      out.set(record.id, record);
    }
  }
  return out;
}

/** Every edge of `db` (active or removed) in id order. */
export function edgeRows(db: DatabaseSync): Iterable<EdgeRecord> {
  return db.prepare(`SELECT ${EDGE_SELECT} FROM edges e ORDER BY e.id`)
    .iterate() as Iterable<EdgeRecord>;
}

/**
 * Walks two id-ordered streams together and calls `visit` once per id with the row on each
 * side (undefined where it is missing).
 */
export function mergeById<T extends { id: string }>(
  a: Iterable<T>,
  b: Iterable<T>,
  visit: (id: string, left: T | undefined, right: T | undefined) => void,
): void {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  let l = left.next();
  let r = right.next();
  while (!l.done || !r.done) {
    if (r.done || (!l.done && l.value.id < r.value.id)) {
      visit(l.value!.id, l.value, undefined);
      l = left.next();
    } else if (l.done || r.value.id < l.value.id) {
      visit(r.value.id, undefined, r.value);
      r = right.next();
    } else {
      visit(l.value.id, l.value, r.value);
      l = left.next();
      r = right.next();
    }
  }
}
