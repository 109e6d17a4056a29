import fc from "fast-check";
import { equal, throws } from "node:assert/strict";
import { createHash } from "node:crypto";
import { isHelixError } from "../errors.ts";
import { bytesToHex, hexToBytes } from "./_noble.ts";
import { EMPTY_MERKLE_ROOT, merkleRoot, merkleRootOfLeaves } from "./merkle.ts";

// RFC 6962 reference inputs and roots (transparency-dev/merkle testonly/constants.go).
const LEAVES = [
  "",
  "00",
  "10",
  "2021",
  "3031",
  "40414243",
  "5051525354555657",
  "606162636465666768696a6b6c6d6e6f",
];
const ROOTS = [
  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
  "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
  "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
  "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
  "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
  "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
  "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
];

/** RFC 9162 §2.1.1 as written (recursive split at the largest power of two below n). */
function referenceRoot(leaves: readonly Uint8Array[]): string {
  const h = (...parts: Uint8Array[]) => {
    const hash = createHash("sha256");
    for (const part of parts) hash.update(part);
    return new Uint8Array(hash.digest());
  };
  const mth = (items: readonly Uint8Array[]): Uint8Array => {
    if (items.length === 0) return h();
    if (items.length === 1) return h(Uint8Array.of(0), items[0]!);
    let k = 1;
    while (k * 2 < items.length) k *= 2;
    return h(Uint8Array.of(1), mth(items.slice(0, k)), mth(items.slice(k)));
  };
  return bytesToHex(mth(leaves));
}

Deno.test("merkleRootOfLeaves() matches the RFC 6962 reference roots for 0 to 8 leaves", () => {
  for (let n = 0; n <= LEAVES.length; n++) {
    const leaves = LEAVES.slice(0, n).map((hex) => hexToBytes(hex));
    equal(bytesToHex(merkleRootOfLeaves(leaves)), ROOTS[n], `tree of ${n}`);
  }
});

Deno.test("merkleRoot() of no hashes is SHA-256 of the empty string", () => {
  equal(merkleRoot([]), EMPTY_MERKLE_ROOT);
  equal(EMPTY_MERKLE_ROOT, ROOTS[0]);
});

Deno.test("merkleRoot() equals the recursive RFC 9162 definition for any tree size", () => {
  fc.assert(
    fc.property(
      fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 70 }),
      (hashes) => {
        equal(merkleRoot(hashes.map((hash) => bytesToHex(hash))), referenceRoot(hashes));
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("merkleRoot() depends on the order and the number of hashes", () => {
  const a = "aa".repeat(32);
  const b = "bb".repeat(32);
  const ab = merkleRoot([a, b]);
  equal(ab === merkleRoot([b, a]), false);
  equal(ab === merkleRoot([a, b, b]), false);
  equal(merkleRoot([a]) === a, false, "a single leaf is hashed with its 0x00 prefix");
});

Deno.test("merkleRoot() refuses anything but lowercase 64-digit hex with invalid_input", () => {
  for (const bad of ["AA".repeat(32), "aa".repeat(31), "zz".repeat(32), "", 7]) {
    throws(
      () => merkleRoot(["aa".repeat(32), bad as string]),
      (e) => isHelixError(e, "invalid_input"),
    );
  }
  throws(() => merkleRoot("aa" as unknown as string[]), (e) => isHelixError(e, "invalid_input"));
});
