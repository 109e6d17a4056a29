/**
 * The relay-visible layout of a roster entry (sync-protocol R6, R7; `docs/sync.md`), all
 * integers big-endian:
 *
 * ```
 * magic "HXR1" (4) | version 1 (1) | strand_id (16) | seq u32 | prev (32) | epoch u32
 * | has_wpk u8 | wpk (32 if has_wpk) | bundle_len u32 | bundle | nonce (24) | ct_len u32 | ct
 * | wsig (64)
 * ```
 *
 * The relay needs no key to check the compare-and-swap (`seq = head + 1`, `prev = H(head
 * entry bytes)`, {@linkcode rosterEntryHash}) and the write signature
 * ({@linkcode verifyRosterWrite}: the write key of the epoch in force before the entry; for
 * the genesis entry, the `wpk` it publishes). `wsig` signs `"helix/roster-write/v1" ‖` every
 * byte before it.
 *
 * @module
 */
import { verifySignature } from "../../crypto/ed25519.ts";
import {
  HASH_LENGTH,
  NONCE_LENGTH,
  PUBLIC_KEY_LENGTH,
  SIGNATURE_LENGTH,
  TAG_LENGTH,
} from "../../crypto/lengths.ts";
import { sha256Bytes } from "../../crypto/sha256.ts";
import { MAX_BUNDLE_BYTES, readBundle } from "./bundle.ts";
import { MAX_ENVELOPE_BYTES } from "./delta_header.ts";
import { corrupt, wireError } from "./errors.ts";
import { STRAND_ID_LENGTH, toHex } from "./ids.ts";
import { ByteReader, concatBytes, utf8 } from "./reader.ts";

/** The first bytes of every roster entry. */
export const ROSTER_MAGIC: Uint8Array = utf8("HXR1");
/** The roster entry version this build writes and reads. */
export const ROSTER_VERSION = 1;
/** Domain-separation prefix of a roster entry's `wsig`. */
export const ROSTER_WRITE_LABEL = "helix/roster-write/v1";
/** Largest roster entry. */
export const MAX_ROSTER_ENTRY_BYTES: number = MAX_ENVELOPE_BYTES;
/** Largest encrypted part of an entry. */
export const MAX_ROSTER_CIPHERTEXT = 64 * 1024;
/** `prev` of the genesis entry (seq 1): 32 zero bytes, as hex. */
export const GENESIS_PREV: string = "00".repeat(HASH_LENGTH);

/** The relay-visible fields of a roster entry. */
export interface RosterOuter {
  /** Strand id, 32 hex digits. */
  readonly strandId: string;
  /** Position in the roster, from 1 (the genesis entry). */
  readonly seq: number;
  /** Hex SHA-256 of the previous entry's bytes ({@linkcode GENESIS_PREV} at seq 1). */
  readonly prev: string;
  /** The epoch in force after this entry. */
  readonly epoch: number;
  /** The write public key of a new epoch this entry creates, if it creates one. */
  readonly wpk: Uint8Array | null;
  /** Key bundle (possibly empty). */
  readonly bundle: Uint8Array;
  /** AEAD nonce of `ciphertext`. */
  readonly nonce: Uint8Array;
  /** The sealed `{op, signer, sig}`. */
  readonly ciphertext: Uint8Array;
  /** Every byte before the ciphertext (its associated data, and what the signer signs). */
  readonly prefix: Uint8Array;
  /** Every byte before `wsig`. */
  readonly signedBytes: Uint8Array;
  /** The write signature. */
  readonly wsig: Uint8Array;
  /** {@linkcode rosterEntryHash} of the entry. */
  readonly hash: string;
}

/**
 * The relay-visible fields of a roster entry, without keys; `corrupt`,
 * `unsupported_version` or `quota_exceeded` when malformed.
 *
 * @example Usage
 * ```ts
 * import { readRosterOuter } from "./roster_outer.ts";
 * import { isHelixError } from "../../errors.ts";
 * import { throws } from "node:assert/strict";
 *
 * throws(() => readRosterOuter(new Uint8Array(10)), (e) => isHelixError(e, "corrupt"));
 * ```
 */
export function readRosterOuter(bytes: Uint8Array): RosterOuter {
  if (!(bytes instanceof Uint8Array)) throw corrupt("roster", "type", "it is not bytes");
  if (bytes.length > MAX_ROSTER_ENTRY_BYTES) {
    throw wireError("quota_exceeded", "roster", "too_large", `it is ${bytes.length} bytes`);
  }
  const reader = new ByteReader(bytes, "roster");
  const magic = reader.take(4, "the magic");
  if (!magic.every((byte, i) => byte === ROSTER_MAGIC[i])) {
    throw corrupt("roster", "magic", "it does not start with HXR1");
  }
  const version = reader.u8("the version");
  if (version !== ROSTER_VERSION) {
    throw wireError("unsupported_version", "roster", "version", `version ${version} is not 1`);
  }
  const strandId = toHex(reader.take(STRAND_ID_LENGTH, "the strand id"));
  const seq = reader.u32("the sequence");
  if (seq === 0) throw corrupt("roster", "seq", "the sequence is 0");
  const prev = toHex(reader.take(HASH_LENGTH, "prev"));
  if ((seq === 1) !== (prev === GENESIS_PREV)) {
    throw corrupt("roster", "prev", "prev is zero exactly at the genesis entry");
  }
  const epoch = reader.u32("the epoch");
  const hasWpk = reader.u8("has_wpk");
  if (hasWpk > 1) throw corrupt("roster", "has_wpk", `has_wpk is ${hasWpk}`);
  const wpk = hasWpk === 1 ? reader.take(PUBLIC_KEY_LENGTH, "wpk") : null;
  if (seq === 1 && wpk === null) throw corrupt("roster", "wpk", "the genesis entry has no wpk");
  const bundleLength = reader.u32("the bundle length");
  if (bundleLength > MAX_BUNDLE_BYTES) {
    throw corrupt("roster", "bundle", `a bundle of ${bundleLength} bytes is over the limit`);
  }
  const bundle = reader.take(bundleLength, "the bundle");
  if (bundleLength > 0) readBundle(bundle);
  const nonce = reader.take(NONCE_LENGTH, "the nonce");
  const ciphertextLength = reader.u32("the ciphertext length");
  if (ciphertextLength < TAG_LENGTH || ciphertextLength > MAX_ROSTER_CIPHERTEXT) {
    throw corrupt("roster", "length", `a ciphertext of ${ciphertextLength} bytes`);
  }
  const prefix = bytes.subarray(0, reader.offset);
  if (ciphertextLength + SIGNATURE_LENGTH !== reader.remaining) {
    throw corrupt("roster", "length", "the ciphertext length does not match the entry");
  }
  const ciphertext = reader.take(ciphertextLength, "the ciphertext");
  const signedBytes = bytes.subarray(0, reader.offset);
  const wsig = reader.take(SIGNATURE_LENGTH, "the write signature");
  return {
    strandId,
    seq,
    prev,
    epoch,
    wpk,
    bundle,
    nonce,
    ciphertext,
    prefix,
    signedBytes,
    wsig,
    hash: rosterEntryHash(bytes),
  };
}

/** Hex SHA-256 of a roster entry's bytes: the next entry's `prev`, and `rosterHead` in deltas. */
export function rosterEntryHash(bytes: Uint8Array): string {
  return toHex(sha256Bytes(bytes));
}

/** The message a roster entry's `wsig` signs. */
export function rosterWriteMessage(signedBytes: Uint8Array): Uint8Array {
  return concatBytes(utf8(ROSTER_WRITE_LABEL), signedBytes);
}

/**
 * True when the entry's `wsig` verifies under `writePublic`: the relay passes the `wpk` of
 * the epoch in force at its head, or, for a genesis entry (seq 1), the entry's own `wpk`
 * (pass `null` to use it). Throws like {@linkcode readRosterOuter} when malformed.
 */
export function verifyRosterWrite(bytes: Uint8Array, writePublic: Uint8Array | null): boolean {
  const outer = readRosterOuter(bytes);
  const key = writePublic ?? outer.wpk;
  if (key === null) return false;
  return verifySignature(outer.wsig, rosterWriteMessage(outer.signedBytes), key);
}
