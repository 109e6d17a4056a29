/**
 * The queries of `maintenance/`: SQLite's and FTS5's integrity checks, a read snapshot, the
 * strand's counts and newest op, vectors missing or stale, and the open contradictions.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { EDGE_SELECT, type EdgeRecord } from "../records.ts";
import type { Store } from "../store.ts";

/** `PRAGMA quick_check`'s lines: `["ok"]`, or SQLite's messages. */
export function quickCheckLines(db: DatabaseSync): string[] {
  return (db.prepare("PRAGMA quick_check").all() as { quick_check: string }[])
    .map((r) => r.quick_check);
}

/** What {@linkcode ftsIntegrityProblem} returns when it cannot run: the strand is read-only here. */
export const FTS_UNCHECKED = "unchecked: the strand is read-only here";

/**
 * The FTS5 integrity check (including the comparison with the `memories` rows): null when the
 * index matches, else SQLite's message. It is an `INSERT` into the index's command column, so
 * SQLite takes the write lock for it (a lock or busy error is thrown, not returned; a strand
 * this user may not write gives {@linkcode FTS_UNCHECKED}); it writes nothing, and runs in a
 * transaction that is rolled back so nothing could be kept.
 */
export function ftsIntegrityProblem(db: DatabaseSync): string | null {
  db.exec("BEGIN");
  try {
    db.exec("INSERT INTO memories_fts (memories_fts, rank) VALUES ('integrity-check', 1)");
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/locked|busy/i.test(message)) throw error;
    if (/readonly database/i.test(message)) return FTS_UNCHECKED;
    return message;
  } finally {
    if (db.isTransaction) db.exec("ROLLBACK");
  }
}

/** Runs `fn` in one read transaction of `db` (a consistent snapshot), rolled back after. */
export function inSnapshot<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN");
  try {
    return fn();
  } finally {
    if (db.isTransaction) db.exec("ROLLBACK");
  }
}

/** How many memories (of any status) and ops the strand holds, and its newest op's HLC. */
export function strandCounts(
  db: DatabaseSync,
): { memories: number; ops: number; lastHlc: string | null } {
  const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const memories = one("SELECT count(*) AS n FROM memories");
  const ops = one("SELECT count(*) AS n FROM ops");
  const last = db.prepare("SELECT hlc FROM ops ORDER BY hlc DESC LIMIT 1").get() as
    | { hlc: string }
    | undefined;
  return { memories, ops, lastHlc: last?.hlc ?? null };
}

/** Memories (not forgotten) without a vector, and those whose vector is of older content. */
export function vectorGaps(db: DatabaseSync): { missing: number; stale: number } {
  const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return {
    missing: one(`SELECT count(*) AS n FROM memories m LEFT JOIN vector_state v ON v.rid = m.rid
        WHERE m.status != 'forgotten' AND v.rid IS NULL`),
    stale: one(`SELECT count(*) AS n FROM memories m JOIN vector_state v ON v.rid = m.rid
        WHERE m.status != 'forgotten' AND v.content_hash != m.content_hash`),
  };
}

/** Active `contradicts` edges between two active memories, newest first. */
export function activeContradictions(store: Store): EdgeRecord[] {
  return store.prepare(
    `SELECT ${EDGE_SELECT} FROM edges e
     JOIN memories a ON a.id = e.from_id JOIN memories b ON b.id = e.to_id
     WHERE e.relation = 'contradicts' AND e.status = 'active'
       AND a.status = 'active' AND b.status = 'active'
     ORDER BY e.created_at DESC, e.id`,
  ).all() as unknown as EdgeRecord[];
}
