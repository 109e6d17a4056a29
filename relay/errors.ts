/**
 * The relay's typed errors: every failure answers JSON `{error: {code, message}}` with the
 * status of its code (`docs/sync.md`), and a wire parse failure from `core/mod.ts` maps to
 * `bad_request` (or `too_large`). Messages never quote a payload.
 *
 * @module
 */
import { isHelixError } from "@helix/core/wire";

/** Error codes of the relay's HTTP surface. */
export type RelayErrorCode =
  | "too_large"
  | "rate_limited"
  | "quota"
  | "unauthorized"
  | "conflict"
  | "bad_request"
  | "not_found"
  | "compacted"
  | "internal";

/** A failure with its HTTP status; `extra` fields go beside `error` in the body. */
export class RelayError extends Error {
  override name = "RelayError";
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 500 | 507,
    readonly code: RelayErrorCode,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** A 400. */
export function badRequest(message: string): RelayError {
  return new RelayError(400, "bad_request", message);
}

/** The 413 that states the limit (R11; never a bare proxy error). */
export function tooLarge(what: string, limit: number): RelayError {
  return new RelayError(
    413,
    "too_large",
    `${what} is over the ${limit}-byte limit (${formatBytes(limit)}); split it and send the parts`,
    { limit },
  );
}

function formatBytes(bytes: number): string {
  return bytes % (1 << 20) === 0
    ? `${bytes >> 20} MiB`
    : bytes % 1024 === 0
    ? `${bytes >> 10} KiB`
    : `${bytes} bytes`;
}

/** `error` as a RelayError: wire parse failures are the sender's fault, anything else is ours. */
export function asRelayError(error: unknown, what: string): RelayError {
  if (error instanceof RelayError) return error;
  if (isHelixError(error)) {
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    if (error.code === "quota_exceeded" && reason === "too_large") {
      return new RelayError(413, "too_large", `${what}: ${error.message}`);
    }
    if (["corrupt", "unsupported_version", "invalid_input"].includes(error.code)) {
      return badRequest(`${what}: ${error.message}`);
    }
  }
  return new RelayError(500, "internal", "Internal error");
}

/** The JSON body of an error. */
export function errorBody(error: RelayError): Record<string, unknown> {
  return { error: { code: error.code, message: error.message }, ...error.extra };
}
