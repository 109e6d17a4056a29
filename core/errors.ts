/**
 * The one error type Helix throws for failures a caller is expected to handle.
 *
 * Each edge (CLI exit codes, MCP results, relay HTTP statuses) maps {@linkcode ErrorCode}
 * through one exhaustive table, so adding a code fails `deno check` until every edge handles
 * it. Expected outcomes (no hits, merge conflicts) are return values, never errors, and
 * programmer mistakes stay `TypeError`/`RangeError`.
 *
 * @module
 */

/** Every failure class Helix reports. */
export const ERROR_CODES = [
  /** The caller's input failed validation (wrong type, out of range, too long). */
  "invalid_input",
  /** The named memory, edge or op does not exist. */
  "not_found",
  /** The change conflicts with the current state (for example a duplicate id). */
  "conflict",
  /** A file exists at the strand path but is not a Helix strand. */
  "not_a_strand",
  /** The strand was written by a newer Helix schema than this build understands. */
  "unsupported_version",
  /** Another process holds the strand's write lock beyond the busy timeout. */
  "store_locked",
  /** The strand file is damaged (SQLite reports corruption, or the fold does not verify). */
  "corrupt",
  /** The disk is full or the file is read-only: the write did not happen. */
  "storage_full",
  /** The configured embedding model differs from the one the strand is pinned to. */
  "embedding_mismatch",
  /** The embedding model could not be loaded or reached (offline, missing files, timeout). */
  "embedder_unavailable",
  /** A signature did not verify. */
  "bad_signature",
  /** Decryption failed (wrong key or passphrase). */
  "decrypt_failed",
  /** Content was altered after it was sealed. */
  "tampered",
  /** A quota or budget was exhausted. */
  "quota_exceeded",
  /** The caller is not allowed to do this. */
  "unauthorized",
  /** A relay answered in a way the protocol forbids. */
  "relay_misbehaved",
  /** The relay could not be reached, or answered that it is unavailable; try again later. */
  "relay_unavailable",
] as const;

/** A machine-readable failure class; see {@linkcode ERROR_CODES}. */
export type ErrorCode = typeof ERROR_CODES[number];

/** Structured detail attached to an error, safe to show to users and agents. */
export type ErrorDetails = Readonly<Record<string, unknown>>;

/**
 * A failure with a {@linkcode ErrorCode}. Messages follow "Cannot <action>: <state>".
 *
 * @example Usage
 * ```ts
 * import { HelixError, isHelixError } from "./errors.ts";
 * import { equal, ok } from "node:assert/strict";
 *
 * const error = new HelixError("not_found", 'Cannot get memory: no memory has id "mem_x"');
 * ok(isHelixError(error, "not_found"));
 * equal(error.code, "not_found");
 * ```
 */
export class HelixError extends Error {
  /** Always `"HelixError"`. */
  override name = "HelixError";
  /** The failure class. */
  readonly code: ErrorCode;
  /** Optional structured detail (for example the offending field). */
  readonly details: ErrorDetails | undefined;

  /** Creates an error of class `code`. */
  constructor(
    code: ErrorCode,
    message: string,
    options?: ErrorOptions & { details?: ErrorDetails },
  ) {
    super(message, options);
    this.code = code;
    this.details = options?.details;
  }
}

/**
 * True when `value` is a {@linkcode HelixError}, optionally of the given `code`.
 *
 * @example Usage
 * ```ts
 * import { HelixError, isHelixError } from "./errors.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(isHelixError(new HelixError("store_locked", "Cannot write: locked"), "not_found"), false);
 * equal(isHelixError(new Error("plain")), false);
 * ```
 */
export function isHelixError(value: unknown, code?: ErrorCode): value is HelixError {
  return value instanceof HelixError && (code === undefined || value.code === code);
}

/**
 * An error's message followed by its causes' (Deno's fetch says only "fetch failed" up
 * front), each once, at most four deep.
 *
 * @example Usage
 * ```ts
 * import { describeError } from "./errors.ts";
 * import { equal } from "node:assert/strict";
 *
 * const error = new TypeError("fetch failed", { cause: new Error("connection refused") });
 * equal(describeError(error), "fetch failed: connection refused");
 * ```
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (message !== "" && !parts.some((part) => part.includes(message))) parts.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(": ");
}
