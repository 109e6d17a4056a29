/**
 * A witness statement (sync-protocol R22's optional witness): a device's word that it verified
 * the relay's signed log head, signed with the device's Ed25519 key and left at a second relay
 * (the witness) that every device of the strand reads. A relay that shows two devices two
 * histories is then caught without either device's change reaching the other, and without a
 * person comparing fingerprints. 194 bytes:
 *
 * ```
 * magic "HXW1" (4) | version 1 (1) | signed log head (125) | sig (64)
 * ```
 *
 * `sig` signs `"helix/witness/v1" ‖ device_id (16) ‖` the 130 bytes before it: the device is
 * bound by the signature but never written, so the witness, like the relay, holds no device
 * id (R15). It stores each device's latest statement under {@linkcode witnessId} of the strand
 * and {@linkcode witnessSlot} of the device (both hashes); it can drop or replay statements,
 * never forge one: readers check the signature with the device's key from the roster and the
 * head against the relay key pinned there.
 *
 * @module
 */
import { equalBytes } from "../../crypto/_noble.ts";
import { signMessage, verifySignature } from "../../crypto/ed25519.ts";
import { SIGNATURE_LENGTH } from "../../crypto/lengths.ts";
import { sha256Hex } from "../../util/hash.ts";
import { corrupt, wireError } from "./errors.ts";
import { fromHex, HEX16 } from "./ids.ts";
import { encodeLogHead, LOG_HEAD_LENGTH, parseLogHead, type SignedLogHead } from "./log_head.ts";
import { ByteReader, concatBytes, utf8 } from "./reader.ts";

/** The first bytes of a statement. */
export const WITNESS_MAGIC: Uint8Array = utf8("HXW1");
/** The statement version this build writes and reads. */
export const WITNESS_VERSION = 1;
/** Domain-separation prefix of the device's signature. */
export const WITNESS_LABEL = "helix/witness/v1";
/** Bytes of an encoded statement. */
export const WITNESS_LENGTH: number = 4 + 1 + LOG_HEAD_LENGTH + SIGNATURE_LENGTH;

/** A device's signed word that it verified `head`. */
export interface WitnessStatement {
  /** The relay's signed head the device verified. */
  readonly head: SignedLogHead;
  /** The device's Ed25519 signature. */
  readonly signature: Uint8Array;
}

function bodyBytes(head: SignedLogHead): Uint8Array {
  return concatBytes(WITNESS_MAGIC, Uint8Array.of(WITNESS_VERSION), encodeLogHead(head));
}

function signedMessage(device: string, body: Uint8Array): Uint8Array {
  if (typeof device !== "string" || !HEX16.test(device)) {
    throw new TypeError("device must be 32 lowercase hex digits");
  }
  return concatBytes(utf8(WITNESS_LABEL), fromHex(device), body);
}

/**
 * The statement of `device` (whose Ed25519 seed is `secretKey`) that it verified `head`,
 * encoded.
 *
 * @example Usage
 * ```ts
 * import { openWitness, sealWitness } from "./witness.ts";
 * import { signLogHead } from "./log_head.ts";
 * import { keyFingerprint, publicKeyOf } from "../../crypto/ed25519.ts";
 * import { equal } from "node:assert/strict";
 *
 * const relay = new Uint8Array(32).fill(1);
 * const device = new Uint8Array(32).fill(2);
 * const head = signLogHead({ strandId: "ab".repeat(16), size: 3, root: new Uint8Array(32) }, relay);
 * const id = keyFingerprint(publicKeyOf(device));
 * const bytes = sealWitness(id, head, device);
 * equal(openWitness(bytes, id, publicKeyOf(device)).head.size, 3);
 * ```
 */
export function sealWitness(
  device: string,
  head: SignedLogHead,
  secretKey: Uint8Array,
): Uint8Array {
  const body = bodyBytes(head);
  return concatBytes(body, signMessage(signedMessage(device, body), secretKey));
}

/**
 * A statement from its bytes, not yet verified: `corrupt` (magic, truncated, trailing, a bad
 * head) or `unsupported_version`, never another error.
 */
export function parseWitness(bytes: Uint8Array): WitnessStatement {
  if (!(bytes instanceof Uint8Array)) throw corrupt("witness statement", "type", "not bytes");
  const reader = new ByteReader(bytes, "witness statement");
  if (!equalBytes(reader.take(4, "the magic"), WITNESS_MAGIC)) {
    throw corrupt("witness statement", "magic", "it does not start with HXW1");
  }
  const version = reader.u8("the version");
  if (version !== WITNESS_VERSION) {
    throw wireError(
      "unsupported_version",
      "witness statement",
      "version",
      `version ${version} is not 1`,
    );
  }
  const head = parseLogHead(reader.take(LOG_HEAD_LENGTH, "the log head").slice());
  const signature = reader.take(SIGNATURE_LENGTH, "the signature").slice();
  reader.end();
  return { head, signature };
}

/**
 * Parses a statement and verifies that `device` signed it with `devicePublic`:
 * `bad_signature` when it does not verify, and the errors of {@linkcode parseWitness}. The
 * head's own signature is the reader's to check against the pinned relay key.
 */
export function openWitness(
  bytes: Uint8Array,
  device: string,
  devicePublic: Uint8Array,
): WitnessStatement {
  const statement = parseWitness(bytes);
  let valid = false;
  try {
    const body = bytes.subarray(0, bytes.length - SIGNATURE_LENGTH);
    valid = verifySignature(statement.signature, signedMessage(device, body), devicePublic);
  } catch {
    valid = false;
  }
  if (!valid) {
    throw wireError(
      "bad_signature",
      "witness statement",
      "signature",
      "the device did not sign it",
    );
  }
  return statement;
}

/** Where a strand's statements live at the witness: its id hashed (64 hex digits). */
export function witnessId(strandId: string): string {
  return sha256Hex(`helix/witness-id/v1:${strandId}`);
}

/** Where `device`'s statement lives under the strand's witness id (32 hex digits, a hash). */
export function witnessSlot(strandId: string, device: string): string {
  return sha256Hex(`helix/witness-slot/v1:${strandId}:${device}`).slice(0, 32);
}
