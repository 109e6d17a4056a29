/**
 * The write-ahead log during a long run of short transactions (an import, a merge): SQLite
 * copies the WAL back into the database file (a checkpoint, with an fsync) whenever a commit
 * leaves it over 1,000 pages, so a run of hundreds of transactions checkpoints hundreds of
 * times and rewrites the same hot index pages each time. Letting the WAL grow to ~200 MB for
 * the run, then checkpointing once, wrote 10^5 imported memories ~20 % faster (~40 MB: ~15 %,
 * in A/B pairs on a loaded machine). A checkpoint never
 * holds the write lock (SQLite runs it after the commit has released it), so other writers
 * are not delayed by it; readers find their pages in a larger WAL index meanwhile.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** Pages the WAL may reach before a checkpoint, during a long run. */
const RUN_CHECKPOINT_PAGES = 50_000;

/**
 * Pages the WAL may reach before a commit checkpoints it (~16 MB; SQLite's default is 1,000).
 * A write at 10^5 memories adds ~38 pages to the WAL (one or two in each of some thirty
 * indexes), so at 1,000 every 26th write also copied ~400 pages back into the database and
 * fsynced it, ~10 ms on its own: 4 % of writes, which set the write path's p95. At 4,000 the
 * checkpoint comes every ~100 writes and copies ~15 % fewer pages in all (the hot pages of
 * the indexes are copied once for more writes); a crash leaves at most ~16 MB to replay.
 * Durability is the commit's (WAL, `synchronous=FULL`), not the checkpoint's.
 */
export const CHECKPOINT_PAGES = 4_000;

/** Runs `fn` with checkpoints every ~200 MB of WAL instead of ~4 MB, then checkpoints once. */
export async function withLongRunWal<T>(db: DatabaseSync, fn: () => Promise<T>): Promise<T> {
  db.exec(`PRAGMA wal_autocheckpoint = ${RUN_CHECKPOINT_PAGES}`);
  try {
    return await fn();
  } finally {
    endLongRun(db);
  }
}

/** {@linkcode withLongRunWal} for a synchronous run. */
export function withLongRunWalSync<T>(db: DatabaseSync, fn: () => T): T {
  db.exec(`PRAGMA wal_autocheckpoint = ${RUN_CHECKPOINT_PAGES}`);
  try {
    return fn();
  } finally {
    endLongRun(db);
  }
}

function endLongRun(db: DatabaseSync): void {
  db.exec(`PRAGMA wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  if (db.isTransaction || !db.isOpen) return;
  try {
    // Passive: copies what no reader still needs, waits for nobody, takes no write lock.
    db.prepare("PRAGMA wal_checkpoint(PASSIVE)").get();
  } catch {
    // a busy or closed strand: a later commit checkpoints
  }
}
