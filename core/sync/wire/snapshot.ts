/**
 * Sealing a snapshot into parts and opening them (sync-protocol R28; part layout in
 * `snapshot_header.ts`, body in `snapshot_body.ts`). The body is PADMÉ-padded with zeros,
 * cut into parts of {@linkcode PART_PLAINTEXT} bytes (the last shorter), and each part is
 * sealed like a delta: key commitment, XChaCha20-Poly1305 under k_enc with the header as
 * associated data (so a part cannot move to another index, upload, position or strand), and
 * `wsig` by the epoch write key. Open checks every part (layout, strand, same upload, index,
 * commit in constant time before decrypting, `wsig`, tag), then the padding, then the body;
 * the author's signature needs the roster and is the caller's
 * (`verifySnapshotSignature`).
 *
 * @module
 */
import { aeadOpen, aeadSeal } from "../../crypto/aead.ts";
import { constantTimeEqual } from "../../crypto/bytes.ts";
import { signMessage, verifySignature } from "../../crypto/ed25519.ts";
import { HASH_LENGTH, NONCE_LENGTH, SIGNATURE_LENGTH } from "../../crypto/lengths.ts";
import { hmacSha256 } from "../../crypto/sha256.ts";
import type { EpochKeys } from "./epoch.ts";
import { corrupt, wireError } from "./errors.ts";
import { fromHex, strandIdBytes } from "./ids.ts";
import { padme } from "./padme.ts";
import { concatBytes, u32Bytes, u64Bytes } from "./reader.ts";
import {
  type DecodedSnapshot,
  decodeSnapshotBody,
  encodeSnapshotBody,
  snapshotBodyLength,
  type SnapshotContent,
} from "./snapshot_body.ts";
import {
  MAX_SNAPSHOT_PARTS,
  PART_PLAINTEXT,
  SNAPSHOT_COMMIT_OFFSET,
  SNAPSHOT_MAGIC,
  SNAPSHOT_VERSION,
  snapshotWriteMessage,
  splitSnapshotPart,
  UPLOAD_ID_LENGTH,
} from "./snapshot_header.ts";

/** What {@linkcode sealSnapshot} needs. */
export interface SealSnapshotInput {
  /** The strand it is a snapshot of. */
  readonly strandId: string;
  /** The epoch whose keys seal it. */
  readonly epoch: number;
  /** That epoch's keys. */
  readonly keys: EpochKeys;
  /** What it holds. */
  readonly content: SnapshotContent;
  /** The author's device secret key (signs the manifest). */
  readonly deviceSecretKey: Uint8Array;
  /** Fixed upload id, for known-answer vectors only; random otherwise. */
  readonly upload?: Uint8Array;
  /** Fixed nonces by part, for known-answer vectors only; random otherwise. */
  readonly nonce?: (part: number) => Uint8Array;
}

/** A sealed snapshot. */
export interface SealedSnapshot {
  /** Its parts, in order. */
  readonly parts: readonly Uint8Array[];
  /** Hex id of the upload its parts share. */
  readonly upload: string;
  /** `snapshot_id`: hex H(manifest ‖ sig_dev). */
  readonly snapshotId: string;
  /** Bytes of all parts. */
  readonly size: number;
}

function commitOf(keys: EpochKeys, header: Uint8Array): Uint8Array {
  return hmacSha256(
    keys.commit,
    concatBytes(
      header.subarray(0, SNAPSHOT_COMMIT_OFFSET),
      header.subarray(SNAPSHOT_COMMIT_OFFSET + HASH_LENGTH),
    ),
  );
}

/**
 * Signs, pads, cuts and seals a snapshot. `quota_exceeded` past
 * {@linkcode MAX_SNAPSHOT_PARTS} parts.
 *
 * @example Seal and open
 * ```ts
 * import { openSnapshot, sealSnapshot } from "./snapshot.ts";
 * import { deriveEpochKeys, newEpochSecret } from "./epoch.ts";
 * import { newStrandId } from "./ids.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const strandId = newStrandId();
 * const keys = deriveEpochKeys(newEpochSecret(), strandId);
 * const content = {
 *   author: "ab".repeat(16), rosterHead: "cd".repeat(32), rosterSeq: 1, position: 0,
 *   logFrontier: null, previous: null, stateHash: "ef".repeat(32), chains: [], ops: [],
 * };
 * const deviceSecretKey = new Uint8Array(32).fill(5);
 * const sealed = sealSnapshot({ strandId, epoch: 0, keys, content, deviceSecretKey });
 * equal(sealed.parts.length, 1);
 * const opened = openSnapshot(sealed.parts, () => keys, strandId);
 * deepEqual(opened.content, content);
 * equal(opened.snapshotId, sealed.snapshotId);
 * ```
 */
export function sealSnapshot(input: SealSnapshotInput): SealedSnapshot {
  const { strandId, epoch, keys, content } = input;
  const body = encodeSnapshotBody(content, strandId, input.deviceSecretKey);
  const stream = new Uint8Array(padme(body.bytes.length));
  stream.set(body.bytes);
  const count = Math.max(1, Math.ceil(stream.length / PART_PLAINTEXT));
  if (count > MAX_SNAPSHOT_PARTS) {
    throw wireError(
      "quota_exceeded",
      "snapshot",
      "too_large",
      `the snapshot needs ${count} parts, over the limit of ${MAX_SNAPSHOT_PARTS}`,
    );
  }
  const upload = input.upload ?? crypto.getRandomValues(new Uint8Array(UPLOAD_ID_LENGTH));
  if (upload.length !== UPLOAD_ID_LENGTH) throw new TypeError("upload must be 16 bytes");
  const parts: Uint8Array[] = [];
  for (let part = 0; part < count; part++) {
    const plaintext = stream.subarray(part * PART_PLAINTEXT, (part + 1) * PART_PLAINTEXT);
    const nonce = input.nonce?.(part) ?? crypto.getRandomValues(new Uint8Array(NONCE_LENGTH));
    if (nonce.length !== NONCE_LENGTH) throw new TypeError("nonce must be 24 bytes");
    const header = concatBytes(
      SNAPSHOT_MAGIC,
      Uint8Array.of(SNAPSHOT_VERSION),
      strandIdBytes(strandId),
      u32Bytes(epoch),
      upload,
      u32Bytes(part),
      u32Bytes(count),
      u64Bytes(content.position),
      nonce,
      new Uint8Array(HASH_LENGTH),
      u32Bytes(plaintext.length + 16),
    );
    header.set(commitOf(keys, header), SNAPSHOT_COMMIT_OFFSET);
    const signed = concatBytes(header, aeadSeal(keys.enc, nonce, header, plaintext));
    parts.push(concatBytes(signed, signMessage(snapshotWriteMessage(signed), keys.writeSeed)));
  }
  stream.fill(0);
  return {
    parts,
    upload: [...upload].map((b) => b.toString(16).padStart(2, "0")).join(""),
    snapshotId: body.snapshotId,
    size: parts.reduce((n, p) => n + p.length, 0),
  };
}

/**
 * Opens the parts of a snapshot of strand `expectedStrandId` with the keys `keysForEpoch`
 * returns. Throws a {@linkcode HelixError} (`details.format` `snapshot`): `corrupt` for a
 * malformed part, parts that do not belong together, bad padding or body; `decrypt_failed`
 * for another strand, an epoch without keys or a key commitment that does not match;
 * `bad_signature` for a `wsig` that does not verify; `tampered` for a changed ciphertext.
 */
export function openSnapshot(
  parts: readonly Uint8Array[],
  keysForEpoch: (epoch: number) => EpochKeys | undefined,
  expectedStrandId: string,
): DecodedSnapshot & { readonly epoch: number; readonly upload: string } {
  if (parts.length === 0) throw corrupt("snapshot", "parts", "no parts");
  const plaintexts: Uint8Array[] = [];
  let first: ReturnType<typeof splitSnapshotPart>["header"] | null = null;
  for (let i = 0; i < parts.length; i++) {
    const bytes = parts[i]!;
    const { header, headerBytes, ciphertext, wsig } = splitSnapshotPart(bytes);
    if (header.strandId !== expectedStrandId) {
      throw wireError("decrypt_failed", "snapshot", "strand", "it belongs to another strand");
    }
    first ??= header;
    if (
      header.part !== i || header.parts !== parts.length || header.upload !== first.upload ||
      header.epoch !== first.epoch || header.position !== first.position
    ) {
      throw corrupt("snapshot", "parts", `part ${i} does not belong with the others`);
    }
    const keys = keysForEpoch(header.epoch);
    if (keys === undefined) {
      throw wireError("decrypt_failed", "snapshot", "epoch", `no keys for epoch ${header.epoch}`);
    }
    if (!constantTimeEqual(commitOf(keys, headerBytes), header.commit)) {
      throw wireError(
        "decrypt_failed",
        "snapshot",
        "commit",
        "the key commitment does not match this epoch's key (wrong key, or a changed header)",
      );
    }
    const signed = bytes.subarray(0, bytes.length - SIGNATURE_LENGTH);
    if (!verifySignature(wsig, snapshotWriteMessage(signed), keys.writePublic)) {
      throw wireError(
        "bad_signature",
        "snapshot",
        "wsig",
        "the epoch write signature does not verify",
      );
    }
    const plaintext = aeadOpen(keys.enc, header.nonce, headerBytes, ciphertext);
    if (plaintext === null) {
      throw wireError("tampered", "snapshot", "aead", "a part was altered after sealing");
    }
    plaintexts.push(plaintext);
  }
  const stream = concatBytes(...plaintexts);
  const length = snapshotBodyLength(stream);
  if (length > stream.length || padme(length) !== stream.length) {
    throw corrupt("snapshot", "padding", "the snapshot is not PADMÉ-padded");
  }
  for (let i = length; i < stream.length; i++) {
    if (stream[i] !== 0) throw corrupt("snapshot", "padding", "the padding is not zero");
  }
  const decoded = decodeSnapshotBody(stream.subarray(0, length));
  if (decoded.content.position !== first!.position) {
    throw corrupt("snapshot", "position", "the manifest covers another log position");
  }
  return { ...decoded, epoch: first!.epoch, upload: first!.upload };
}

/** The hex upload id as bytes (for callers holding it as text). */
export function uploadIdBytes(upload: string): Uint8Array {
  return fromHex(upload);
}
