/**
 * Proofs over the relay's log (sync-protocol R16), RFC 9162 §2.1.3 and §2.1.4: a consistency
 * proof that the log of size `m` is a prefix of the log of size `n`, and an inclusion proof
 * that a delta id is leaf `i` of the log of size `n`. Generation reads stored complete
 * subtrees (`log_tree.ts`; O(log n) of them); verification needs only the two roots.
 *
 * Conventions beyond the RFC (which defines proofs for 0 < m < n): from `m = n` the proof is
 * empty and the roots must be equal; from `m = 0` it is empty and the first root must be the
 * empty tree's.
 *
 * @module
 */
import { equalBytes } from "../../crypto/_noble.ts";
import { merkleNodeHash } from "../../crypto/merkle.ts";
import { assertSize, EMPTY_LOG_ROOT, type LogNodeLookup, logRangeHash } from "./log_tree.ts";

/** The largest power of two strictly below `n` (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

const half = (x: number) => Math.floor(x / 2);
const odd = (x: number) => x % 2 === 1;

/**
 * RFC 9162 §2.1.4.1 `PROOF(m, D[n])`: the hashes that prove the log of size `m` a prefix of
 * the log of size `n` (0 ≤ m ≤ n), read through `lookup`.
 *
 * @example Usage
 * ```ts
 * import { logConsistencyProof, verifyLogConsistency } from "./log_proof.ts";
 * import { logAppendNodes, logLeafHash, type LogNode, logRoot } from "./log_tree.ts";
 * import { equal } from "node:assert/strict";
 *
 * const store = new Map<string, Uint8Array>();
 * const lookup = (level: number, index: number) => store.get(`${level}/${index}`)!;
 * for (let i = 0; i < 7; i++) {
 *   const leaf = logLeafHash(i.toString(16).padStart(64, "0"));
 *   for (const n of logAppendNodes(i, leaf, lookup)) store.set(`${n.level}/${n.index}`, n.hash);
 * }
 * const proof = logConsistencyProof(3, 7, lookup);
 * equal(verifyLogConsistency(3, 7, logRoot(3, lookup), logRoot(7, lookup), proof), true);
 * ```
 */
export function logConsistencyProof(m: number, n: number, lookup: LogNodeLookup): Uint8Array[] {
  assertSize(m, "m");
  assertSize(n, "n");
  if (m > n) throw new RangeError(`cannot prove size ${m} a prefix of size ${n}`);
  if (m === 0 || m === n) return [];
  const proof: Uint8Array[] = [];
  // SUBPROOF(m, D[start:end], b), with m counted from `start`.
  const sub = (m: number, start: number, end: number, complete: boolean): void => {
    const size = end - start;
    if (m === size) {
      if (!complete) proof.push(logRangeHash(start, end, lookup));
      return;
    }
    const k = splitPoint(size);
    if (m <= k) {
      sub(m, start, start + k, complete);
      proof.push(logRangeHash(start + k, end, lookup));
    } else {
      sub(m - k, start + k, end, false);
      proof.push(logRangeHash(start, start + k, lookup));
    }
  };
  sub(m, 0, n, true);
  return proof;
}

/**
 * RFC 9162 §2.1.4.2: true when `proof` shows the log with root `firstRoot` at size `m` is a
 * prefix of the log with root `secondRoot` at size `n`. Never throws on bad input; false.
 */
export function verifyLogConsistency(
  m: number,
  n: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || m < 0 || m > n) return false;
  if (!(firstRoot instanceof Uint8Array) || !(secondRoot instanceof Uint8Array)) return false;
  if (!Array.isArray(proof) || proof.some((h) => !(h instanceof Uint8Array) || h.length !== 32)) {
    return false;
  }
  if (m === 0) return proof.length === 0 && equalBytes(firstRoot, EMPTY_LOG_ROOT);
  if (m === n) return proof.length === 0 && equalBytes(firstRoot, secondRoot);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(m) ? [firstRoot, ...proof] : [...proof];
  let fn = m - 1;
  let sn = n - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = merkleNodeHash(c, fr);
      sr = merkleNodeHash(c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = merkleNodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(fr, firstRoot) && equalBytes(sr, secondRoot);
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && 2 ** Math.round(Math.log2(n)) === n;
}

/**
 * RFC 9162 §2.1.3.1 `PATH(i, D[n])`: the audit path of leaf `i` (0 ≤ i < n) in the log of
 * size `n`.
 */
export function logInclusionProof(i: number, n: number, lookup: LogNodeLookup): Uint8Array[] {
  assertSize(i, "i");
  assertSize(n, "n");
  if (i >= n) throw new RangeError(`leaf ${i} is not in a log of size ${n}`);
  const proof: Uint8Array[] = [];
  const path = (i: number, start: number, end: number): void => {
    const size = end - start;
    if (size === 1) return;
    const k = splitPoint(size);
    if (i < k) {
      path(i, start, start + k);
      proof.push(logRangeHash(start + k, end, lookup));
    } else {
      path(i - k, start + k, end);
      proof.push(logRangeHash(start, start + k, lookup));
    }
  };
  path(i, 0, n);
  return proof;
}

/**
 * RFC 9162 §2.1.3.2: true when `proof` shows the leaf hash `leaf` is leaf `i` of the log of
 * size `n` with root `root`. Never throws on bad input; false.
 */
export function verifyLogInclusion(
  i: number,
  n: number,
  leaf: Uint8Array,
  root: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (!Number.isSafeInteger(i) || !Number.isSafeInteger(n) || i < 0 || i >= n) return false;
  if (!(leaf instanceof Uint8Array) || !(root instanceof Uint8Array)) return false;
  if (!Array.isArray(proof) || proof.some((h) => !(h instanceof Uint8Array) || h.length !== 32)) {
    return false;
  }
  let fn = i;
  let sn = n - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = merkleNodeHash(p, r);
      while (!odd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = merkleNodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(r, root);
}
