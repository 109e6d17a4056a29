/**
 * The byte layout of a `.dna` file, format v1 (`docs/dna-format.md` §2): a fixed 136-byte
 * header, the AEAD ciphertext, a 64-byte Ed25519 signature. This module only splits and
 * joins bytes; it checks lengths and field ranges exactly and trusts nothing else.
 *
 * Only the magic and the version field (the first 10 bytes) are fixed for every version;
 * the rest is v1's, so the version is read before anything after it is.
 *
 * @module
 */
import { HelixError } from "../../errors.ts";

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
/** Length of the salt (Argon2id salt and HKDF salt). */
export const SALT_LENGTH = 16;
/** Length of the XChaCha20-Poly1305 nonce. */
export const NONCE_LENGTH = 24;
/** Length of an Ed25519 public key. */
export const PUBLIC_KEY_LENGTH = 32;
/** Length of the key commitment (HMAC-SHA-256). */
export const COMMIT_LENGTH = 32;
/** Length of the Ed25519 signature trailer. */
export const SIGNATURE_LENGTH = 64;
/** Length of the Poly1305 tag at the end of the ciphertext. */
export const TAG_LENGTH = 16;
/** Smallest ciphertext: the 4-byte manifest length and the tag. */
export const MIN_CIPHERTEXT_LENGTH: number = 4 + TAG_LENGTH;

/** What a file holds. */
export type DnaKind = "export" | "delta";
/** How the file key is obtained. */
export type DnaKdf = "argon2id" | "raw";

/** Argon2id cost parameters, as recorded in the header. */
export interface Argon2Params {
  /** Memory in KiB (`m`). */
  readonly memoryKiB: number;
  /** Passes over memory (`t`). */
  readonly iterations: number;
  /** Lanes (`p`); v1 requires 1. */
  readonly parallelism: number;
}

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

const KIND_CODES: Record<DnaKind, number> = { export: 0x01, delta: 0x02 };
const KDF_CODES: Record<DnaKdf, number> = { argon2id: 0x01, raw: 0x02 };
/** Largest ciphertext length the 8-byte field may hold (2^53 - 1). */
const MAX_CIPHERTEXT_LENGTH = Number.MAX_SAFE_INTEGER;

function corrupt(state: string): HelixError {
  return new HelixError("corrupt", `Cannot read .dna file: ${state}`);
}

function codeOf<T extends string>(codes: Record<T, number>, value: number): T | undefined {
  return (Object.keys(codes) as T[]).find((name) => codes[name] === value);
}

/** True when `bytes` starts with the `.dna` magic. */
export function hasMagic(bytes: Uint8Array): boolean {
  if (bytes.length < DNA_MAGIC.length) return false;
  return DNA_MAGIC.every((byte, i) => bytes[i] === byte);
}

/**
 * Checks the magic and returns the format version, without reading past it: `corrupt` when
 * the bytes are not a `.dna` file, `unsupported_version` when the version is not v1.
 */
export function checkVersion(bytes: Uint8Array): number {
  if (!hasMagic(bytes)) throw corrupt("the bytes do not start with the .dna magic");
  if (bytes.length < OFFSET.version + 2) throw corrupt("the file ends inside the version field");
  const version = (bytes[OFFSET.version]! << 8) | bytes[OFFSET.version + 1]!;
  if (version !== DNA_FORMAT_VERSION) {
    throw new HelixError(
      "unsupported_version",
      `Cannot read .dna file: format version ${version} is not supported (this Helix reads ${DNA_FORMAT_VERSION})`,
      { details: { version } },
    );
  }
  return version;
}

/**
 * Splits a whole v1 file into header fields, header bytes, ciphertext and signature. Strict:
 * known kind and KDF codes, zero Argon2 fields for a raw key, a ciphertext length that
 * accounts for every byte (no trailing bytes, no truncation).
 */
export function splitContainer(bytes: Uint8Array): Container {
  checkVersion(bytes);
  if (bytes.length < HEADER_LENGTH + MIN_CIPHERTEXT_LENGTH + SIGNATURE_LENGTH) {
    throw corrupt(`the file is ${bytes.length} bytes, shorter than the smallest v1 file`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = codeOf(KIND_CODES, bytes[OFFSET.kind]!);
  if (kind === undefined) throw corrupt(`kind code ${bytes[OFFSET.kind]} is unknown`);
  const kdf = codeOf(KDF_CODES, bytes[OFFSET.kdf]!);
  if (kdf === undefined) throw corrupt(`key derivation code ${bytes[OFFSET.kdf]} is unknown`);
  const memoryKiB = view.getUint32(OFFSET.argon2Memory);
  const iterations = view.getUint32(OFFSET.argon2Iterations);
  const parallelism = view.getUint32(OFFSET.argon2Parallelism);
  if (kdf === "raw" && (memoryKiB !== 0 || iterations !== 0 || parallelism !== 0)) {
    throw corrupt("a raw-key file has non-zero Argon2 parameters");
  }
  const high = view.getUint32(OFFSET.ciphertextLength);
  const low = view.getUint32(OFFSET.ciphertextLength + 4);
  const ciphertextLength = high * 2 ** 32 + low;
  if (ciphertextLength > MAX_CIPHERTEXT_LENGTH) throw corrupt("the ciphertext length is too large");
  const expected = HEADER_LENGTH + ciphertextLength + SIGNATURE_LENGTH;
  if (ciphertextLength < MIN_CIPHERTEXT_LENGTH || expected !== bytes.length) {
    throw corrupt(
      `the header declares ${ciphertextLength} ciphertext bytes, the file holds ${
        bytes.length - HEADER_LENGTH - SIGNATURE_LENGTH
      }`,
    );
  }
  const field = (offset: number, length: number) => bytes.subarray(offset, offset + length);
  return {
    fields: {
      kind,
      kdf,
      argon2: kdf === "argon2id" ? { memoryKiB, iterations, parallelism } : null,
      salt: field(OFFSET.salt, SALT_LENGTH),
      nonce: field(OFFSET.nonce, NONCE_LENGTH),
      signer: field(OFFSET.signer, PUBLIC_KEY_LENGTH),
      ciphertextLength,
      commit: field(OFFSET.commit, COMMIT_LENGTH),
    },
    header: bytes.subarray(0, HEADER_LENGTH),
    ciphertext: bytes.subarray(HEADER_LENGTH, HEADER_LENGTH + ciphertextLength),
    signature: bytes.subarray(HEADER_LENGTH + ciphertextLength),
  };
}

/**
 * The 136 header bytes of `fields` (lengths are the caller's to have checked). `commit` is
 * written as given; the {@linkcode COMMITTED_LENGTH} bytes before it are what it commits to.
 */
export function serializeHeader(fields: HeaderFields): Uint8Array {
  const out = new Uint8Array(HEADER_LENGTH);
  const view = new DataView(out.buffer);
  out.set(DNA_MAGIC, OFFSET.magic);
  view.setUint16(OFFSET.version, DNA_FORMAT_VERSION);
  out[OFFSET.kind] = KIND_CODES[fields.kind];
  out[OFFSET.kdf] = KDF_CODES[fields.kdf];
  view.setUint32(OFFSET.argon2Memory, fields.argon2?.memoryKiB ?? 0);
  view.setUint32(OFFSET.argon2Iterations, fields.argon2?.iterations ?? 0);
  view.setUint32(OFFSET.argon2Parallelism, fields.argon2?.parallelism ?? 0);
  out.set(fields.salt, OFFSET.salt);
  out.set(fields.nonce, OFFSET.nonce);
  out.set(fields.signer, OFFSET.signer);
  view.setUint32(OFFSET.ciphertextLength, Math.floor(fields.ciphertextLength / 2 ** 32));
  view.setUint32(OFFSET.ciphertextLength + 4, fields.ciphertextLength >>> 0);
  out.set(fields.commit, OFFSET.commit);
  return out;
}
