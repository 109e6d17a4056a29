/**
 * Key agreement: X25519 (RFC 7748), the device exchange key of sync-protocol R1 that key
 * bundles wrap epoch secrets for. An all-zero shared secret (a small-order peer key) is
 * refused, as RFC 7748 §6.1 allows and age requires.
 *
 * @module
 */
import { x25519 } from "./_noble.ts";
import { assertBytes } from "./bytes.ts";
import { KEY_LENGTH, PUBLIC_KEY_LENGTH } from "./lengths.ts";

/** The X25519 public key of a 32-byte secret key. */
export function x25519PublicKeyOf(secretKey: Uint8Array): Uint8Array {
  assertBytes(secretKey, KEY_LENGTH, "secretKey");
  return x25519.getPublicKey(secretKey);
}

/**
 * The X25519 shared secret of `secretKey` and `publicKey`, or null when it is all zeros (a
 * small-order public key) or the public key is unusable. Never throws on a peer's key.
 *
 * @example Usage
 * ```ts
 * import { x25519PublicKeyOf, x25519Shared } from "./x25519.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const a = new Uint8Array(32).fill(1), b = new Uint8Array(32).fill(2);
 * deepEqual(x25519Shared(a, x25519PublicKeyOf(b)), x25519Shared(b, x25519PublicKeyOf(a)));
 * equal(x25519Shared(a, new Uint8Array(32)), null);
 * ```
 */
export function x25519Shared(secretKey: Uint8Array, publicKey: Uint8Array): Uint8Array | null {
  assertBytes(secretKey, KEY_LENGTH, "secretKey");
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== PUBLIC_KEY_LENGTH) return null;
  try {
    const shared = x25519.getSharedSecret(secretKey, publicKey);
    return shared.every((byte) => byte === 0) ? null : shared;
  } catch {
    return null; // noble refuses an all-zero result itself in some versions
  }
}
