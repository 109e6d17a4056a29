/**
 * Taking SQLite's write lock and waiting one's turn for it. SQLite's own busy handler sleeps
 * in growing steps (1, 2, 5 … 100 ms) between tries, so a writer that meets a lock held in
 * short turns (an import's ~50 ms chunks with a pause between) keeps waking up inside the next
 * turn and can starve for seconds. Here the writer tries again every millisecond (every few
 * after a second of waiting), so it takes the lock in the first pause, up to a generous bound
 * (the connection's lock wait, 30 s by default) before `store_locked`.
 *
 * The wait blocks the calling thread, as SQLite's busy handler does; every Helix writer holds
 * the lock for tens of milliseconds at most, so a wait normally lasts one turn of another
 * writer. Readers never wait: the strand runs in WAL mode, where reads see the last commit.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { isHelixError } from "../errors.ts";
import { sleepSync } from "../util/sleep.ts";
import { sqliteError } from "./sqlite_errors.ts";

/** How long a writer waits for the lock by default before `store_locked`. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

const lockWaits = new WeakMap<DatabaseSync, number>();

/** Records how long writers on `db` wait for the lock (what `openDatabase` was given). */
export function setLockWait(db: DatabaseSync, ms: number): void {
  lockWaits.set(db, Math.max(0, Math.trunc(ms)));
}

/** How long writers on `db` wait for the lock. */
export function lockWaitOf(db: DatabaseSync): number {
  return lockWaits.get(db) ?? DEFAULT_LOCK_WAIT_MS;
}

/**
 * Begins a write transaction (`BEGIN IMMEDIATE`), trying again while another connection holds
 * the write lock, until the connection's lock wait has passed; then throws `store_locked`
 * ("Cannot <action>: …"). Other failures are thrown at once, translated.
 */
export function beginWrite(db: DatabaseSync, action: string): void {
  const bound = lockWaitOf(db);
  // Each try returns at once (SQLite's busy handler off); the pause between tries is ours.
  db.exec("PRAGMA busy_timeout = 0");
  try {
    let waited = 0;
    while (true) {
      try {
        db.exec("BEGIN IMMEDIATE");
        return;
      } catch (error) {
        const translated = sqliteError(error, action);
        if (!isHelixError(translated, "store_locked") || waited >= bound) throw translated;
        const pause = Math.min(waited < 1_000 ? 1 : waited < 5_000 ? 2 : 5, bound - waited);
        sleepSync(pause);
        waited += pause;
      }
    }
  } finally {
    db.exec(`PRAGMA busy_timeout = ${bound}`);
  }
}
