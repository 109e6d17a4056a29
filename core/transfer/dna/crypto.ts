/**
 * The cryptographic constructions of `.dna` v1 (`docs/dna-format.md` §3), over the generic
 * primitives of `crypto/`:
 *
 * - file key `K`: Argon2id of the passphrase (`crypto/argon2.ts`), or a raw 32-byte key;
 * - `k_enc`, `k_commit` = HKDF-SHA-256 (RFC 5869) of `K`, salt = the header salt, with the
 *   labels `helix/dna/v1/enc` and `helix/dna/v1/commit`;
 * - key commitment = HMAC-SHA-256(`k_commit`, header bytes before the commit field), checked
 *   in constant time before decryption (XChaCha20-Poly1305 alone is not key-committing);
 * - AEAD = XChaCha20-Poly1305 under `k_enc` with the 24-byte header nonce and the whole
 *   136-byte header as associated data;
 * - signature = Ed25519 (RFC 8032, strict verification) over
 *   `"helix/dna/v1" ‖ header ‖ SHA-256(ciphertext)`.
 *
 * Inputs are asserted at entry (`TypeError`/`RangeError`: these are programmer errors; the
 * codec validates untrusted input before calling in). Derived keys are the caller's to zero
 * with `wipe` (`crypto/bytes.ts`).
 *
 * @module
 */
import { aeadOpen, aeadSeal } from "../../crypto/aead.ts";
import { assertBytes } from "../../crypto/bytes.ts";
import { HASH_LENGTH, KEY_LENGTH, NONCE_LENGTH, SALT_LENGTH } from "../../crypto/lengths.ts";
import { hkdfSha256, hmacSha256, sha256Bytes } from "../../crypto/sha256.ts";
import { COMMITTED_LENGTH, HEADER_LENGTH } from "./header.ts";

const encoder = new TextEncoder();

/** Prefix of every signed message: domain separation per sync-protocol §5.2. */
export const SIGNATURE_DOMAIN: Uint8Array = encoder.encode("helix/dna/v1");
const ENC_INFO = encoder.encode("helix/dna/v1/enc");
const COMMIT_INFO = encoder.encode("helix/dna/v1/commit");

/** The two keys a file key yields for one file. */
export interface FileKeys {
  /** XChaCha20-Poly1305 key. */
  readonly enc: Uint8Array;
  /** HMAC key of the key commitment. */
  readonly commit: Uint8Array;
}

/** `k_enc` and `k_commit`: HKDF-SHA-256 of the file key, salted with the header salt. */
export function deriveFileKeys(fileKey: Uint8Array, salt: Uint8Array): FileKeys {
  assertBytes(fileKey, KEY_LENGTH, "fileKey");
  assertBytes(salt, SALT_LENGTH, "salt");
  return {
    enc: hkdfSha256(fileKey, salt, ENC_INFO),
    commit: hkdfSha256(fileKey, salt, COMMIT_INFO),
  };
}

/**
 * The key commitment: HMAC-SHA-256(`k_commit`, the header's first 104 bytes), which bind the
 * kind, KDF and its parameters, salt, nonce, signer and ciphertext length. Another key, or
 * the same key on another file (another salt and nonce), gives another value.
 */
export function keyCommitment(commitKey: Uint8Array, header: Uint8Array): Uint8Array {
  assertBytes(commitKey, KEY_LENGTH, "commitKey");
  if (!(header instanceof Uint8Array) || header.length < COMMITTED_LENGTH) {
    throw new RangeError(`header must hold at least ${COMMITTED_LENGTH} bytes`);
  }
  return hmacSha256(commitKey, header.subarray(0, COMMITTED_LENGTH));
}

/** XChaCha20-Poly1305 encryption of `plaintext` with the whole header as associated data. */
export function sealPayload(
  encKey: Uint8Array,
  nonce: Uint8Array,
  header: Uint8Array,
  plaintext: Uint8Array,
): Uint8Array {
  assertHeaderArgs(encKey, nonce, header);
  return aeadSeal(encKey, nonce, header, plaintext);
}

/**
 * The plaintext of `ciphertext` (tag last), or null when the tag does not verify. Counted in
 * `cryptoCalls.aeadOpen` (`crypto/calls.ts`).
 */
export function openPayload(
  encKey: Uint8Array,
  nonce: Uint8Array,
  header: Uint8Array,
  ciphertext: Uint8Array,
): Uint8Array | null {
  assertHeaderArgs(encKey, nonce, header);
  return aeadOpen(encKey, nonce, header, ciphertext);
}

/** The signed message: `"helix/dna/v1" ‖ header ‖ SHA-256(ciphertext)`, 180 bytes. */
export function signatureMessage(header: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  assertBytes(header, HEADER_LENGTH, "header");
  const out = new Uint8Array(SIGNATURE_DOMAIN.length + HEADER_LENGTH + HASH_LENGTH);
  out.set(SIGNATURE_DOMAIN, 0);
  out.set(header, SIGNATURE_DOMAIN.length);
  out.set(sha256Bytes(ciphertext), SIGNATURE_DOMAIN.length + HEADER_LENGTH);
  return out;
}

function assertHeaderArgs(encKey: Uint8Array, nonce: Uint8Array, header: Uint8Array): void {
  assertBytes(encKey, KEY_LENGTH, "encKey");
  assertBytes(nonce, NONCE_LENGTH, "nonce");
  assertBytes(header, HEADER_LENGTH, "header");
}
