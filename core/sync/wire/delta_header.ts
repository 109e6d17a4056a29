/**
 * The relay-visible part of a sealed delta (sync-protocol R9, `docs/sync.md`), all integers
 * big-endian:
 *
 * ```
 * magic "HXD1" (4) | version 1 (1) | strand_id (16) | epoch u32 | nonce (24) | commit (32)
 * | len u32 | ciphertext (len) | wsig (64)
 * ```
 *
 * No device id, author, clock, counter or op count: the relay learns the strand, the epoch
 * and a padded size. `wsig` is the epoch write key's Ed25519 signature over
 * `"helix/delta/v1" ‖ header ‖ ciphertext`; {@linkcode verifyDeltaWrite} is the relay's check
 * (R14). Parsing needs no keys and reads nothing past the header fields.
 *
 * @module
 */
import { verifySignature } from "../../crypto/ed25519.ts";
import { verifySignatureAsync } from "../../crypto/ed25519_async.ts";
import { HASH_LENGTH, NONCE_LENGTH, SIGNATURE_LENGTH, TAG_LENGTH } from "../../crypto/lengths.ts";
import { sha256Bytes } from "../../crypto/sha256.ts";
import { corrupt, wireError } from "./errors.ts";
import { STRAND_ID_LENGTH, toHex } from "./ids.ts";
import { ByteReader, concatBytes, utf8 } from "./reader.ts";

/** The first bytes of every delta envelope. */
export const DELTA_MAGIC: Uint8Array = utf8("HXD1");
/** The envelope version this build writes and reads. */
export const DELTA_VERSION = 1;
/** Header bytes: magic, version, strand id, epoch, nonce, commit, len. */
export const DELTA_HEADER_LENGTH: number = 4 + 1 + STRAND_ID_LENGTH + 4 + NONCE_LENGTH +
  HASH_LENGTH + 4;
/** Offset of the commit field: the bytes before it and `len` after it are committed (R10). */
export const DELTA_COMMIT_OFFSET: number = 4 + 1 + STRAND_ID_LENGTH + 4 + NONCE_LENGTH;
/** The largest envelope (header, ciphertext, wsig) a client sends and a relay accepts: 1 MiB. */
export const MAX_ENVELOPE_BYTES = 1 << 20;
/** Domain-separation prefix of `wsig` on deltas. */
export const DELTA_WRITE_LABEL = "helix/delta/v1";

/** The relay-visible fields of a delta envelope. */
export interface DeltaHeader {
  /** Strand id, 32 hex digits. */
  readonly strandId: string;
  /** Epoch whose keys sealed it. */
  readonly epoch: number;
  /** The AEAD nonce. */
  readonly nonce: Uint8Array;
  /** HMAC-SHA-256 key commitment. */
  readonly commit: Uint8Array;
  /** Ciphertext length (tag included). */
  readonly ciphertextLength: number;
  /** `delta_id`: hex SHA-256 of the whole envelope (what the relay dedupes on, R13). */
  readonly deltaId: string;
  /** Envelope length. */
  readonly size: number;
}

/** The parts of an envelope, as views into it. */
export interface DeltaParts {
  /** The parsed header. */
  readonly header: DeltaHeader;
  /** Header bytes (the AEAD's associated data). */
  readonly headerBytes: Uint8Array;
  /** AEAD ciphertext, tag last. */
  readonly ciphertext: Uint8Array;
  /** The write signature. */
  readonly wsig: Uint8Array;
}

/** Splits an envelope into its parts; `corrupt` / `unsupported_version` when malformed. */
export function splitDelta(bytes: Uint8Array): DeltaParts {
  if (!(bytes instanceof Uint8Array)) throw corrupt("delta", "type", "it is not bytes");
  if (bytes.length > MAX_ENVELOPE_BYTES) {
    throw wireError(
      "quota_exceeded",
      "delta",
      "too_large",
      `it is ${bytes.length} bytes, over the ${MAX_ENVELOPE_BYTES}-byte limit`,
    );
  }
  const reader = new ByteReader(bytes, "delta");
  const magic = reader.take(4, "the magic");
  if (!magic.every((byte, i) => byte === DELTA_MAGIC[i])) {
    throw corrupt("delta", "magic", "it does not start with HXD1");
  }
  const version = reader.u8("the version");
  if (version !== DELTA_VERSION) {
    throw wireError("unsupported_version", "delta", "version", `version ${version} is not 1`);
  }
  const strandId = toHex(reader.take(STRAND_ID_LENGTH, "the strand id"));
  const epoch = reader.u32("the epoch");
  const nonce = reader.take(NONCE_LENGTH, "the nonce");
  const commit = reader.take(HASH_LENGTH, "the commit");
  const ciphertextLength = reader.u32("the length");
  if (ciphertextLength < TAG_LENGTH) {
    throw corrupt("delta", "length", `the ciphertext length ${ciphertextLength} is below the tag`);
  }
  if (ciphertextLength + SIGNATURE_LENGTH !== reader.remaining) {
    throw corrupt(
      "delta",
      "length",
      `the length field says ${ciphertextLength} ciphertext bytes, ${
        reader.remaining - SIGNATURE_LENGTH
      } are there`,
    );
  }
  const ciphertext = reader.take(ciphertextLength, "the ciphertext");
  const wsig = reader.take(SIGNATURE_LENGTH, "the write signature");
  const header: DeltaHeader = {
    strandId,
    epoch,
    nonce,
    commit,
    ciphertextLength,
    deltaId: toHex(sha256Bytes(bytes)),
    size: bytes.length,
  };
  return { header, headerBytes: bytes.subarray(0, DELTA_HEADER_LENGTH), ciphertext, wsig };
}

/**
 * The relay-visible header of a delta envelope, without keys: `corrupt` for anything that is
 * not a well-formed v1 envelope, `unsupported_version` for another version, `quota_exceeded`
 * (reason `too_large`) past {@linkcode MAX_ENVELOPE_BYTES}.
 *
 * @example Usage
 * ```ts
 * import { readDeltaHeader } from "./delta_header.ts";
 * import { isHelixError } from "../../errors.ts";
 * import { throws } from "node:assert/strict";
 *
 * throws(() => readDeltaHeader(Uint8Array.of(1, 2, 3)), (e) => isHelixError(e, "corrupt"));
 * ```
 */
export function readDeltaHeader(bytes: Uint8Array): DeltaHeader {
  return splitDelta(bytes).header;
}

/** The message `wsig` signs: label ‖ every byte before the signature. */
export function deltaWriteMessage(signedBytes: Uint8Array): Uint8Array {
  return concatBytes(utf8(DELTA_WRITE_LABEL), signedBytes);
}

/**
 * True when the envelope's `wsig` verifies under `writePublic` (the `wpk` of the epoch its
 * header names; the relay looks that up from {@linkcode readDeltaHeader}'s `epoch`). Throws
 * like {@linkcode readDeltaHeader} when the bytes are malformed.
 */
export function verifyDeltaWrite(bytes: Uint8Array, writePublic: Uint8Array): boolean {
  splitDelta(bytes);
  const signed = bytes.subarray(0, bytes.length - SIGNATURE_LENGTH);
  const wsig = bytes.subarray(bytes.length - SIGNATURE_LENGTH);
  return verifySignature(wsig, deltaWriteMessage(signed), writePublic);
}

/**
 * {@linkcode verifyDeltaWrite} through WebCrypto (`crypto/ed25519_async.ts`): the same
 * answer for every signature an epoch write key makes, several times faster, for the relay's
 * upload path. Throws like {@linkcode readDeltaHeader} when the bytes are malformed.
 */
export async function verifyDeltaWriteAsync(
  bytes: Uint8Array,
  writePublic: Uint8Array,
): Promise<boolean> {
  splitDelta(bytes);
  const signed = bytes.subarray(0, bytes.length - SIGNATURE_LENGTH);
  const wsig = bytes.subarray(bytes.length - SIGNATURE_LENGTH);
  return await verifySignatureAsync(wsig, deltaWriteMessage(signed), writePublic);
}
