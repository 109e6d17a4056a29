/**
 * Exit codes (BSD sysexits, as git and most Unix tools use them, and four of Helix's own past
 * them for what a script must tell apart when opening a `.dna` file), one exhaustive table from
 * {@linkcode ErrorCode}: adding a code to core fails `deno check` until it has an exit code.
 *
 * @module
 */
import type { ErrorCode } from "@helix/core";

/** Success. */
export const EXIT_OK = 0;
/**
 * A check failed (`doctor`), the user declined (`forget --hard`) or a merge left conflicts
 * open (`merge`, `import` of a `.dna`): not an error.
 */
export const EXIT_FAILED = 1;
/** EX_USAGE: unknown command or flag, or a bad value. */
export const EXIT_USAGE = 64;
/** EX_SOFTWARE: a bug in Helix. */
export const EXIT_SOFTWARE = 70;
/**
 * The program reading Helix's output closed it (`helix export --jsonl | head -1`): Helix stops
 * quietly with 128 + SIGPIPE, as git does.
 */
export const EXIT_PIPE = 141;
/** Ctrl-C at a passphrase prompt (128 + SIGINT, as a shell reports an interrupted command). */
export const EXIT_INTERRUPTED = 130;

/** The exit code of each failure class. */
export const EXIT_CODES: Readonly<Record<ErrorCode, number>> = {
  "invalid_input": EXIT_USAGE,
  "not_found": 66, // EX_NOINPUT
  conflict: 65, // EX_DATAERR
  "not_a_strand": 65,
  corrupt: 65,
  tampered: 65, // altered after it was sealed (the signature verified): the data is wrong
  "embedding_mismatch": 65,
  "storage_full": 74, // EX_IOERR
  "store_locked": 75, // EX_TEMPFAIL
  "quota_exceeded": 75,
  "embedder_unavailable": 75,
  "relay_misbehaved": 76, // EX_PROTOCOL
  "relay_unavailable": 69, // EX_UNAVAILABLE
  "decrypt_failed": 77, // EX_NOPERM: the key or passphrase does not open it
  unauthorized: 77,
  // Helix's own, past sysexits (64–78):
  "bad_signature": 79, // not signed by the key it names, or not by the pinned device
  "unsupported_version": 80, // written by a newer Helix (format or schema): upgrade Helix
};
