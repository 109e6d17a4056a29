/**
 * The state at a point: the fold of the ops the strand held then into a throwaway
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
import { type PointBound, pointCondition } from "./point.ts";

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
export function stateAt(rt: Runtime, bound: PointBound): PointState {
  const [condition, params] = pointCondition(bound);
  const outside = rt.store.prepare(`SELECT 1 FROM ops o WHERE NOT (${condition}) LIMIT 1`)
    .get(...params);
  if (outside === undefined) return { db: rt.store.db, live: true, [Symbol.dispose]() {} };
  const scratch = openScratchStore(rt.store.dimension, rt.store.db);
  const { db } = scratch;
  try {
    db.exec("BEGIN");
    for (const op of rt.log.canonical(bound)) applyOp(scratch, op, 1);
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

/**
 * Every memory id of `db` with its version, in id order: enough to skip what did not change.
 * The version is the last op folded plus the memory's heads, since a merge can change a
 * memory under the same last op (a concurrent edit merged into it adds a head).
 */
export function memoryHeads(db: DatabaseSync): Iterable<{ id: string; headOp: string }> {
  return db.prepare(
    `SELECT m.id AS id, m.head_op || ' ' || coalesce((SELECT group_concat(op, ',') FROM
       (SELECT op FROM memory_heads h WHERE h.memory = m.id ORDER BY op)), '') AS headOp
     FROM memories m ORDER BY m.id`,
  ).iterate() as Iterable<{ id: string; headOp: string }>;
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
