/**
 * Content hashing for op ids, state hashes and id suffixes (SHA-256 via `node:crypto`).
 *
 * @module
 */
import { createHash, type Hash } from "node:crypto";

/** Hex SHA-256 of a UTF-8 string or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** An incremental SHA-256 for hashing large states without building one big string. */
export function sha256Stream(): Hash {
  return createHash("sha256");
}

const BASE32 = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford, lowercase: no i, l, o, u

/**
 * Lowercase Crockford base32 of the first bytes of SHA-256(`data`), `length` characters long.
 *
 * @example Usage
 * ```ts
 * import { hashBase32 } from "./hash.ts";
 * import { equal, match } from "node:assert/strict";
 *
 * equal(hashBase32("hello", 6).length, 6);
 * match(hashBase32("hello", 6), /^[0-9a-hjkmnp-tv-z]+$/);
 * ```
 */
export function hashBase32(data: string, length: number): string {
  const digest = createHash("sha256").update(data).digest();
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of digest) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
    if (out.length >= length) break;
  }
  return out;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** Random bytes from WebCrypto, hex-encoded (for strand and device ids and id seeds). */
export function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  let out = "";
  for (const byte of buffer) out += HEX[byte]!;
  return out;
}
