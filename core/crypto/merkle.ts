/**
 * Merkle tree hash of RFC 9162 §2.1.1 (the Certificate Transparency tree), SHA-256: a leaf
 * is `H(0x00 ‖ leaf)`, an inner node `H(0x01 ‖ left ‖ right)`, the empty tree `H("")`. A
 * `.dna` manifest carries the root over its ops' change ids; the relay's append-only log
 * (sync-protocol R16) uses the same tree over delta ids.
 *
 * @module
 */
import { bytesToHex, hexToBytes, sha256 } from "./_noble.ts";
import { HelixError } from "../errors.ts";

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);
const HEX_HASH = /^[0-9a-f]{64}$/;

/** Hex root of the empty tree: SHA-256 of the empty string. */
export const EMPTY_MERKLE_ROOT = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** RFC 9162 leaf hash: `H(0x00 ‖ leaf)`. */
export function merkleLeafHash(leaf: Uint8Array): Uint8Array {
  return sha256.create().update(LEAF_PREFIX).update(leaf).digest();
}

/** RFC 9162 inner node hash: `H(0x01 ‖ left ‖ right)`. */
export function merkleNodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256.create().update(NODE_PREFIX).update(left).update(right).digest();
}

/**
 * RFC 9162 root over arbitrary leaf byte strings, in order. Computed bottom-up: pairing the
 * nodes of each level left to right and carrying an odd last node up unchanged gives the same
 * tree as the RFC's recursive split at the largest power of two below `n`.
 */
export function merkleRootOfLeaves(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  let level: Uint8Array[] = leaves.map(merkleLeafHash);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) {
      next.push(merkleNodeHash(level[i]!, level[i + 1]!));
    }
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  return level[0]!;
}

/**
 * Hex RFC 9162 root over op hashes (each a lowercase hex SHA-256, in log order); the leaf
 * input is the hash's 32 bytes, not its hex text. Throws `invalid_input` on anything else.
 *
 * @example Usage
 * ```ts
 * import { EMPTY_MERKLE_ROOT, merkleRoot } from "./merkle.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(merkleRoot([]), EMPTY_MERKLE_ROOT);
 * equal(merkleRoot(["00".repeat(32)]).length, 64);
 * ```
 */
export function merkleRoot(hashes: readonly string[]): string {
  if (!Array.isArray(hashes)) {
    throw new HelixError("invalid_input", "Cannot compute Merkle root: hashes is not an array");
  }
  const leaves = hashes.map((hash, index) => {
    if (typeof hash !== "string" || !HEX_HASH.test(hash)) {
      throw new HelixError(
        "invalid_input",
        `Cannot compute Merkle root: hash ${index} is not 64 lowercase hex digits`,
        { details: { index } },
      );
    }
    return hexToBytes(hash);
  });
  return bytesToHex(merkleRootOfLeaves(leaves));
}
