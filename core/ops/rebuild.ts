/**
 * Rebuild: drop every table the fold writes and fold the whole log again from empty, in
 * canonical order. Vectors are a cache derived from content, so they survive a rebuild
 * wherever the memory's content hash is unchanged (moved to the memory's new row id if
 * needed) and are otherwise left for backfill.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { openStrandFile } from "../store/meta.ts";
import { sqliteError } from "../store/sqlite.ts";
import { createStore, type Store } from "../store/store.ts";
import { applyOp } from "./fold.ts";
import type { OpLog } from "./log.ts";
import type { Op } from "./op.ts";
import { stateHash } from "./state_hash.ts";

/** What a rebuild did. */
export interface RebuildReport {
  /** Ops folded. */
  readonly ops: number;
  /** Vectors kept because their memory's content did not change. */
  readonly vectorsKept: number;
  /** Vectors dropped (content changed or memory gone); backfill recomputes them. */
  readonly vectorsDropped: number;
}

/** Refolds all tables from the op log inside one write transaction. */
export function rebuildState(store: Store, log: OpLog): RebuildReport {
  const { db } = store;
  db.exec("BEGIN IMMEDIATE");
  try {
    const report = refoldTables(store, log.canonical());
    db.exec("COMMIT");
    return report;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw sqliteError(error, "rebuild strand");
  }
}

/**
 * Refolds all tables from `ops` (the whole log, in canonical order) inside the caller's write
 * transaction: what a rebuild does, and what a merge does when ops from another device land
 * before ops already folded here.
 */
export function refoldTables(store: Store, ops: Iterable<Op>): RebuildReport {
  const { db } = store;
  {
    db.exec("DROP TABLE IF EXISTS temp.saved_vectors");
    db.exec(`CREATE TEMP TABLE saved_vectors AS
      SELECT m.id AS id, v.rid AS rid, v.content_hash AS content_hash, v.q8 AS q8
      FROM vector_state v JOIN memories m ON m.rid = v.rid`);
    const before = (db.prepare("SELECT count(*) AS n FROM saved_vectors").get() as { n: number }).n;

    db.exec(
      `DELETE FROM edges; DELETE FROM provenance; DELETE FROM memory_tokens; DELETE FROM sessions;
      DELETE FROM vector_state; DELETE FROM memories; DELETE FROM memory_heads;
      DELETE FROM conflicts;`,
    );

    const rev = store.nextRev();
    let count = 0;
    for (const op of ops) {
      applyOp(store, op, rev);
      count += 1;
    }
    store.takeRefold(); // this is the refold

    const pairs = db.prepare(
      `SELECT s.rid AS oldRid, m.rid AS newRid, s.content_hash AS hash, s.q8 AS q8
      FROM saved_vectors s JOIN memories m ON m.id = s.id AND m.content_hash = s.content_hash`,
    )
      .all() as { oldRid: number; newRid: number; hash: string; q8: Uint8Array }[];
    const moved = pairs.filter((p) => p.oldRid !== p.newRid);
    const movedVectors = store.vectorsByRid(moved.map((p) => p.oldRid));
    const kept = new Set(pairs.filter((p) => p.oldRid === p.newRid).map((p) => p.newRid));
    const removeVector = db.prepare("DELETE FROM memory_vectors WHERE rowid = ?");
    const allVectorRids = db.prepare("SELECT rowid AS rid FROM memory_vectors").all() as {
      rid: number;
    }[];
    for (const { rid } of allVectorRids) {
      if (!kept.has(rid)) removeVector.run(BigInt(rid));
    }
    const insertState = db.prepare(
      "INSERT INTO vector_state (rid, content_hash, q8) VALUES (?, ?, ?)",
    );
    const insertVector = db.prepare("INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)");
    let vectorsKept = 0;
    for (const pair of pairs) {
      if (pair.oldRid !== pair.newRid) {
        const vector = movedVectors.get(pair.oldRid);
        if (!vector) continue; // its float copy is gone: backfill re-embeds it
        insertVector.run(BigInt(pair.newRid), vector);
      }
      insertState.run(pair.newRid, pair.hash, pair.q8);
      vectorsKept += 1;
    }
    db.exec("DROP TABLE temp.saved_vectors");
    db.exec("UPDATE counters SET value = value + 1 WHERE name = 'generation'");
    return { ops: count, vectorsKept, vectorsDropped: before - vectorsKept };
  }
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
  const { db } = store;
  let count = 0;
  try {
    db.exec("BEGIN");
    for (const op of ops) {
      applyOp(store, op, 1);
      count += 1;
    }
    db.exec("COMMIT");
    return { ops: count, stateHash: stateHash(db), error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ops: count, stateHash: null, error: message };
  } finally {
    db.close();
  }
}

/**
 * Logs longer than this are folded into a scratch strand in a temporary file rather than in
 * memory: at 10^5 memories the scratch strand is ~115 MB, which in memory raises the peak
 * resident size by ~130 MB and in a file by ~35 MB (the page cache), for ~10 % more time.
 */
const SCRATCH_IN_MEMORY_OPS = 20_000;

/**
 * A fresh strand (same migrations, the given vector dimension) to fold the ops of the strand
 * `log` into, for their logical state only: its full-text triggers, exact tokens and
 * secondary memory indexes are left out, as the state hash and history comparisons do not
 * read them. The fold reads earlier ops from `log` to merge concurrent edits. It is held in
 * memory, or for a log longer than `inMemoryOps` (default 20,000) in a private temporary
 * file that SQLite unlinks as it opens it. The caller closes `store.db`.
 */
export function openScratchStore(
  dimension: number,
  log: DatabaseSync,
  options: { inMemoryOps?: number } = {},
): Store {
  const { n } = log.prepare("SELECT coalesce(max(seqno), 0) AS n FROM ops").get() as { n: number };
  const inMemory = n <= (options.inMemoryOps ?? SCRATCH_IN_MEMORY_OPS);
  const { db } = openStrandFile(inMemory ? ":memory:" : "", {
    embeddingModel: "scratch",
    embeddingDimension: dimension,
    now: 0,
  });
  try {
    // A temporary file is deleted on close: no need for zeroed pages or synced writes.
    db.exec("PRAGMA temp_store = FILE; PRAGMA synchronous = OFF; PRAGMA secure_delete = OFF");
    db.exec(`DROP TRIGGER memories_fts_insert; DROP TRIGGER memories_fts_delete;
      DROP TRIGGER memories_fts_update; DROP INDEX memories_visible; DROP INDEX memories_rev;
      DROP INDEX memories_recorded; DROP INDEX memories_latest;`);
    return createStore(db, dimension, { exactTokens: false, log });
  } catch (error) {
    db.close();
    throw error;
  }
}
