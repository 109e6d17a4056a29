/**
 * Sealing and opening a delta (sync-protocol R9–R13, layout in `delta_header.ts`).
 *
 * Seal: plaintext = PADMÉ-padded `u32 body_len ‖ body ‖ sig_dev`, zero padding; commit =
 * HMAC(k_commit, header bytes except the commit); AEAD = XChaCha20-Poly1305 under k_enc with
 * the full header as associated data; `wsig` by the epoch write key. Open checks, in order:
 * the layout, the strand, the key commitment (constant time, before any decryption), `wsig`,
 * the AEAD tag, the padding (exactly PADMÉ, all zero), the body. The author's signature needs
 * the roster, so it is {@linkcode verifyChangeSignature}'s, after opening.
 *
 * @module
 */
import { aeadOpen, aeadSeal } from "../../crypto/aead.ts";
import { constantTimeEqual } from "../../crypto/bytes.ts";
import { signMessage, verifySignature } from "../../crypto/ed25519.ts";
import { HASH_LENGTH, NONCE_LENGTH, SIGNATURE_LENGTH, TAG_LENGTH } from "../../crypto/lengths.ts";
import { hmacSha256, sha256Bytes } from "../../crypto/sha256.ts";
import {
  type ChangeBody,
  changeId,
  decodeChangeBody,
  encodeChangeBody,
  signChange,
} from "./change.ts";
import {
  DELTA_COMMIT_OFFSET,
  DELTA_HEADER_LENGTH,
  DELTA_MAGIC,
  DELTA_VERSION,
  type DeltaHeader,
  deltaWriteMessage,
  MAX_ENVELOPE_BYTES,
  splitDelta,
} from "./delta_header.ts";
import type { EpochKeys } from "./epoch.ts";
import { corrupt, wireError } from "./errors.ts";
import { strandIdBytes, toHex } from "./ids.ts";
import { padme } from "./padme.ts";
import { concatBytes, u32Bytes } from "./reader.ts";

/** What {@linkcode sealDelta} needs. */
export interface SealDeltaInput {
  /** Strand id (32 hex digits). */
  readonly strandId: string;
  /** The epoch whose `keys` seal it. */
  readonly epoch: number;
  /** That epoch's keys. */
  readonly keys: EpochKeys;
  /** The change. */
  readonly body: ChangeBody;
  /** The author's device secret key, to sign the body (unless `sigDev` is given). */
  readonly deviceSecretKey?: Uint8Array;
  /** An existing `sig_dev` of this body (re-sealing under a new epoch keeps the change id). */
  readonly sigDev?: Uint8Array;
  /** A fixed nonce, for known-answer vectors only; random otherwise. */
  readonly nonce?: Uint8Array;
}

/** A sealed delta. */
export interface SealedDelta {
  /** The envelope. */
  readonly bytes: Uint8Array;
  /** Hex SHA-256 of the envelope. */
  readonly deltaId: string;
  /** Hex SHA-256 of `body ‖ sig_dev`. */
  readonly changeId: string;
}

/** An opened delta. */
export interface OpenedDelta {
  /** The relay-visible header. */
  readonly header: DeltaHeader;
  /** The decoded change. */
  readonly body: ChangeBody;
  /** Its canonical bytes (what `sigDev` signs). */
  readonly bodyBytes: Uint8Array;
  /** The author's signature; check it with {@linkcode verifyChangeSignature}. */
  readonly sigDev: Uint8Array;
  /** Hex SHA-256 of `body ‖ sig_dev`. */
  readonly changeId: string;
  /** Hex SHA-256 of the envelope. */
  readonly deltaId: string;
}

const OUTER_OVERHEAD = DELTA_HEADER_LENGTH + TAG_LENGTH + SIGNATURE_LENGTH;
const INNER_OVERHEAD = 4 + SIGNATURE_LENGTH;

/**
 * Envelope size of a body of `bodyLength` bytes.
 *
 * @example Usage
 * ```ts
 * import { MAX_BODY_LENGTH, sealedDeltaSize } from "./delta.ts";
 * import { MAX_ENVELOPE_BYTES } from "./delta_header.ts";
 * import { ok } from "node:assert/strict";
 *
 * ok(sealedDeltaSize(MAX_BODY_LENGTH) <= MAX_ENVELOPE_BYTES);
 * ok(sealedDeltaSize(MAX_BODY_LENGTH + 1) > MAX_ENVELOPE_BYTES);
 * ```
 */
export function sealedDeltaSize(bodyLength: number): number {
  return OUTER_OVERHEAD + padme(INNER_OVERHEAD + bodyLength);
}

/** The longest body whose envelope fits in {@linkcode MAX_ENVELOPE_BYTES}. */
export const MAX_BODY_LENGTH: number = (() => {
  let length = MAX_ENVELOPE_BYTES - OUTER_OVERHEAD - INNER_OVERHEAD;
  while (sealedDeltaSize(length) > MAX_ENVELOPE_BYTES) length--;
  return length;
})();

function commitOf(keys: EpochKeys, headerBytes: Uint8Array): Uint8Array {
  return hmacSha256(
    keys.commit,
    concatBytes(
      headerBytes.subarray(0, DELTA_COMMIT_OFFSET),
      headerBytes.subarray(DELTA_COMMIT_OFFSET + HASH_LENGTH),
    ),
  );
}

/**
 * Signs (unless `sigDev` is given), pads, seals and write-signs a change. `quota_exceeded`
 * when the envelope would pass {@linkcode MAX_ENVELOPE_BYTES} (split the ops first:
 * `splitOps`).
 *
 * @example Seal, check at the relay, open at another device
 * ```ts
 * import { openDelta, sealDelta } from "./delta.ts";
 * import { readDeltaHeader, verifyDeltaWrite } from "./delta_header.ts";
 * import { deriveEpochKeys, newEpochSecret } from "./epoch.ts";
 * import { newStrandId } from "./ids.ts";
 * import { verifyChangeSignature } from "./change.ts";
 * import { keyFingerprint, publicKeyOf } from "../../crypto/ed25519.ts";
 * import { deepEqual, equal, ok } from "node:assert/strict";
 *
 * const strandId = newStrandId();
 * const keys = deriveEpochKeys(newEpochSecret(), strandId);
 * const device = crypto.getRandomValues(new Uint8Array(32));
 * const body = {
 *   author: keyFingerprint(publicKeyOf(device)), authorSeq: 1, prev: null, deps: [],
 *   rosterHead: "00".repeat(32), hlc: "000000000001000-00000", ops: [],
 * };
 * const sealed = sealDelta({ strandId, epoch: 0, keys, body, deviceSecretKey: device });
 * equal(readDeltaHeader(sealed.bytes).epoch, 0); // the relay: no keys needed
 * ok(verifyDeltaWrite(sealed.bytes, keys.writePublic));
 * const opened = openDelta(sealed.bytes, (epoch) => (epoch === 0 ? keys : undefined), strandId);
 * deepEqual(opened.body, body);
 * equal(opened.changeId, sealed.changeId);
 * ok(verifyChangeSignature(strandId, opened.bodyBytes, opened.sigDev, publicKeyOf(device)));
 * ```
 */
export function sealDelta(input: SealDeltaInput): SealedDelta {
  const { strandId, epoch, keys } = input;
  const bodyBytes = encodeChangeBody(input.body);
  if (bodyBytes.length > MAX_BODY_LENGTH) {
    throw wireError(
      "quota_exceeded",
      "delta",
      "too_large",
      `a body of ${bodyBytes.length} bytes would seal past the ${MAX_ENVELOPE_BYTES}-byte limit`,
    );
  }
  let sigDev = input.sigDev;
  if (sigDev === undefined) {
    if (input.deviceSecretKey === undefined) {
      throw new TypeError("sealDelta needs deviceSecretKey or sigDev");
    }
    sigDev = signChange(strandId, bodyBytes, input.deviceSecretKey);
  }
  if (sigDev.length !== SIGNATURE_LENGTH) throw new TypeError("sigDev must be 64 bytes");
  const plaintext = new Uint8Array(padme(INNER_OVERHEAD + bodyBytes.length));
  plaintext.set(u32Bytes(bodyBytes.length), 0);
  plaintext.set(bodyBytes, 4);
  plaintext.set(sigDev, 4 + bodyBytes.length);
  const nonce = input.nonce ?? crypto.getRandomValues(new Uint8Array(NONCE_LENGTH));
  if (nonce.length !== NONCE_LENGTH) throw new TypeError("nonce must be 24 bytes");
  const header = concatBytes(
    DELTA_MAGIC,
    Uint8Array.of(DELTA_VERSION),
    strandIdBytes(strandId),
    u32Bytes(epoch),
    nonce,
    new Uint8Array(HASH_LENGTH),
    u32Bytes(plaintext.length + TAG_LENGTH),
  );
  header.set(commitOf(keys, header), DELTA_COMMIT_OFFSET);
  const ciphertext = aeadSeal(keys.enc, nonce, header, plaintext);
  plaintext.fill(0);
  const signed = concatBytes(header, ciphertext);
  const wsig = signMessage(deltaWriteMessage(signed), keys.writeSeed);
  const bytes = concatBytes(signed, wsig);
  return {
    bytes,
    deltaId: toHex(sha256Bytes(bytes)),
    changeId: changeId(bodyBytes, sigDev),
  };
}

/**
 * Opens a delta of strand `expectedStrandId` with the keys `keysForEpoch` returns for its
 * epoch. Throws a {@linkcode HelixError}: `corrupt` / `unsupported_version` for a malformed
 * envelope, padding or body; `decrypt_failed` for another strand, an epoch without keys or a
 * key commitment that does not match (nothing was decrypted); `bad_signature` for a `wsig`
 * that does not verify; `tampered` for a ciphertext whose tag does not verify.
 */
export function openDelta(
  bytes: Uint8Array,
  keysForEpoch: (epoch: number) => EpochKeys | undefined,
  expectedStrandId: string,
): OpenedDelta {
  const { header, headerBytes, ciphertext, wsig } = splitDelta(bytes);
  if (header.strandId !== expectedStrandId) {
    throw wireError("decrypt_failed", "delta", "strand", "it belongs to another strand");
  }
  const keys = keysForEpoch(header.epoch);
  if (keys === undefined) {
    throw wireError("decrypt_failed", "delta", "epoch", `no keys for epoch ${header.epoch}`);
  }
  if (!constantTimeEqual(commitOf(keys, headerBytes), header.commit)) {
    throw wireError(
      "decrypt_failed",
      "delta",
      "commit",
      "the key commitment does not match this epoch's key (wrong key, or a changed header)",
    );
  }
  const signed = bytes.subarray(0, bytes.length - SIGNATURE_LENGTH);
  if (!verifySignature(wsig, deltaWriteMessage(signed), keys.writePublic)) {
    throw wireError("bad_signature", "delta", "wsig", "the epoch write signature does not verify");
  }
  const plaintext = aeadOpen(keys.enc, header.nonce, headerBytes, ciphertext);
  if (plaintext === null) {
    throw wireError("tampered", "delta", "aead", "the ciphertext was altered after sealing");
  }
  const { bodyBytes, sigDev } = unpad(plaintext);
  const body = decodeChangeBody(bodyBytes);
  return {
    header,
    body,
    bodyBytes,
    sigDev,
    changeId: changeId(bodyBytes, sigDev),
    deltaId: header.deltaId,
  };
}

function unpad(plaintext: Uint8Array): { bodyBytes: Uint8Array; sigDev: Uint8Array } {
  if (plaintext.length < INNER_OVERHEAD) {
    throw corrupt("delta", "padding", "the plaintext is short");
  }
  const bodyLength = new DataView(plaintext.buffer, plaintext.byteOffset, 4).getUint32(0);
  if (bodyLength > plaintext.length - INNER_OVERHEAD) {
    throw corrupt("delta", "padding", `the body length ${bodyLength} exceeds the plaintext`);
  }
  if (padme(INNER_OVERHEAD + bodyLength) !== plaintext.length) {
    throw corrupt("delta", "padding", "the plaintext is not PADMÉ-padded");
  }
  const end = INNER_OVERHEAD + bodyLength;
  for (let i = end; i < plaintext.length; i++) {
    if (plaintext[i] !== 0) throw corrupt("delta", "padding", "the padding is not zero");
  }
  return {
    bodyBytes: plaintext.slice(4, 4 + bodyLength),
    sigDev: plaintext.slice(4 + bodyLength, end),
  };
}
