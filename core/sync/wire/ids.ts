/**
 * The hex ids of sync: strand ids (16 random bytes), device ids (the first 16 bytes of
 * SHA-256 of the Ed25519 public key), change, delta and roster-entry ids (32-byte SHA-256).
 * The API speaks lowercase hex; the wire carries the raw bytes.
 *
 * @module
 */
import { bytesToHex, hexToBytes } from "../../crypto/_noble.ts";

/** A strand id or device id: 32 lowercase hex digits. */
export const HEX16: RegExp = /^[0-9a-f]{32}$/;
/** A SHA-256 id: 64 lowercase hex digits. */
export const HEX32: RegExp = /^[0-9a-f]{64}$/;
/** Bytes of a strand id. */
export const STRAND_ID_LENGTH = 16;

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

/** The bytes of a 32-hex-digit strand id; `TypeError` when it is not one (a caller's bug). */
export function strandIdBytes(strandId: string): Uint8Array {
  if (typeof strandId !== "string" || !HEX16.test(strandId)) {
    throw new TypeError(`strandId must be 32 lowercase hex digits, got ${String(strandId)}`);
  }
  return hexToBytes(strandId);
}

/** The bytes of lowercase hex `text` (already validated by the caller). */
export function fromHex(text: string): Uint8Array {
  return hexToBytes(text);
}

/**
 * A new random strand id (R2: random, never derived from a name).
 *
 * @example Usage
 * ```ts
 * import { newStrandId } from "./ids.ts";
 * import { match } from "node:assert/strict";
 *
 * match(newStrandId(), /^[0-9a-f]{32}$/);
 * ```
 */
export function newStrandId(): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(STRAND_ID_LENGTH)));
}
