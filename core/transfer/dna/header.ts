/**
 * The byte layout of a `.dna` file, format v1 (`docs/dna-format.md` §2): a fixed 136-byte
 * header, the AEAD ciphertext, a 64-byte Ed25519 signature. This module names the fields,
 * their offsets and lengths, and the types of what they hold; `framing.ts` splits and joins
 * the bytes. Field lengths come from the primitives in `crypto/`.
 *
 * Only the magic and the version field (the first 10 bytes) are fixed for every version;
 * the rest is v1's, so the version is read before anything after it is.
 *
 * @module
 */
import type { Argon2Params } from "../../crypto/argon2.ts";
import { HASH_LENGTH, TAG_LENGTH } from "../../crypto/lengths.ts";

/** `\x89HDNA\r\n\x1a`: a high byte, the name, CR LF and ^Z catch 7-bit and text-mode damage. */
export const DNA_MAGIC: Uint8Array = Uint8Array.of(0x89, 0x48, 0x44, 0x4e, 0x41, 0x0d, 0x0a, 0x1a);
/** The format version this build writes and reads. */
export const DNA_FORMAT_VERSION = 1;

/** Byte offsets of the v1 header fields. */
export const OFFSET = {
  magic: 0,
  version: 8,
  kind: 10,
  kdf: 11,
  argon2Memory: 12,
  argon2Iterations: 16,
  argon2Parallelism: 20,
  salt: 24,
  nonce: 40,
  signer: 64,
  ciphertextLength: 96,
  commit: 104,
} as const;

/** Length of the v1 header, commit included. */
export const HEADER_LENGTH = 136;
/** Header bytes covered by the key commitment: everything before the commit field. */
export const COMMITTED_LENGTH: number = OFFSET.commit;
/** Length of the key commitment (HMAC-SHA-256). */
export const COMMIT_LENGTH: number = HASH_LENGTH;
/** Smallest ciphertext: the 4-byte manifest length and the tag. */
export const MIN_CIPHERTEXT_LENGTH: number = 4 + TAG_LENGTH;

/** What a file holds. */
export type DnaKind = "export" | "delta";
/** How the file key is obtained. */
export type DnaKdf = "argon2id" | "raw";

/** The fields of a v1 header. */
export interface HeaderFields {
  /** What the file holds. */
  readonly kind: DnaKind;
  /** How the file key is obtained. */
  readonly kdf: DnaKdf;
  /** Present exactly when `kdf` is `"argon2id"`. */
  readonly argon2: Argon2Params | null;
  /** Argon2id and HKDF salt, 16 bytes. */
  readonly salt: Uint8Array;
  /** XChaCha20-Poly1305 nonce, 24 bytes. */
  readonly nonce: Uint8Array;
  /** The Ed25519 public key of the device that signed the file. */
  readonly signer: Uint8Array;
  /** Length of the AEAD output (ciphertext and tag). */
  readonly ciphertextLength: number;
  /** The key commitment, 32 bytes. */
  readonly commit: Uint8Array;
}

/** A v1 file split into its parts (views into the input bytes). */
export interface Container {
  /** The parsed header. */
  readonly fields: HeaderFields;
  /** The 136 header bytes: the AEAD's associated data and part of the signed message. */
  readonly header: Uint8Array;
  /** The AEAD output, tag last. */
  readonly ciphertext: Uint8Array;
  /** The 64-byte Ed25519 signature. */
  readonly signature: Uint8Array;
}

/** The one-byte code of each kind in the header. */
export const KIND_CODES: Readonly<Record<DnaKind, number>> = { export: 0x01, delta: 0x02 };
/** The one-byte code of each key derivation in the header. */
export const KDF_CODES: Readonly<Record<DnaKdf, number>> = { argon2id: 0x01, raw: 0x02 };
