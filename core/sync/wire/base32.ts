/**
 * RFC 4648 base32 in lowercase without padding, for byte strings whose bit length is a
 * multiple of 5 (pairing codes: 10 bytes → 16 characters). Decoding is strict and
 * case-insensitive, returning null for anything else.
 *
 * @module
 */

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/**
 * Base32 of `bytes` (length a multiple of 5).
 *
 * @example Round trip
 * ```ts
 * import { base32Decode, base32Encode } from "./base32.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * equal(base32Encode(new TextEncoder().encode("fooba")), "mzxw6ytb");
 * deepEqual(base32Decode("MZXW6YTB"), new TextEncoder().encode("fooba"));
 * ```
 */
export function base32Encode(bytes: Uint8Array): string {
  if (bytes.length % 5 !== 0) throw new RangeError("base32Encode takes multiples of 5 bytes");
  let out = "";
  for (let i = 0; i < bytes.length; i += 5) {
    let group = 0n;
    for (let j = 0; j < 5; j++) group = (group << 8n) | BigInt(bytes[i + j]!);
    for (let k = 7; k >= 0; k--) out += ALPHABET[Number((group >> BigInt(k * 5)) & 31n)];
  }
  return out;
}

/** The bytes of base32 `text` (length a multiple of 8), or null when it is not base32. */
export function base32Decode(text: string): Uint8Array | null {
  if (typeof text !== "string" || text.length % 8 !== 0) return null;
  const lower = text.toLowerCase();
  const out = new Uint8Array((lower.length / 8) * 5);
  for (let i = 0; i < lower.length; i += 8) {
    let group = 0n;
    for (let j = 0; j < 8; j++) {
      const value = ALPHABET.indexOf(lower[i + j]!);
      if (value < 0) return null;
      group = (group << 5n) | BigInt(value);
    }
    for (let k = 0; k < 5; k++) {
      out[(i / 8) * 5 + k] = Number((group >> BigInt((4 - k) * 8)) & 0xffn);
    }
  }
  return out;
}
