/**
 * A GC marker (sync-protocol R28, `docs/teams.md`): an admin's signed word that the relay may
 * drop the bytes of every delta at or before a log position, because a snapshot covers them
 * and every current device has acknowledged that snapshot's frontier. 245 bytes, all integers
 * big-endian:
 *
 * ```
 * magic "HXG1" (4) | version 1 (1) | strand_id (16) | epoch u32 | upload (16) | position u64
 * | roster_seq u32 | roster_head (32) | snapshot_id (32) | sig_dev (64) | wsig (64)
 * ```
 *
 * `upload` names the snapshot as the relay knows it, `snapshot_id` as its readers do (hex
 * H(manifest ‖ sig) of `snapshot_body.ts`); `position` is the relay log position it covers,
 * `roster_seq`/`roster_head` the roster entry whose admins the signer is one of. `sig_dev`
 * signs `"helix/gc-marker/v1" ‖ device_id (16) ‖` every byte before it: the signer is bound
 * but never written, so the relay learns no device id (R9, R15); a reader tries the admin
 * devices of the roster at `roster_seq`. `wsig` is the epoch write key's signature over
 * `"helix/gc-marker-write/v1" ‖` every byte before it: the relay's own check (R14), as for a
 * delta. Roles live inside the encrypted roster, so only clients can tell an admin's marker
 * from a member's (R8), exactly as for roster entries.
 *
 * @module
 */
import { equalBytes } from "../../crypto/_noble.ts";
import { signMessage, verifySignature } from "../../crypto/ed25519.ts";
import { verifySignatureAsync } from "../../crypto/ed25519_async.ts";
import { HASH_LENGTH, SIGNATURE_LENGTH } from "../../crypto/lengths.ts";
import type { EpochKeys } from "./epoch.ts";
import { corrupt, wireError } from "./errors.ts";
import { fromHex, HEX16, HEX32, STRAND_ID_LENGTH, strandIdBytes, toHex } from "./ids.ts";
import { ByteReader, concatBytes, u32Bytes, u64Bytes, utf8 } from "./reader.ts";

/** The first bytes of a marker. */
export const GC_MARKER_MAGIC: Uint8Array = utf8("HXG1");
/** The marker version this build writes and reads. */
export const GC_MARKER_VERSION = 1;
/** Domain-separation prefix of the admin device's signature. */
export const GC_MARKER_LABEL = "helix/gc-marker/v1";
/** Domain-separation prefix of the epoch write signature. */
export const GC_MARKER_WRITE_LABEL = "helix/gc-marker-write/v1";
/** Bytes before `sig_dev`. */
const BODY_LENGTH = 4 + 1 + STRAND_ID_LENGTH + 4 + 16 + 8 + 4 + HASH_LENGTH + HASH_LENGTH;
/** Bytes of an encoded marker. */
export const GC_MARKER_LENGTH: number = BODY_LENGTH + 2 * SIGNATURE_LENGTH;

/** What a marker says. */
export interface GcMarkerFields {
  /** Strand id, 32 hex digits. */
  readonly strandId: string;
  /** The epoch whose write key signed it (the one in force when it was made). */
  readonly epoch: number;
  /** The snapshot's upload id at the relay (32 hex digits). */
  readonly upload: string;
  /** The relay log position it covers: deltas at or before it may lose their bytes. */
  readonly position: number;
  /** The roster entry the signer is an admin at. */
  readonly rosterSeq: number;
  /** That entry's hash (64 hex digits). */
  readonly rosterHead: string;
  /** The snapshot's id (64 hex digits). */
  readonly snapshotId: string;
}

/** A parsed marker, signatures not yet checked. */
export interface GcMarker extends GcMarkerFields {
  /** The admin device's signature. */
  readonly signature: Uint8Array;
  /** The epoch write key's signature. */
  readonly wsig: Uint8Array;
}

function bodyBytes(fields: GcMarkerFields): Uint8Array {
  if (!HEX16.test(fields.upload)) throw new TypeError("upload must be 32 lowercase hex digits");
  if (!HEX32.test(fields.rosterHead) || !HEX32.test(fields.snapshotId)) {
    throw new TypeError("rosterHead and snapshotId must be 64 lowercase hex digits");
  }
  return concatBytes(
    GC_MARKER_MAGIC,
    Uint8Array.of(GC_MARKER_VERSION),
    strandIdBytes(fields.strandId),
    u32Bytes(fields.epoch),
    fromHex(fields.upload),
    u64Bytes(fields.position),
    u32Bytes(fields.rosterSeq),
    fromHex(fields.rosterHead),
    fromHex(fields.snapshotId),
  );
}

function deviceMessage(device: string, body: Uint8Array): Uint8Array {
  if (typeof device !== "string" || !HEX16.test(device)) {
    throw new TypeError("device must be 32 lowercase hex digits");
  }
  return concatBytes(utf8(GC_MARKER_LABEL), fromHex(device), body);
}

function writeMessage(bytes: Uint8Array): Uint8Array {
  return concatBytes(
    utf8(GC_MARKER_WRITE_LABEL),
    bytes.subarray(0, bytes.length - SIGNATURE_LENGTH),
  );
}

/**
 * The marker `fields` signed by `device` (Ed25519 seed `deviceSecretKey`) and by the write key
 * of `keys` (the epoch named in `fields`).
 *
 * @example Seal, parse and open
 * ```ts
 * import { openGcMarker, parseGcMarker, sealGcMarker } from "./gc_marker.ts";
 * import { deriveEpochKeys, newEpochSecret } from "./epoch.ts";
 * import { keyFingerprint, publicKeyOf } from "../../crypto/ed25519.ts";
 * import { equal } from "node:assert/strict";
 *
 * const strandId = "ab".repeat(16);
 * const keys = deriveEpochKeys(newEpochSecret(), strandId);
 * const secret = new Uint8Array(32).fill(7);
 * const device = keyFingerprint(publicKeyOf(secret));
 * const bytes = sealGcMarker({
 *   strandId, epoch: 0, upload: "99".repeat(16), position: 12, rosterSeq: 3,
 *   rosterHead: "cd".repeat(32), snapshotId: "ef".repeat(32),
 * }, device, secret, keys);
 * equal(parseGcMarker(bytes).position, 12);
 * equal(openGcMarker(bytes, [{ device, ed25519: publicKeyOf(secret) }]), device);
 * ```
 */
export function sealGcMarker(
  fields: GcMarkerFields,
  device: string,
  deviceSecretKey: Uint8Array,
  keys: Pick<EpochKeys, "writeSeed">,
): Uint8Array {
  const body = bodyBytes(fields);
  const signed = concatBytes(body, signMessage(deviceMessage(device, body), deviceSecretKey));
  return concatBytes(
    signed,
    signMessage(concatBytes(utf8(GC_MARKER_WRITE_LABEL), signed), keys.writeSeed),
  );
}

/**
 * A marker from its bytes, signatures not checked: `corrupt` (magic, length, fields) or
 * `unsupported_version`, never another error. The relay reads it with this.
 */
export function parseGcMarker(bytes: Uint8Array): GcMarker {
  if (!(bytes instanceof Uint8Array)) throw corrupt("gc marker", "type", "it is not bytes");
  const reader = new ByteReader(bytes, "gc marker");
  if (!equalBytes(reader.take(4, "the magic"), GC_MARKER_MAGIC)) {
    throw corrupt("gc marker", "magic", "it does not start with HXG1");
  }
  const version = reader.u8("the version");
  if (version !== GC_MARKER_VERSION) {
    throw wireError("unsupported_version", "gc marker", "version", `version ${version} is not 1`);
  }
  const strandId = toHex(reader.take(STRAND_ID_LENGTH, "the strand id"));
  const epoch = reader.u32("the epoch");
  const upload = toHex(reader.take(16, "the upload id"));
  const position = reader.u64("the position");
  const rosterSeq = reader.u32("the roster seq");
  const rosterHead = toHex(reader.take(HASH_LENGTH, "the roster head"));
  const snapshotId = toHex(reader.take(HASH_LENGTH, "the snapshot id"));
  const signature = reader.take(SIGNATURE_LENGTH, "the device signature").slice();
  const wsig = reader.take(SIGNATURE_LENGTH, "the write signature").slice();
  reader.end();
  if (rosterSeq < 1) throw corrupt("gc marker", "roster", "the roster seq is 0");
  return { strandId, epoch, upload, position, rosterSeq, rosterHead, snapshotId, signature, wsig };
}

/** True when the marker's `wsig` verifies under `writePublic`; throws when malformed. */
export function verifyGcMarkerWrite(bytes: Uint8Array, writePublic: Uint8Array): boolean {
  const marker = parseGcMarker(bytes);
  return verifySignature(marker.wsig, writeMessage(bytes), writePublic);
}

/** {@linkcode verifyGcMarkerWrite} through WebCrypto, for the relay. */
export async function verifyGcMarkerWriteAsync(
  bytes: Uint8Array,
  writePublic: Uint8Array,
): Promise<boolean> {
  const marker = parseGcMarker(bytes);
  return await verifySignatureAsync(marker.wsig, writeMessage(bytes), writePublic);
}

/**
 * Which of `signers` (the admin devices of the roster at the marker's `roster_seq`) signed the
 * marker: its device id, or `bad_signature` when none did. The errors of
 * {@linkcode parseGcMarker} for malformed bytes. The `wsig` is checked too when `writePublic`
 * is given.
 */
export function openGcMarker(
  bytes: Uint8Array,
  signers: readonly { readonly device: string; readonly ed25519: Uint8Array }[],
  writePublic?: Uint8Array,
): string {
  const marker = parseGcMarker(bytes);
  if (writePublic && !verifySignature(marker.wsig, writeMessage(bytes), writePublic)) {
    throw wireError(
      "bad_signature",
      "gc marker",
      "wsig",
      "the epoch write signature does not verify",
    );
  }
  const body = bytes.subarray(0, BODY_LENGTH);
  for (const signer of signers) {
    let valid = false;
    try {
      valid = verifySignature(marker.signature, deviceMessage(signer.device, body), signer.ed25519);
    } catch {
      valid = false;
    }
    if (valid) return signer.device;
  }
  throw wireError(
    "bad_signature",
    "gc marker",
    "signer",
    "no admin device of the roster at its entry signed it",
  );
}
