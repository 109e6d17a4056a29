/**
 * SHA-256 (FIPS 180-4) and what is built on it: HMAC (RFC 2104) to authenticate or commit to
 * bytes under a key, HKDF (RFC 5869) to derive one key per purpose from a shared secret (each
 * purpose named by its `info` label).
 *
 * @module
 */
import { createHash } from "node:crypto";
import { hkdf, hmac, sha256 } from "./_noble.ts";
import { assertBytes } from "./bytes.ts";
import { KEY_LENGTH } from "./lengths.ts";

/** SHA-256 of `bytes`, 32 bytes (native: a sealed change is up to 1 MiB). */
export function sha256Bytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash("sha256").update(bytes).digest());
}

/**
 * HKDF-SHA-256 of the 32-byte key `ikm`: a 32-byte key for the purpose `info`.
 *
 * @example Usage
 * ```ts
 * import { hkdfSha256 } from "./sha256.ts";
 * import { notDeepEqual } from "node:assert/strict";
 *
 * const key = new Uint8Array(32).fill(1);
 * const salt = new Uint8Array(16);
 * const label = (text: string) => new TextEncoder().encode(text);
 * notDeepEqual(hkdfSha256(key, salt, label("a")), hkdfSha256(key, salt, label("b")));
 * ```
 */
export function hkdfSha256(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array): Uint8Array {
  assertBytes(ikm, KEY_LENGTH, "ikm");
  return hkdf(sha256, ikm, salt, info, KEY_LENGTH);
}

/** HMAC-SHA-256 of `message` under the 32-byte `key`. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  assertBytes(key, KEY_LENGTH, "key");
  return hmac(sha256, key, message);
}
