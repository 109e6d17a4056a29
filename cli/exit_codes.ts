/**
 * Exit codes (BSD sysexits, as git and most Unix tools use them), one exhaustive table from
 * {@linkcode ErrorCode}: adding a code to core fails `deno check` until it has an exit code.
 *
 * @module
 */
import type { ErrorCode } from "@helix/core";

/** Success. */
export const EXIT_OK = 0;
/** A check failed (`doctor`) or the user declined (`forget --hard`): not an error. */
export const EXIT_FAILED = 1;
/** EX_USAGE: unknown command or flag, or a bad value. */
export const EXIT_USAGE = 64;
/** EX_SOFTWARE: a bug in Helix. */
export const EXIT_SOFTWARE = 70;

/** The exit code of each failure class. */
export const EXIT_CODES: Readonly<Record<ErrorCode, number>> = {
  "invalid_input": EXIT_USAGE,
  "not_found": 66, // EX_NOINPUT
  conflict: 65, // EX_DATAERR
  "not_a_strand": 65,
  "unsupported_version": 65,
  corrupt: 65,
  tampered: 65,
  "embedding_mismatch": 65,
  "storage_full": 74, // EX_IOERR
  "store_locked": 75, // EX_TEMPFAIL
  "quota_exceeded": 75,
  "embedder_unavailable": 75,
  "relay_misbehaved": 76, // EX_PROTOCOL
  "bad_signature": 77, // EX_NOPERM
  "decrypt_failed": 77,
  unauthorized: 77,
};
