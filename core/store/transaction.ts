/**
 * Transactions: a write transaction that takes SQLite's write lock up front (so concurrent
 * writers serialize instead of failing half-way, each waiting its turn) and commits or rolls back as a whole, and
 * the plain transaction a scratch strand is folded in.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { sqliteError } from "./sqlite_errors.ts";
import { beginWrite } from "./write_lock.ts";

/**
 * Runs `fn` in a write transaction (`BEGIN IMMEDIATE`) and commits; on an error rolls back
 * and throws it, a SQLite failure translated to a `HelixError` ("Cannot <action>: …"). A
 * writer that meets another's lock waits its turn (`write_lock.ts`); one held past the lock
 * wait is `store_locked`.
 */
export function writeTransaction<T>(db: DatabaseSync, action: string, fn: () => T): T {
  beginWrite(db, action);
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw sqliteError(error, action);
  }
}

/**
 * Runs `fn` in a plain transaction on a private scratch strand and commits: one transaction
 * instead of one per statement. An error is thrown as is; the caller closes the strand.
 */
export function scratchTransaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN");
  const result = fn();
  db.exec("COMMIT");
  return result;
}

/**
 * Runs `fn` in a read transaction (`BEGIN`, deferred): everything it reads sees one state of
 * the strand, whatever other connections commit meanwhile (WAL). Nothing is written.
 */
export function readTransaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN");
  try {
    return fn();
  } finally {
    if (db.isTransaction) db.exec("COMMIT");
  }
}

/**
 * Runs `fn` inside a savepoint of the open transaction: on an error only `fn`'s writes are
 * undone (the transaction stays open) and the error is thrown. For optional work inside a
 * write that must never leave half of itself behind (sync sealing its outbox).
 */
export function savepoint<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("SAVEPOINT helix_part");
  try {
    const result = fn();
    db.exec("RELEASE helix_part");
    return result;
  } catch (error) {
    db.exec("ROLLBACK TO helix_part");
    db.exec("RELEASE helix_part");
    throw error;
  }
}
