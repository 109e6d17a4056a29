import fc from "fast-check";
import { deepEqual, equal, notDeepEqual, throws } from "node:assert/strict";
import { createHash } from "node:crypto";
import { isHelixError } from "../../errors.ts";
import { bytesToHex, hexToBytes } from "../../crypto/_noble.ts";
import { publicKeyOf } from "../../crypto/ed25519.ts";
import { merkleLeafHash, merkleRootOfLeaves } from "../../crypto/merkle.ts";
import {
  EMPTY_LOG_ROOT,
  logAppendNodes,
  logAppendSiblings,
  logLeafHash,
  type LogNodeLookup,
  logRoot,
  planLogNodes,
  withLogNodes,
} from "./log_tree.ts";
import {
  logConsistencyProof,
  logInclusionProof,
  verifyLogConsistency,
  verifyLogInclusion,
} from "./log_proof.ts";

/** An in-memory log over leaf hashes, built the way a relay store builds it. */
function memoryLog(leaves: readonly Uint8Array[]): LogNodeLookup {
  const store = new Map<string, Uint8Array>();
  const lookup: LogNodeLookup = (level, index) => {
    const hash = store.get(`${level}/${index}`);
    if (!hash) throw new Error(`missing ${level}/${index}`);
    return hash;
  };
  leaves.forEach((leaf, i) => {
    for (const node of logAppendNodes(i, leaf, lookup)) {
      store.set(`${node.level}/${node.index}`, node.hash);
    }
  });
  return lookup;
}

const id = (n: number) => n.toString(16).padStart(64, "0");
const ids = (n: number) => Array.from({ length: n }, (_, i) => id(i * 7919 + 1));

// RFC 6962 reference leaves (transparency-dev/merkle testonly/constants.go).
const RFC_LEAVES = ["", "00", "10", "2021", "3031", "40414243", "5051525354555657"]
  .concat(["606162636465666768696a6b6c6d6e6f"]).map((hex) => merkleLeafHash(hexToBytes(hex)));

/** RFC 6962 §2.1.2 as written, over leaf hashes, with node:crypto (an independent reference). */
function referenceConsistency(m: number, leaves: readonly Uint8Array[]): string[] {
  const h = (...parts: Uint8Array[]) => {
    const hash = createHash("sha256");
    for (const part of parts) hash.update(part);
    return new Uint8Array(hash.digest());
  };
  const mth = (d: readonly Uint8Array[]): Uint8Array => {
    if (d.length === 1) return d[0]!;
    let k = 1;
    while (k * 2 < d.length) k *= 2;
    return h(Uint8Array.of(1), mth(d.slice(0, k)), mth(d.slice(k)));
  };
  const sub = (m: number, d: readonly Uint8Array[], b: boolean): Uint8Array[] => {
    if (m === d.length) return b ? [] : [mth(d)];
    let k = 1;
    while (k * 2 < d.length) k *= 2;
    return m <= k
      ? [...sub(m, d.slice(0, k), b), mth(d.slice(k))]
      : [...sub(m - k, d.slice(k), false), mth(d.slice(0, k))];
  };
  return m === 0 || m === leaves.length ? [] : sub(m, leaves, true).map(bytesToHex);
}

Deno.test("logRoot() equals the RFC 9162 root over the delta ids, for every size", () => {
  const all = ids(70);
  const lookup = memoryLog(all.map(logLeafHash));
  for (let n = 0; n <= 70; n++) {
    deepEqual(logRoot(n, lookup), merkleRootOfLeaves(all.slice(0, n).map(hexToBytes)));
  }
  deepEqual(logRoot(0, lookup), EMPTY_LOG_ROOT);
});

Deno.test("logConsistencyProof() matches the RFC 6962 reference vectors and algorithm", () => {
  const lookup = memoryLog(RFC_LEAVES);
  deepEqual(logConsistencyProof(1, 8, lookup).map(bytesToHex), [
    "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
    "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
    "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
  ]);
  for (let n = 1; n <= 8; n++) {
    for (let m = 0; m <= n; m++) {
      deepEqual(
        logConsistencyProof(m, n, lookup).map(bytesToHex),
        referenceConsistency(m, RFC_LEAVES.slice(0, n)),
        `${m} → ${n}`,
      );
    }
  }
});

Deno.test("every consistency proof between sizes m ≤ n verifies; any change breaks it", () => {
  const all = ids(300).map(logLeafHash);
  const lookup = memoryLog(all);
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 0, max: 300 }),
      fc.nat(),
      (a, b, pick) => {
        const [m, n] = a <= b ? [a, b] : [b, a];
        const proof = logConsistencyProof(m, n, lookup);
        const first = logRoot(m, lookup);
        const second = logRoot(n, lookup);
        equal(verifyLogConsistency(m, n, first, second, proof), true);
        deepEqual(proof.map(bytesToHex), referenceConsistency(m, all.slice(0, n)));
        if (m === n || m === 0) return;
        equal(verifyLogConsistency(m, n, first, logRoot(n - 1, lookup), proof), false);
        if (proof.length > 0) {
          const i = pick % proof.length;
          const bent = proof.map((h, j) => j === i ? flip(h, pick) : h);
          equal(verifyLogConsistency(m, n, first, second, bent), false);
          equal(verifyLogConsistency(m, n, first, second, proof.slice(1)), false);
          equal(verifyLogConsistency(m, n, first, second, [...proof, proof[0]!]), false);
          equal(verifyLogConsistency(m, n, flip(first, pick), second, proof), false);
        }
        if (m > 0 && m + 1 < n) {
          equal(verifyLogConsistency(m + 1, n, first, second, proof), false);
        }
      },
    ),
    { numRuns: 400 },
  );
});

Deno.test("a log that rewrote its past has no consistency proof to its old head", () => {
  const honest = ids(40).map(logLeafHash);
  const forked = [...honest.slice(0, 25), logLeafHash(id(999_999)), ...honest.slice(26)];
  const a = memoryLog(honest);
  const b = memoryLog(forked);
  for (const m of [26, 30, 40]) {
    const proof = logConsistencyProof(m, 40, b);
    equal(verifyLogConsistency(m, 40, logRoot(m, a), logRoot(40, b), proof), false);
  }
  equal(
    verifyLogConsistency(25, 40, logRoot(25, a), logRoot(40, b), logConsistencyProof(25, 40, b)),
    true,
  );
});

Deno.test("every inclusion proof verifies; a wrong leaf, index or hash fails", () => {
  const all = ids(200).map(logLeafHash);
  const lookup = memoryLog(all);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 200 }), fc.nat(), fc.nat(), (n, at, pick) => {
      const i = at % n;
      const proof = logInclusionProof(i, n, lookup);
      const root = logRoot(n, lookup);
      equal(verifyLogInclusion(i, n, all[i]!, root, proof), true);
      if (n === 1) return;
      equal(verifyLogInclusion(i, n, all[(i + 1) % n]!, root, proof), false);
      equal(verifyLogInclusion((i + 1) % n, n, all[i]!, root, proof), false);
      const j = pick % proof.length;
      equal(
        verifyLogInclusion(i, n, all[i]!, root, proof.map((h, k) => k === j ? flip(h, pick) : h)),
        false,
      );
    }),
    { numRuns: 300 },
  );
});

Deno.test("roots and proofs read O(log n) stored nodes", async () => {
  const n = 2 ** 20 - 3;
  const m = 2 ** 19 + 12345;
  const reads = planLogNodes((lookup) => logConsistencyProof(m, n, lookup)).length;
  equal(reads <= 2 * 20 + 2, true, `${reads} reads`);
  equal(planLogNodes((lookup) => logRoot(n, lookup)).length <= 20, true);
  deepEqual(logAppendSiblings(7), [{ level: 0, index: 6 }, { level: 1, index: 2 }, {
    level: 2,
    index: 0,
  }]);
  const lookup = memoryLog(ids(9).map(logLeafHash));
  const read = (keys: readonly { level: number; index: number }[]) =>
    Promise.resolve(keys.map((k) => lookup(k.level, k.index)));
  deepEqual(await withLogNodes((l) => logRoot(9, l), read), logRoot(9, lookup));
});

Deno.test("logLeafHash() and the proofs refuse malformed arguments", () => {
  throws(() => logLeafHash("zz"), TypeError);
  const lookup = memoryLog([]);
  throws(() => logConsistencyProof(3, 2, lookup), RangeError);
  throws(() => logInclusionProof(2, 2, lookup), RangeError);
  equal(verifyLogConsistency(0, 5, EMPTY_LOG_ROOT, new Uint8Array(32), []), true);
  equal(verifyLogConsistency(0, 5, new Uint8Array(32), new Uint8Array(32), []), false);
  equal(verifyLogConsistency(-1, 5, EMPTY_LOG_ROOT, EMPTY_LOG_ROOT, []), false);
  equal(verifyLogInclusion(0, 1, EMPTY_LOG_ROOT, EMPTY_LOG_ROOT, []), true);
  notDeepEqual(publicKeyOf(new Uint8Array(32)), undefined);
  equal(isHelixError(new Error("x")), false);
});

function flip(hash: Uint8Array, pick: number): Uint8Array {
  const out = hash.slice();
  out[pick % out.length] = out[pick % out.length]! ^ (1 << (pick % 8));
  return out;
}
