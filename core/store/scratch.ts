/**
 * Scratch strands: a fresh strand with the live one's schema and vector dimension, to fold
 * the live strand's log into for its logical state only (a state hash check, history's
 * states at a point, a refold by difference).
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { openStrandFile } from "./meta.ts";
import { lastSeqno } from "./queries/ops_read.ts";
import { rowArrays } from "./sqlite.ts";
import { createStore, type Store } from "./store.ts";
import { scratchTransaction } from "./transaction.ts";

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
  const db = openScratchDb(
    dimension,
    lastSeqno(log) <= (options.inMemoryOps ?? SCRATCH_IN_MEMORY_OPS),
  );
  return createStore(db, dimension, { exactTokens: false, log });
}

/**
 * A scratch strand like {@linkcode openScratchStore}'s that holds its own copy of `live`'s
 * log (every op and its refs, as `live` reads them: in the caller's read transaction, one
 * snapshot), so ops the live strand does not hold yet (a merge's) can be added to the copy and
 * the whole folded without writing the live strand. The caller closes `store.db`.
 */
export function openScratchCopy(dimension: number, live: DatabaseSync): Store {
  const db = openScratchDb(dimension, lastSeqno(live) <= SCRATCH_IN_MEMORY_OPS);
  try {
    scratchTransaction(db, () => {
      copyRows(live, db, "ops", ["seqno", ...OP_COLUMNS]);
      copyRows(live, db, "op_refs", ["ref", "seqno"]);
    });
    return createStore(db, dimension, { exactTokens: false });
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The columns of `ops` besides `seqno`. */
const OP_COLUMNS = ["change_id", "hlc", "device_id", "seq", "kind", "payload", "arrived"];

function copyRows(from: DatabaseSync, to: DatabaseSync, table: string, columns: string[]): void {
  const insert = to.prepare(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  );
  for (const row of rowArrays(from.prepare(`SELECT ${columns.join(", ")} FROM ${table}`))) {
    insert.run(...(row as SQLInputValue[]));
  }
}

function openScratchDb(dimension: number, inMemory: boolean): DatabaseSync {
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
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
