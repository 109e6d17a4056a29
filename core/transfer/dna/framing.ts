/**
 * Splitting a `.dna` v1 file into its parts, and writing a header: bytes only, with lengths
 * and field ranges checked exactly and nothing else trusted (`header.ts` names the fields).
 * The magic and version are checked before anything after them is read.
 *
 * @module
 */
import { HelixError } from "../../errors.ts";
import {
  NONCE_LENGTH,
  PUBLIC_KEY_LENGTH,
  SALT_LENGTH,
  SIGNATURE_LENGTH,
} from "../../crypto/lengths.ts";
import {
  COMMIT_LENGTH,
  type Container,
  DNA_FORMAT_VERSION,
  DNA_MAGIC,
  HEADER_LENGTH,
  type HeaderFields,
  KDF_CODES,
  KIND_CODES,
  MIN_CIPHERTEXT_LENGTH,
  OFFSET,
} from "./header.ts";

/** Largest ciphertext length the 8-byte field may hold (2^53 - 1). */
const MAX_CIPHERTEXT_LENGTH = Number.MAX_SAFE_INTEGER;

function corrupt(state: string): HelixError {
  return new HelixError("corrupt", `Cannot read .dna file: ${state}`);
}

function codeOf<T extends string>(
  codes: Readonly<Record<T, number>>,
  value: number,
): T | undefined {
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
 * written as given; the `COMMITTED_LENGTH` bytes before it are what it commits to.
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
