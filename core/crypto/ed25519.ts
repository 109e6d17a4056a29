/**
 * Signatures: Ed25519 (RFC 8032), deterministic signing and strict verification, and the
 * fingerprint that names a public key (the device id of sync-protocol R1).
 *
 * @module
 */
import { bytesToHex, ed25519, sha256 } from "./_noble.ts";
import { assertBytes } from "./bytes.ts";
import { nativeSign, nativeVerify } from "./ed25519_native.ts";
import { KEY_LENGTH, PUBLIC_KEY_LENGTH, SIGNATURE_LENGTH } from "./lengths.ts";

/** The Ed25519 public key of a 32-byte secret key (seed). */
export function publicKeyOf(secretKey: Uint8Array): Uint8Array {
  assertBytes(secretKey, KEY_LENGTH, "secretKey");
  return ed25519.getPublicKey(secretKey);
}

/** Options of {@linkcode signMessage}. */
export interface SignOptions {
  /**
   * Sign natively even a short message: for a key that signs many (the relay key signing log
   * heads), whose native form is imported once and cached. The signature is the same bytes.
   */
  readonly repeatedKey?: boolean;
}

/** Ed25519 signature (deterministic, RFC 8032) of `message`. */
export function signMessage(
  message: Uint8Array,
  secretKey: Uint8Array,
  options: SignOptions = {},
): Uint8Array {
  assertBytes(secretKey, KEY_LENGTH, "secretKey");
  if (message.length >= NATIVE_FROM || options.repeatedKey === true) {
    try {
      return nativeSign(message, secretKey, publicKeyOf);
    } catch { /* a runtime without native Ed25519: the same signature in JS */ }
  }
  return ed25519.sign(message, secretKey);
}

/** Messages this long or longer are signed and verified natively (`ed25519_native.ts`). */
const NATIVE_FROM = 4096;
const ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;

/** Whether the signature's scalar S is below the group order (RFC 8032's strict check). */
function canonicalScalar(signature: Uint8Array): boolean {
  let s = 0n;
  for (let i = SIGNATURE_LENGTH - 1; i >= 32; i--) s = (s << 8n) | BigInt(signature[i]!);
  return s < ORDER;
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
    if (message.length >= NATIVE_FROM && canonicalScalar(signature)) {
      try {
        return nativeVerify(signature, message, publicKey);
      } catch { /* no native Ed25519: verified in JS below */ }
    }
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
