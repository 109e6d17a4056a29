/**
 * The queries of `history/`: ops by change id prefix and their arrival, whether a point
 * leaves ops out, and the logical tables of a strand (the live one, or a scratch strand a
 * point's ops were folded into) read in id order for comparing.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { IN_LIST } from "../prepare.ts";
import {
  decodeMemoryRow,
  EDGE_SELECT,
  type EdgeRecord,
  MEMORY_SELECT,
  type MemoryRecord,
} from "../records.ts";
import type { Store } from "../store.ts";

/** An op as a point names it. */
export interface OpKey {
  readonly seqno: number;
  readonly changeId: string;
  readonly hlc: string;
  readonly deviceId: string;
  readonly kind: string;
}

/** Where an op sits in the log and when it arrived. */
export interface OpPlace {
  readonly seqno: number;
  readonly arrived: number;
}

/** Up to `limit` ops whose change id starts with `prefix` (lowercase hex), by change id. */
export function opsWithPrefix(store: Store, prefix: string, limit: number): OpKey[] {
  return store.prepare(
    `SELECT seqno, change_id AS changeId, hlc, device_id AS deviceId, kind FROM ops
     WHERE change_id >= ? AND change_id < ? ORDER BY change_id LIMIT ?`,
  ).all(prefix, `${prefix}~`, limit) as unknown as OpKey[];
}

/**
 * Whether some op of the log is outside a point, given as its SQL condition on `ops o` and
 * parameters (`ops/arrival.ts`'s `pointCondition`).
 */
export function hasOpOutside(
  store: Store,
  [condition, params]: readonly [sql: string, params: readonly SQLInputValue[]],
): boolean {
  return store.prepare(`SELECT 1 FROM ops o WHERE NOT (${condition}) LIMIT 1`)
    .get(...params) !== undefined;
}

/** Where each of these ops sits in the log and when it arrived, by change id. */
export function arrivalsOf(store: Store, changeIds: readonly string[]): Map<string, OpPlace> {
  const rows = store.prepare(
    `SELECT change_id AS id, seqno, arrived FROM ops WHERE change_id IN ${IN_LIST}`,
  ).all(JSON.stringify(changeIds)) as { id: string; seqno: number; arrived: number }[];
  return new Map(rows.map((r) => [r.id, { seqno: r.seqno, arrived: r.arrived }]));
}

/**
 * Every memory id of `db` with its version, in id order: enough to skip what did not change.
 * The version is the last op folded plus the memory's heads, since a merge can change a
 * memory under the same last op (a concurrent edit merged into it adds a head).
 */
export function memoryVersions(db: DatabaseSync): Iterable<{ id: string; headOp: string }> {
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
export function edgesInOrder(db: DatabaseSync): Iterable<EdgeRecord> {
  return db.prepare(`SELECT ${EDGE_SELECT} FROM edges e ORDER BY e.id`)
    .iterate() as Iterable<EdgeRecord>;
}

/**
 * Runs `fn` in one transaction of `db` (a scratch strand being folded), committed when it
 * returns and rolled back when it throws.
 */
export function inTransaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}
