/**
 * A larger page cache for one bulk write (a device starting from a sync snapshot folds 10^5
 * ops into an empty strand): the memory, full-text and token indexes it grows stay in the
 * connection's cache instead of being read back from the OS and spilled mid-transaction. The
 * usual 8 MB (`sqlite.ts`) is restored after, and SQLite releases the rest.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** Runs `fn` with a page cache of `mib` MiB on `db`, then restores the one it had. */
export function withBulkCache<T>(db: DatabaseSync, mib: number, fn: () => T): T {
  const before = (db.prepare("PRAGMA cache_size").get() as { cache_size: number }).cache_size;
  db.exec(`PRAGMA cache_size = ${-Math.round(mib * 1024)}`);
  try {
    return fn();
  } finally {
    if (db.isOpen) db.exec(`PRAGMA cache_size = ${before}`);
  }
}
