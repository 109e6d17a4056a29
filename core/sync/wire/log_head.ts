/**
 * The relay's signed log head (sync-protocol R16): `(strand_id, size, root)` signed by the
 * relay's Ed25519 key, so two heads that no consistency proof joins are transferable proof of
 * a fork. 125 bytes, integers big-endian:
 *
 * ```
 * magic "HXH1" (4) | version 1 (1) | strand_id (16) | size u64 | root (32) | sig (64)
 * ```
 *
 * `sig` signs `"helix/log-head/v1" ‖` the 61 bytes before it. No clock: heads carry no time
 * (R15). On HTTP the head travels base64url in the `x-helix-head` header.
 *
 * @module
 */
import { equalBytes } from "../../crypto/_noble.ts";
import { signMessage, verifySignature } from "../../crypto/ed25519.ts";
import { HASH_LENGTH, SIGNATURE_LENGTH } from "../../crypto/lengths.ts";
import { corrupt, wireError } from "./errors.ts";
import { fromHex, HEX16, STRAND_ID_LENGTH, toHex } from "./ids.ts";
import { ByteReader, concatBytes, u64Bytes, utf8 } from "./reader.ts";

/** The first bytes of a signed head. */
export const LOG_HEAD_MAGIC: Uint8Array = utf8("HXH1");
/** The head version this build writes and reads. */
export const LOG_HEAD_VERSION = 1;
/** Domain-separation prefix of the relay's head signature. */
export const LOG_HEAD_LABEL = "helix/log-head/v1";
/** Bytes of an encoded signed head. */
export const LOG_HEAD_LENGTH: number = 4 + 1 + STRAND_ID_LENGTH + 8 + HASH_LENGTH +
  SIGNATURE_LENGTH;
/** The HTTP header that carries a signed head, base64url. */
export const LOG_HEAD_HEADER = "x-helix-head";

/** A log head: the strand, how many deltas the log holds, and the Merkle root over them. */
export interface LogHead {
  /** Strand id, 32 hex digits. */
  readonly strandId: string;
  /** Leaves in the log (the last server sequence). */
  readonly size: number;
  /** RFC 9162 root (32 bytes). */
  readonly root: Uint8Array;
}

/** A head with the relay's signature. */
export interface SignedLogHead extends LogHead {
  /** Ed25519 signature (64 bytes) over the label and the encoded head. */
  readonly signature: Uint8Array;
}

function unsignedBytes(head: LogHead): Uint8Array {
  if (typeof head?.strandId !== "string" || !HEX16.test(head.strandId)) {
    throw new TypeError("head.strandId must be 32 lowercase hex digits");
  }
  if (!Number.isSafeInteger(head.size) || head.size < 0) {
    throw new RangeError(`head.size must be a non-negative safe integer, got ${head.size}`);
  }
  if (!(head.root instanceof Uint8Array) || head.root.length !== HASH_LENGTH) {
    throw new TypeError("head.root must be 32 bytes");
  }
  return concatBytes(
    LOG_HEAD_MAGIC,
    Uint8Array.of(LOG_HEAD_VERSION),
    fromHex(head.strandId),
    u64Bytes(head.size),
    head.root,
  );
}

/** The message the relay signs for `head`. */
function signedMessage(head: LogHead): Uint8Array {
  return concatBytes(utf8(LOG_HEAD_LABEL), unsignedBytes(head));
}

/**
 * Signs `head` with the relay's 32-byte Ed25519 seed `secretKey`.
 *
 * @example Usage
 * ```ts
 * import { encodeLogHead, parseLogHead, signLogHead, verifyLogHead } from "./log_head.ts";
 * import { publicKeyOf } from "../../crypto/ed25519.ts";
 * import { equal } from "node:assert/strict";
 *
 * const secret = new Uint8Array(32).fill(7);
 * const head = { strandId: "ab".repeat(16), size: 3, root: new Uint8Array(32) };
 * const signed = parseLogHead(encodeLogHead(signLogHead(head, secret)));
 * equal(signed.size, 3);
 * equal(verifyLogHead(signed, publicKeyOf(secret)), true);
 * ```
 */
export function signLogHead(head: LogHead, secretKey: Uint8Array): SignedLogHead {
  const signature = signMessage(signedMessage(head), secretKey, { repeatedKey: true });
  return { strandId: head.strandId, size: head.size, root: head.root.slice(), signature };
}

/** True when the signature of `head` verifies under the relay's public key. Never throws. */
export function verifyLogHead(head: SignedLogHead, relayPublic: Uint8Array): boolean {
  try {
    return verifySignature(head.signature, signedMessage(head), relayPublic);
  } catch {
    return false;
  }
}

/** The 125 bytes of a signed head. */
export function encodeLogHead(head: SignedLogHead): Uint8Array {
  if (!(head.signature instanceof Uint8Array) || head.signature.length !== SIGNATURE_LENGTH) {
    throw new TypeError("head.signature must be 64 bytes");
  }
  return concatBytes(unsignedBytes(head), head.signature);
}

/**
 * A signed head from its bytes, not yet verified: `corrupt` (reason `magic`, `truncated`,
 * `trailing`) or `unsupported_version`, never another error.
 */
export function parseLogHead(bytes: Uint8Array): SignedLogHead {
  if (!(bytes instanceof Uint8Array)) throw corrupt("log head", "type", "it is not bytes");
  const reader = new ByteReader(bytes, "log head");
  const magic = reader.take(4, "the magic");
  if (!equalBytes(magic, LOG_HEAD_MAGIC)) {
    throw corrupt("log head", "magic", "it does not start with HXH1");
  }
  const version = reader.u8("the version");
  if (version !== LOG_HEAD_VERSION) {
    throw wireError("unsupported_version", "log head", "version", `version ${version} is not 1`);
  }
  const strandId = toHex(reader.take(STRAND_ID_LENGTH, "the strand id"));
  const size = reader.u64("the size");
  const root = reader.take(HASH_LENGTH, "the root").slice();
  const signature = reader.take(SIGNATURE_LENGTH, "the signature").slice();
  reader.end();
  return { strandId, size, root, signature };
}

/**
 * Parses and verifies a signed head: `bad_signature` when the relay key did not sign it, and
 * the errors of {@linkcode parseLogHead}.
 */
export function openLogHead(bytes: Uint8Array, relayPublic: Uint8Array): SignedLogHead {
  const head = parseLogHead(bytes);
  if (!verifyLogHead(head, relayPublic)) {
    throw wireError("bad_signature", "log head", "signature", "the relay key did not sign it");
  }
  return head;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

/** A signed head as the base64url text of the `x-helix-head` header. */
export function logHeadToHeader(head: SignedLogHead): string {
  return btoa(String.fromCharCode(...encodeLogHead(head)))
    .replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A signed head from the `x-helix-head` header text (not yet verified); `corrupt` if bad. */
export function logHeadFromHeader(text: string): SignedLogHead {
  if (typeof text !== "string" || !B64URL.test(text) || text.length > 400) {
    throw corrupt("log head", "encoding", "the header is not base64url");
  }
  let binary: string;
  try {
    binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    throw corrupt("log head", "encoding", "the header is not base64url");
  }
  return parseLogHead(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
