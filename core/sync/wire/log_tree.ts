/**
 * The relay's append-only log as a Merkle tree (sync-protocol R16): the RFC 9162 tree
 * (`crypto/merkle.ts`) over delta ids in server order, the leaf input being the id's 32 bytes.
 *
 * A store keeps only the hashes of *complete* subtrees, addressed by (level, index): node
 * (L, i) covers leaves `[i·2^L, (i+1)·2^L)`. Appending leaf `n` writes (0, n) and then one
 * node per trailing one bit of `n` ({@linkcode logAppendNodes}); every node of the RFC tree of
 * any size is either one of these or hashed from at most log₂ n of them, so a root or a proof
 * needs O(log n) reads ({@linkcode planLogNodes} names them before they are read).
 *
 * @module
 */
import { merkleLeafHash, merkleNodeHash } from "../../crypto/merkle.ts";
import { sha256Bytes } from "../../crypto/sha256.ts";
import { fromHex, HEX32 } from "./ids.ts";

/** A complete subtree: `level` (0 for a leaf) and `index` among the subtrees of that level. */
export interface LogNodeKey {
  /** Height above the leaves: 0 for a leaf. */
  readonly level: number;
  /** Position among the subtrees of that level, from 0. */
  readonly index: number;
}

/** A stored node: its key and hash. */
export interface LogNode extends LogNodeKey {
  /** The RFC 9162 hash of the subtree. */
  readonly hash: Uint8Array;
}

/** Reads the hash of a complete subtree the store holds (synchronously: see `planLogNodes`). */
export type LogNodeLookup = (level: number, index: number) => Uint8Array;

/** Root of the empty log: SHA-256 of nothing. */
export const EMPTY_LOG_ROOT: Uint8Array = sha256Bytes(new Uint8Array(0));

/** The leaf hash of a delta id (64 lowercase hex digits): `H(0x00 ‖ id bytes)`. */
export function logLeafHash(deltaId: string): Uint8Array {
  if (typeof deltaId !== "string" || !HEX32.test(deltaId)) {
    throw new TypeError(`deltaId must be 64 lowercase hex digits, got ${String(deltaId)}`);
  }
  return merkleLeafHash(fromHex(deltaId));
}

/** `floor(x / 2^k)` for safe integers (bit shifts in JS stop at 32 bits). */
function shift(x: number, k = 1): number {
  return Math.floor(x / 2 ** k);
}

/** The largest power of two strictly below `n` (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && 2 ** Math.round(Math.log2(n)) === n;
}

/**
 * The nodes to store when leaf `index` (from 0) with hash `leaf` is appended: the leaf, then
 * each complete subtree it closes. `lookup` reads the left siblings (stored before).
 *
 * @example Usage
 * ```ts
 * import { logAppendNodes, logLeafHash } from "./log_tree.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const leaves = ["aa", "bb"].map((b) => logLeafHash(b.repeat(32)));
 * const nodes = logAppendNodes(1, leaves[1]!, (_level, index) => leaves[index]!);
 * deepEqual(nodes.map((n) => [n.level, n.index]), [[0, 1], [1, 0]]);
 * ```
 */
export function logAppendNodes(index: number, leaf: Uint8Array, lookup: LogNodeLookup): LogNode[] {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`bad leaf index ${index}`);
  const nodes: LogNode[] = [{ level: 0, index, hash: leaf }];
  let hash = leaf;
  let at = index;
  for (let level = 0; at % 2 === 1; level++) {
    hash = merkleNodeHash(lookup(level, at - 1), hash);
    at = shift(at);
    nodes.push({ level: level + 1, index: at, hash });
  }
  return nodes;
}

/** The left siblings {@linkcode logAppendNodes} reads for leaf `index`. */
export function logAppendSiblings(index: number): LogNodeKey[] {
  const keys: LogNodeKey[] = [];
  let at = index;
  for (let level = 0; at % 2 === 1; level++) {
    keys.push({ level, index: at - 1 });
    at = shift(at);
  }
  return keys;
}

/**
 * RFC 9162 `MTH(D[start:end])` from stored complete subtrees. The ranges the RFC's tree and
 * proofs name are aligned (a power-of-two range starts at a multiple of its size).
 */
export function logRangeHash(start: number, end: number, lookup: LogNodeLookup): Uint8Array {
  const size = end - start;
  if (size <= 0) {
    if (size === 0 && start === 0) return EMPTY_LOG_ROOT;
    throw new RangeError(`empty or reversed range [${start}, ${end})`);
  }
  if (isPowerOfTwo(size)) {
    if (start % size !== 0) throw new RangeError(`unaligned range [${start}, ${end})`);
    return lookup(Math.round(Math.log2(size)), start / size);
  }
  const k = splitPoint(size);
  return merkleNodeHash(
    logRangeHash(start, start + k, lookup),
    logRangeHash(start + k, end, lookup),
  );
}

/** The root of the log's first `size` leaves. */
export function logRoot(size: number, lookup: LogNodeLookup): Uint8Array {
  assertSize(size, "size");
  return logRangeHash(0, size, lookup);
}

/** Throws a `RangeError` unless `size` is a safe non-negative integer. */
export function assertSize(size: number, name: string): void {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer, got ${size}`);
  }
}

/**
 * The node keys `compute` reads, found by running it once over placeholder hashes (what a
 * root or proof reads depends on sizes only, never on hash values), deduplicated in order.
 */
export function planLogNodes(compute: (lookup: LogNodeLookup) => unknown): LogNodeKey[] {
  const seen = new Map<string, LogNodeKey>();
  const placeholder = new Uint8Array(32);
  compute((level, index) => {
    seen.set(`${level}/${index}`, { level, index });
    return placeholder;
  });
  return [...seen.values()];
}

/**
 * Runs `compute` over the nodes `read` returns for the keys it needs: the two-step way a store
 * with asynchronous reads (one batch) answers roots and proofs. `read` returns the hashes in
 * the order of the keys it is given; a missing one is an error (the store lost a node).
 */
export async function withLogNodes<T>(
  compute: (lookup: LogNodeLookup) => T,
  read: (keys: readonly LogNodeKey[]) => Promise<readonly (Uint8Array | null)[]>,
): Promise<T> {
  const keys = planLogNodes(compute);
  const hashes = await read(keys);
  const map = new Map<string, Uint8Array>();
  keys.forEach((key, i) => {
    const hash = hashes[i];
    if (!hash) throw new Error(`The log has no node ${key.level}/${key.index}`);
    map.set(`${key.level}/${key.index}`, hash);
  });
  return compute((level, index) => map.get(`${level}/${index}`)!);
}
