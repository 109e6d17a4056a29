/**
 * The typed failures of the sync wire codecs. Every parser here throws a
 * {@linkcode HelixError} (never a `RangeError` or a JSON `SyntaxError`) whose `details` name
 * the format and a machine-readable `reason`, so the client can quarantine with a reason and
 * the relay can answer `bad_request`.
 *
 * Codes: `corrupt` (malformed bytes), `unsupported_version`, `decrypt_failed` (the key
 * commitment does not match: wrong strand key or epoch, or a changed header), `tampered` (the
 * commitment matched but the AEAD tag did not: the ciphertext changed), `bad_signature`.
 *
 * @module
 */
import { type ErrorCode, HelixError } from "../../errors.ts";

/** The wire formats of personal sync. */
export type WireFormat =
  | "delta"
  | "change"
  | "roster"
  | "bundle"
  | "frames"
  | "pairing"
  | "exchange key"
  | "log head"
  | "log proof"
  | "witness statement"
  | "snapshot"
  | "gc marker";

/** A {@linkcode HelixError} for `format`: "Cannot read sync <format>: <problem>". */
export function wireError(
  code: ErrorCode,
  format: WireFormat,
  reason: string,
  problem: string,
): HelixError {
  return new HelixError(code, `Cannot read sync ${format}: ${problem}`, {
    details: { format, reason },
  });
}

/** A `corrupt` {@linkcode wireError}. */
export function corrupt(format: WireFormat, reason: string, problem: string): HelixError {
  return wireError("corrupt", format, reason, problem);
}
