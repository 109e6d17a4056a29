/**
 * Authenticated encryption: XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03, RFC 8439), a
 * 32-byte key, a 24-byte nonce (random nonces are safe at this length), associated data
 * that is authenticated but not encrypted, and the 16-byte tag last. Not key-committing on
 * its own: a format that must know the key is right commits to it (an HMAC, `sha256.ts`).
 *
 * @module
 */
import { xchacha20poly1305 } from "./_noble.ts";
import { assertBytes } from "./bytes.ts";
import { cryptoCalls } from "./calls.ts";
import { KEY_LENGTH, NONCE_LENGTH } from "./lengths.ts";

/** Encrypts `plaintext` under `key` and `nonce`, authenticating `aad` with it. */
export function aeadSeal(
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  plaintext: Uint8Array,
): Uint8Array {
  assertBytes(key, KEY_LENGTH, "key");
  assertBytes(nonce, NONCE_LENGTH, "nonce");
  return xchacha20poly1305(key, nonce, aad).encrypt(plaintext);
}

/**
 * The plaintext of `ciphertext` (tag last), or null when the tag does not verify. Counted in
 * {@linkcode cryptoCalls}.
 *
 * @example Round trip
 * ```ts
 * import { aeadOpen, aeadSeal } from "./aead.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const key = new Uint8Array(32).fill(1);
 * const nonce = new Uint8Array(24).fill(2);
 * const aad = Uint8Array.of(3);
 * const sealed = aeadSeal(key, nonce, aad, Uint8Array.of(4, 5));
 * deepEqual(aeadOpen(key, nonce, aad, sealed), Uint8Array.of(4, 5));
 * equal(aeadOpen(key, nonce, Uint8Array.of(9), sealed), null);
 * ```
 */
export function aeadOpen(
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  ciphertext: Uint8Array,
): Uint8Array | null {
  assertBytes(key, KEY_LENGTH, "key");
  assertBytes(nonce, NONCE_LENGTH, "nonce");
  cryptoCalls.aeadOpen++;
  try {
    return xchacha20poly1305(key, nonce, aad).decrypt(ciphertext);
  } catch {
    return null; // noble throws on a tag mismatch (and on a ciphertext shorter than the tag)
  }
}
