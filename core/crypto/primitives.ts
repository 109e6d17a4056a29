/**
 * The cryptographic constructions of `.dna` v1 (`docs/dna-format.md` §3), over noble's
 * audited primitives:
 *
 * - file key `K`: Argon2id (RFC 9106, v0x13) of the NFC passphrase, or a raw 32-byte key;
 * - `k_enc`, `k_commit` = HKDF-SHA-256 (RFC 5869) of `K`, salt = the header salt, with the
 *   labels `helix/dna/v1/enc` and `helix/dna/v1/commit`;
 * - key commitment = HMAC-SHA-256(`k_commit`, header bytes before the commit field), checked
 *   in constant time before decryption (XChaCha20-Poly1305 alone is not key-committing);
 * - AEAD = XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha) under `k_enc` with the 24-byte header
 *   nonce and the whole 136-byte header as associated data;
 * - signature = Ed25519 (RFC 8032, strict verification) over
 *   `"helix/dna/v1" ‖ header ‖ SHA-256(ciphertext)`.
 *
 * Inputs are asserted at entry (`TypeError`/`RangeError`: these are programmer errors;
 * the codec validates untrusted input before calling in). Derived keys are the caller's to
 * zero with {@linkcode wipe}.
 *
 * @module
 */
import {
  argon2idAsync,
  bytesToHex,
  ed25519,
  equalBytes,
  hkdf,
  hmac,
  sha256,
  xchacha20poly1305,
} from "./_noble.ts";
import {
  type Argon2Params,
  COMMITTED_LENGTH,
  HEADER_LENGTH,
  NONCE_LENGTH,
  PUBLIC_KEY_LENGTH,
  SALT_LENGTH,
  SIGNATURE_LENGTH,
} from "../transfer/dna/header.ts";

const encoder = new TextEncoder();

/** Prefix of every signed message: domain separation per sync-protocol §5.2. */
export const SIGNATURE_DOMAIN: Uint8Array = encoder.encode("helix/dna/v1");
const ENC_INFO = encoder.encode("helix/dna/v1/enc");
const COMMIT_INFO = encoder.encode("helix/dna/v1/commit");

/** Length of a file key, `k_enc`, `k_commit` and an Ed25519 secret key. */
export const KEY_LENGTH = 32;

/** The weakest Argon2id parameters written or accepted: 64 MiB, 3 passes, 1 lane. */
export const ARGON2_MIN: Argon2Params = { memoryKiB: 65_536, iterations: 3, parallelism: 1 };
/** The costliest accepted (1 GiB, 10 passes), so a hostile file cannot make us hang or OOM. */
export const ARGON2_MAX: Argon2Params = { memoryKiB: 1_048_576, iterations: 10, parallelism: 1 };
/** Parameters {@linkcode encodeDna} uses when none are given (~0.8 s in noble on a laptop). */
export const ARGON2_DEFAULT: Argon2Params = ARGON2_MIN;

/**
 * How often the expensive or content-revealing steps ran, for tests that prove a file was
 * rejected before them (e.g. a forged key commitment never reaches AEAD decryption).
 */
export const dnaCryptoCalls: { argon2id: number; aeadOpen: number } = { argon2id: 0, aeadOpen: 0 };

function assertBytes(value: unknown, length: number, name: string): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) throw new TypeError(`${name} must be a Uint8Array`);
  if (value.length !== length) {
    throw new RangeError(`${name} must be ${length} bytes, got ${value.length}`);
  }
}

/**
 * Why `params` are outside {@linkcode ARGON2_MIN}..{@linkcode ARGON2_MAX}, or null when they
 * are inside.
 */
export function argon2Problem(params: Argon2Params): string | null {
  const ranges = [
    ["memory", params.memoryKiB, ARGON2_MIN.memoryKiB, ARGON2_MAX.memoryKiB, " KiB"],
    ["iterations", params.iterations, ARGON2_MIN.iterations, ARGON2_MAX.iterations, ""],
    ["parallelism", params.parallelism, ARGON2_MIN.parallelism, ARGON2_MAX.parallelism, ""],
  ] as const;
  for (const [name, value, min, max, unit] of ranges) {
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      return `Argon2id ${name} ${value}${unit} is outside ${min}..${max}${unit}`;
    }
  }
  return null;
}

/**
 * The file key from a passphrase: Argon2id(UTF-8 of the NFC-normalized passphrase, salt,
 * params), 32 bytes. The same typed passphrase gives the same key whatever the platform's
 * Unicode normalization.
 */
export async function passphraseKey(
  passphrase: string,
  salt: Uint8Array,
  params: Argon2Params,
): Promise<Uint8Array> {
  if (typeof passphrase !== "string" || passphrase === "") {
    throw new TypeError("passphrase must be a non-empty string");
  }
  assertBytes(salt, SALT_LENGTH, "salt");
  const problem = argon2Problem(params);
  if (problem !== null) throw new RangeError(problem);
  const password = encoder.encode(passphrase.normalize("NFC"));
  dnaCryptoCalls.argon2id++;
  try {
    return await argon2idAsync(password, salt, {
      m: params.memoryKiB,
      t: params.iterations,
      p: params.parallelism,
      dkLen: KEY_LENGTH,
      maxmem: ARGON2_MAX.memoryKiB * 1024,
    });
  } finally {
    wipe(password);
  }
}

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
    enc: hkdf(sha256, fileKey, salt, ENC_INFO, KEY_LENGTH),
    commit: hkdf(sha256, fileKey, salt, COMMIT_INFO, KEY_LENGTH),
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
  return hmac(sha256, commitKey, header.subarray(0, COMMITTED_LENGTH));
}

/** Constant-time equality of two byte strings (the length is not secret). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && equalBytes(a, b);
}

/** XChaCha20-Poly1305 encryption of `plaintext` with the whole header as associated data. */
export function sealPayload(
  encKey: Uint8Array,
  nonce: Uint8Array,
  header: Uint8Array,
  plaintext: Uint8Array,
): Uint8Array {
  assertBytes(encKey, KEY_LENGTH, "encKey");
  assertBytes(nonce, NONCE_LENGTH, "nonce");
  assertBytes(header, HEADER_LENGTH, "header");
  return xchacha20poly1305(encKey, nonce, header).encrypt(plaintext);
}

/**
 * The plaintext of `ciphertext` (tag last), or null when the tag does not verify. Counted in
 * {@linkcode dnaCryptoCalls}.
 */
export function openPayload(
  encKey: Uint8Array,
  nonce: Uint8Array,
  header: Uint8Array,
  ciphertext: Uint8Array,
): Uint8Array | null {
  assertBytes(encKey, KEY_LENGTH, "encKey");
  assertBytes(nonce, NONCE_LENGTH, "nonce");
  assertBytes(header, HEADER_LENGTH, "header");
  dnaCryptoCalls.aeadOpen++;
  try {
    return xchacha20poly1305(encKey, nonce, header).decrypt(ciphertext);
  } catch {
    return null; // noble throws on a tag mismatch (and on a ciphertext shorter than the tag)
  }
}

/** The signed message: `"helix/dna/v1" ‖ header ‖ SHA-256(ciphertext)`, 180 bytes. */
export function signatureMessage(header: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  assertBytes(header, HEADER_LENGTH, "header");
  const out = new Uint8Array(SIGNATURE_DOMAIN.length + HEADER_LENGTH + 32);
  out.set(SIGNATURE_DOMAIN, 0);
  out.set(header, SIGNATURE_DOMAIN.length);
  out.set(sha256(ciphertext), SIGNATURE_DOMAIN.length + HEADER_LENGTH);
  return out;
}

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
 * signature has one byte form and re-encoding reproduces the file), and no small-order
 * public key (anyone can make signatures that verify under one). Never throws.
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
 * import { keyFingerprint } from "./primitives.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(keyFingerprint(new Uint8Array(32)).length, 32);
 * ```
 */
export function keyFingerprint(publicKey: Uint8Array): string {
  assertBytes(publicKey, PUBLIC_KEY_LENGTH, "publicKey");
  return bytesToHex(sha256(publicKey).subarray(0, 16));
}

/** Overwrites secrets with zeros. */
export function wipe(...buffers: Uint8Array[]): void {
  for (const buffer of buffers) buffer.fill(0);
}
