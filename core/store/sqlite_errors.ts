/**
 * SQLite failures as `HelixError`s: a busy or locked database is `store_locked`, a full disk
 * `storage_full`, a write to a strand opened read-only (its folder is not this user's to write)
 * `unauthorized`, a damaged file `corrupt`, a file that is not SQLite `not_a_strand`, a
 * constraint `conflict`.
 *
 * @module
 */
import { type ErrorCode, HelixError, isHelixError } from "../errors.ts";

/** SQLite primary result codes Helix distinguishes. */
const CODE_BY_RESULT: Readonly<Record<number, ErrorCode>> = {
  5: "store_locked", // SQLITE_BUSY
  6: "store_locked", // SQLITE_LOCKED
  8: "unauthorized", // SQLITE_READONLY: a strand opened read-only (a folder this user cannot write)
  10: "storage_full", // SQLITE_IOERR
  11: "corrupt", // SQLITE_CORRUPT
  13: "storage_full", // SQLITE_FULL
  14: "storage_full", // SQLITE_CANTOPEN
  19: "conflict", // SQLITE_CONSTRAINT
  26: "not_a_strand", // SQLITE_NOTADB
};

const CODE_BY_MESSAGE: ReadonlyArray<[RegExp, ErrorCode]> = [
  [/database is locked|database table is locked/i, "store_locked"],
  [/attempt to write a readonly database/i, "unauthorized"],
  [/file is not a database/i, "not_a_strand"],
  [/malformed|corrupt/i, "corrupt"],
  [
    /disk is full|database or disk is full|readonly database|disk I\/O error|unable to open/i,
    "storage_full",
  ],
];

/**
 * Converts an error thrown by `node:sqlite` into a `HelixError` with a code from the SQLite
 * result code (or message, where Deno gives none). Other errors pass through unchanged.
 */
export function sqliteError(error: unknown, action: string): unknown {
  if (isHelixError(error) || !(error instanceof Error)) return error;
  const errcode = (error as { errcode?: unknown }).errcode;
  const isSqlite = (error as { code?: unknown }).code === "ERR_SQLITE_ERROR";
  if (!isSqlite) return error;
  let code: ErrorCode | undefined = typeof errcode === "number"
    ? CODE_BY_RESULT[errcode & 0xff]
    : undefined;
  code ??= CODE_BY_MESSAGE.find(([pattern]) => pattern.test(error.message))?.[1];
  if (!code) return error;
  const hint = code === "store_locked"
    ? " (another process holds the strand; retry)"
    : code === "unauthorized"
    ? " (the strand is read-only here: its folder or file is not writable by this user)"
    : "";
  return new HelixError(code, `Cannot ${action}: ${error.message}${hint}`, { cause: error });
}
