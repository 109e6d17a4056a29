/**
 * Signatures: Ed25519 (RFC 8032), deterministic signing and strict verification, and the
 * fingerprint that names a public key (the device id of sync-protocol R1).
 *
 * @module
 */
import { bytesToHex, ed25519, sha256 } from "./_noble.ts";
import { assertBytes } from "./bytes.ts";
import { KEY_LENGTH, PUBLIC_KEY_LENGTH, SIGNATURE_LENGTH } from "./lengths.ts";

/** The Ed25519 public key of a 32-byte secret key (seed). */
export function publicKeyOf(secretKey: Uint8Array): Uint8Array {
  assertBytes(secretKey, KEY_LENGTH, "secretKey");
  return ed25519.getPublicKey(secretKey);
}

/** Ed25519 signature (deterministic, RFC 8032) of `message`. */
export function signMessage(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  assertBytes(secretKey, KEY_LENGTH, "secretKey");
  return ed25519.sign(message, secretKey);
}

/**
 * Strict Ed25519 verification: canonical encodings only (no ZIP-215 leniency, so a valid
 * signature has one byte form and re-encoding reproduces the signed bytes), and no
 * small-order public key (anyone can make signatures that verify under one). Never throws.
 *
 * @example Usage
 * ```ts
 * import { publicKeyOf, signMessage, verifySignature } from "./ed25519.ts";
 * import { equal } from "node:assert/strict";
 *
 * const secret = new Uint8Array(32).fill(9);
 * const message = new TextEncoder().encode("hello");
 * const signature = signMessage(message, secret);
 * equal(verifySignature(signature, message, publicKeyOf(secret)), true);
 * equal(verifySignature(signature, Uint8Array.of(1), publicKeyOf(secret)), false);
 * ```
 */
export function verifySignature(
  signature: Uint8Array,
  message: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (signature.length !== SIGNATURE_LENGTH || publicKey.length !== PUBLIC_KEY_LENGTH) return false;
  try {
    if (ed25519.Point.fromBytes(publicKey, false).isSmallOrder()) return false;
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false; // not a point on the curve
  }
}

/**
 * Fingerprint of a signer's public key: hex of the first 16 bytes of SHA-256(public key),
 * which is also the device id of sync-protocol R1.
 *
 * @example Usage
 * ```ts
 * import { keyFingerprint } from "./ed25519.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(keyFingerprint(new Uint8Array(32)).length, 32);
 * ```
 */
export function keyFingerprint(publicKey: Uint8Array): string {
  assertBytes(publicKey, PUBLIC_KEY_LENGTH, "publicKey");
  return bytesToHex(sha256(publicKey).subarray(0, 16));
}
