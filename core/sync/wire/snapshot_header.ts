/**
 * The relay-visible part of one snapshot part (sync-protocol R28, `docs/teams.md`), all
 * integers big-endian:
 *
 * ```
 * magic "HXS1" (4) | version 1 (1) | strand_id (16) | epoch u32 | upload (16) | part u32
 * | parts u32 | position u64 | nonce (24) | commit (32) | len u32 | ciphertext (len) | wsig (64)
 * ```
 *
 * A snapshot is sealed as `parts` envelopes of at most 1 MiB that share a random `upload` id;
 * `position` is the relay log position (delta server sequence) the snapshot covers, which the
 * relay may read (it is its own log). `commit` is HMAC(k_commit, every header byte but the
 * commit) as in a delta (the magic keeps the two apart); `wsig` the epoch write key's
 * signature over `"helix/snapshot-write/v1" ‖ header ‖ ciphertext`, the relay's check (R14).
 *
 * @module
 */
import { verifySignature } from "../../crypto/ed25519.ts";
import { verifySignatureAsync } from "../../crypto/ed25519_async.ts";
import { HASH_LENGTH, NONCE_LENGTH, SIGNATURE_LENGTH, TAG_LENGTH } from "../../crypto/lengths.ts";
import { corrupt, wireError } from "./errors.ts";
import { STRAND_ID_LENGTH, toHex } from "./ids.ts";
import { ByteReader, concatBytes, utf8 } from "./reader.ts";
import { MAX_ENVELOPE_BYTES } from "./delta_header.ts";

/** The first bytes of every snapshot part. */
export const SNAPSHOT_MAGIC: Uint8Array = utf8("HXS1");
/** The part version this build writes and reads. */
export const SNAPSHOT_VERSION = 1;
/** Bytes of the upload id shared by a snapshot's parts. */
export const UPLOAD_ID_LENGTH = 16;
/** Most parts one snapshot may have (1 GiB). */
export const MAX_SNAPSHOT_PARTS = 1024;
/** Offset of the commit field. */
export const SNAPSHOT_COMMIT_OFFSET: number = 4 + 1 + STRAND_ID_LENGTH + 4 + UPLOAD_ID_LENGTH +
  4 + 4 + 8 + NONCE_LENGTH;
/** Header bytes: everything before the ciphertext. */
export const SNAPSHOT_HEADER_LENGTH: number = SNAPSHOT_COMMIT_OFFSET + HASH_LENGTH + 4;
/** Domain-separation prefix of `wsig` on snapshot parts. */
export const SNAPSHOT_WRITE_LABEL = "helix/snapshot-write/v1";
/** Plaintext bytes of every part but the last (the part then fills 1 MiB exactly). */
export const PART_PLAINTEXT: number = MAX_ENVELOPE_BYTES - SNAPSHOT_HEADER_LENGTH - TAG_LENGTH -
  SIGNATURE_LENGTH;

/** The relay-visible fields of a snapshot part. */
export interface SnapshotPartHeader {
  /** Strand id, 32 hex digits. */
  readonly strandId: string;
  /** Epoch whose keys sealed it. */
  readonly epoch: number;
  /** The upload id its parts share (32 hex digits). */
  readonly upload: string;
  /** Its index, from 0. */
  readonly part: number;
  /** How many parts the snapshot has. */
  readonly parts: number;
  /** The relay log position the snapshot covers. */
  readonly position: number;
  /** The AEAD nonce. */
  readonly nonce: Uint8Array;
  /** The key commitment. */
  readonly commit: Uint8Array;
  /** Ciphertext length (tag included). */
  readonly ciphertextLength: number;
}

/** A part split into views. */
export interface SnapshotPartParts {
  readonly header: SnapshotPartHeader;
  readonly headerBytes: Uint8Array;
  readonly ciphertext: Uint8Array;
  readonly wsig: Uint8Array;
}

/** Splits a part into its fields; `corrupt` / `unsupported_version` / `quota_exceeded`. */
export function splitSnapshotPart(bytes: Uint8Array): SnapshotPartParts {
  if (!(bytes instanceof Uint8Array)) throw corrupt("snapshot", "type", "it is not bytes");
  if (bytes.length > MAX_ENVELOPE_BYTES) {
    throw wireError(
      "quota_exceeded",
      "snapshot",
      "too_large",
      `a part is ${bytes.length} bytes, over the ${MAX_ENVELOPE_BYTES}-byte limit`,
    );
  }
  const reader = new ByteReader(bytes, "snapshot");
  const magic = reader.take(4, "the magic");
  if (!magic.every((byte, i) => byte === SNAPSHOT_MAGIC[i])) {
    throw corrupt("snapshot", "magic", "it does not start with HXS1");
  }
  const version = reader.u8("the version");
  if (version !== SNAPSHOT_VERSION) {
    throw wireError("unsupported_version", "snapshot", "version", `version ${version} is not 1`);
  }
  const strandId = toHex(reader.take(STRAND_ID_LENGTH, "the strand id"));
  const epoch = reader.u32("the epoch");
  const upload = toHex(reader.take(UPLOAD_ID_LENGTH, "the upload id"));
  const part = reader.u32("the part index");
  const parts = reader.u32("the part count");
  if (parts < 1 || parts > MAX_SNAPSHOT_PARTS || part >= parts) {
    throw corrupt("snapshot", "parts", `part ${part} of ${parts} is out of range`);
  }
  const position = reader.u64("the log position");
  const nonce = reader.take(NONCE_LENGTH, "the nonce");
  const commit = reader.take(HASH_LENGTH, "the commit");
  const ciphertextLength = reader.u32("the length");
  if (ciphertextLength < TAG_LENGTH) {
    throw corrupt(
      "snapshot",
      "length",
      `the ciphertext length ${ciphertextLength} is below the tag`,
    );
  }
  if (ciphertextLength + SIGNATURE_LENGTH !== reader.remaining) {
    throw corrupt("snapshot", "length", "the length field does not match the part");
  }
  if (part < parts - 1 && ciphertextLength !== PART_PLAINTEXT + TAG_LENGTH) {
    throw corrupt("snapshot", "length", `part ${part} is not full though another follows`);
  }
  const ciphertext = reader.take(ciphertextLength, "the ciphertext");
  const wsig = reader.take(SIGNATURE_LENGTH, "the write signature");
  return {
    header: { strandId, epoch, upload, part, parts, position, nonce, commit, ciphertextLength },
    headerBytes: bytes.subarray(0, SNAPSHOT_HEADER_LENGTH),
    ciphertext,
    wsig,
  };
}

/**
 * The relay-visible header of a snapshot part, without keys: `corrupt` for anything that is
 * not a well-formed v1 part, `unsupported_version` for another version, `quota_exceeded` past
 * 1 MiB.
 *
 * @example Usage
 * ```ts
 * import { readSnapshotPartHeader } from "./snapshot_header.ts";
 * import { isHelixError } from "../../errors.ts";
 * import { throws } from "node:assert/strict";
 *
 * throws(() => readSnapshotPartHeader(Uint8Array.of(1, 2)), (e) => isHelixError(e, "corrupt"));
 * ```
 */
export function readSnapshotPartHeader(bytes: Uint8Array): SnapshotPartHeader {
  return splitSnapshotPart(bytes).header;
}

/** The message `wsig` signs: label ‖ every byte before the signature. */
export function snapshotWriteMessage(signedBytes: Uint8Array): Uint8Array {
  return concatBytes(utf8(SNAPSHOT_WRITE_LABEL), signedBytes);
}

/** True when the part's `wsig` verifies under `writePublic`; throws when malformed. */
export function verifySnapshotWrite(bytes: Uint8Array, writePublic: Uint8Array): boolean {
  splitSnapshotPart(bytes);
  const signed = bytes.subarray(0, bytes.length - SIGNATURE_LENGTH);
  return verifySignature(
    bytes.subarray(bytes.length - SIGNATURE_LENGTH),
    snapshotWriteMessage(signed),
    writePublic,
  );
}

/** {@linkcode verifySnapshotWrite} through WebCrypto, for the relay's upload path. */
export async function verifySnapshotWriteAsync(
  bytes: Uint8Array,
  writePublic: Uint8Array,
): Promise<boolean> {
  splitSnapshotPart(bytes);
  const signed = bytes.subarray(0, bytes.length - SIGNATURE_LENGTH);
  return await verifySignatureAsync(
    bytes.subarray(bytes.length - SIGNATURE_LENGTH),
    snapshotWriteMessage(signed),
    writePublic,
  );
}
