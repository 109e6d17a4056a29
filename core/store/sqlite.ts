/**
 * Opening a strand's SQLite file: refuse files that are not SQLite, set the pragmas (WAL, busy
 * timeout, foreign keys), load sqlite-vec, and translate SQLite failures into `HelixError`s.
 *
 * @module
 */
import {
  DatabaseSync,
  type SQLInputValue,
  type SQLOutputValue,
  type StatementSync,
} from "node:sqlite";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { HelixError } from "../errors.ts";
import { sqliteError } from "./sqlite_errors.ts";
import { vectorExtension } from "./vector_extension.ts";
import { CHECKPOINT_PAGES } from "./wal.ts";
import { DEFAULT_LOCK_WAIT_MS, setLockWait } from "./write_lock.ts";

/** How a strand file is opened. */
export interface OpenDatabaseOptions {
  /**
   * How long a writer waits for another connection's write lock before `store_locked` (each
   * writer holds it for tens of milliseconds; see `write_lock.ts`). @default {30000}
   */
  busyTimeoutMs?: number;
  /**
   * `"full"`: a committed write survives power loss (an fsync per commit), so what an agent
   * was told is saved stays saved. `"normal"` survives a killed process but may lose the last
   * commits on power loss: for work that is redone when lost (the lifecycle worker's).
   * @default {"full"}
   */
  durability?: "normal" | "full";
}

const SQLITE_HEADER = "SQLite format 3\u0000";

/**
 * Opens (creating if missing) the SQLite file at `path`, or `":memory:"`, or `""`: a private
 * temporary database that SQLite keeps in a file it unlinks as it opens it, so memory use
 * stays within the page cache however large the database grows.
 * Throws `not_a_strand` for a file that is not SQLite and `store_locked` when another process
 * holds an exclusive lock past the busy timeout.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): DatabaseSync {
  const { busyTimeoutMs = DEFAULT_LOCK_WAIT_MS, durability = "full" } = options;
  const file = path !== ":memory:" && path !== "";
  if (file) assertSqliteFile(path);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { allowExtension: true, timeout: busyTimeoutMs });
  } catch (error) {
    if (file && cannotWriteBeside(error)) return openReadOnly(path);
    throw sqliteError(error, `open strand ${path}`);
  }
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
    setLockWait(db, busyTimeoutMs);
    db.loadExtension(vectorExtension(file ? dirname(path) : null));
    // The first real read is where SQLite notices a non-database or an exclusive lock.
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    if (file) {
      db.exec("PRAGMA journal_mode = WAL");
      db.exec(`PRAGMA wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
    }
    db.exec(`PRAGMA synchronous = ${durability === "full" ? "FULL" : "NORMAL"}`);
    db.exec("PRAGMA foreign_keys = ON");
    // Freed space is overwritten with zeros, so purged content leaves no bytes behind in the
    // file: not in the pages of deleted rows, and not in pages FTS5 merges free.
    db.exec("PRAGMA secure_delete = ON");
    db.exec("PRAGMA temp_store = MEMORY");
    // 8 MB of page cache per connection (was 16): searches at 10^5 memories ran as fast, and
    // a server's resident memory is ~6–13 MB lower (bench/RESULTS-scale.md). Pages it drops
    // stay in the OS's file cache.
    db.exec("PRAGMA cache_size = -8000");
    return db;
  } catch (error) {
    db.close();
    if (file && cannotWriteBeside(error)) return openReadOnly(path);
    throw sqliteError(error, `open strand ${path}`);
  }
}

/**
 * Whether opening failed because SQLite may not write beside the strand: a folder the user
 * cannot write to (the write-ahead log and its index live there) or a read-only strand file.
 */
function cannotWriteBeside(error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  return /unable to open database file|readonly database|attempt to write a readonly/i.test(
    message,
  );
}

/**
 * The strand read-only, for a folder or file this user cannot write: status, search, list and
 * export still work; any write fails with `unauthorized`. Without a write-ahead log beside it
 * the file is opened immutable (nothing can change it while this folder stays read-only);
 * with one, SQLite reads through it.
 */
function openReadOnly(path: string): DatabaseSync {
  const walBeside = existsSync(`${path}-wal`) && existsSync(`${path}-shm`);
  const uri = `file:${encodeURI(path).replaceAll("?", "%3F").replaceAll("#", "%23")}${
    walBeside ? "" : "?immutable=1"
  }`;
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(uri, { allowExtension: true, readOnly: true });
  } catch (error) {
    throw readOnlyError(error, path);
  }
  try {
    db.loadExtension(vectorExtension(dirname(path)));
    db.prepare("SELECT count(*) FROM sqlite_master").get();
    db.exec("PRAGMA temp_store = MEMORY");
    db.exec("PRAGMA cache_size = -8000");
    return db;
  } catch (error) {
    db.close();
    throw readOnlyError(error, path);
  }
}

function readOnlyError(error: unknown, path: string): unknown {
  const converted = sqliteError(error, `open strand ${path}`);
  return converted instanceof HelixError && converted.code === "storage_full"
    ? new HelixError("unauthorized", `Cannot open strand ${path}: permission denied`, {
      cause: error,
    })
    : converted;
}

/** `StatementSync.setReturnArrays` (node:sqlite ≥ 24), missing from the bundled types. */
interface ArrayRows {
  setReturnArrays?(enabled: boolean): void;
}

/**
 * Runs `statement` and yields each row as its values in SELECT column order. Arrays skip
 * building an object per row (a third of the time at 10^5 rows); on node:sqlite builds
 * without the switch, `Object.values` gives the same order. Switches `statement` to arrays
 * for good: pass one prepared for this use, not a cached one.
 */
export function rowArrays(
  statement: StatementSync,
  ...params: SQLInputValue[]
): Iterable<SQLOutputValue[]> {
  const arrays = statement as StatementSync & ArrayRows;
  if (typeof arrays.setReturnArrays === "function") {
    arrays.setReturnArrays(true);
    return statement.iterate(...params) as Iterable<SQLOutputValue[]>;
  }
  return (function* () {
    for (const row of statement.iterate(...params)) yield Object.values(row as object);
  })();
}

/** Bytes a strand takes on disk: its file plus its write-ahead log, if any. */
export function fileBytes(path: string): number {
  const wal = `${path}-wal`;
  return statSync(path).size + (existsSync(wal) ? statSync(wal).size : 0);
}

/** Owner-only modes: memories are private (DESIGN §14). */
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Checks that `path` is a SQLite file (or creates it, owner-only, in owner-only folders) and
 * makes an existing strand and its write-ahead files owner-only. SQLite creates the `-wal` and
 * `-shm` files with the strand file's mode, so they are private from the first byte.
 */
function assertSqliteFile(path: string): void {
  if (!existsSync(path)) {
    try {
      mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_FOLDER });
      closeSync(openSync(path, "a", PRIVATE_FILE));
    } catch (error) {
      throw fileError(error, `Cannot create strand ${path}`);
    }
    return;
  }
  const stat = statSync(path);
  if (stat.isFile()) {
    for (const file of [path, `${path}-wal`, `${path}-shm`]) tightenMode(file);
  }
  if (stat.isDirectory()) {
    throw new HelixError("not_a_strand", `Cannot open strand ${path}: it is a directory`);
  }
  if (stat.size === 0) return;
  const header = new Uint8Array(16);
  const fd = openSync(path, "r");
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (new TextDecoder().decode(header) !== SQLITE_HEADER) {
    throw new HelixError(
      "not_a_strand",
      `Cannot open strand ${path}: the file is not a SQLite database`,
    );
  }
}

/** Takes group and other permissions off `file` when it exists. */
function tightenMode(file: string): void {
  try {
    const { mode } = statSync(file);
    if ((mode & 0o077) !== 0) chmodSync(file, mode & 0o700);
  } catch {
    // Missing (-wal, -shm) or not ours to change: the strand still opens.
  }
}

/** A file-system failure as a typed error: permission denied, or a full or read-only disk. */
function fileError(error: unknown, action: string): HelixError {
  const code = (error as { code?: string } | null)?.code ?? "";
  if (code === "EACCES" || code === "EPERM") {
    return new HelixError("unauthorized", `${action}: permission denied`, { cause: error });
  }
  if (code === "ENOTDIR") {
    return new HelixError("invalid_input", `${action}: part of the path is a file`, {
      cause: error,
    });
  }
  return new HelixError("storage_full", `${action}: ${(error as Error).message}`, {
    cause: error,
  });
}
