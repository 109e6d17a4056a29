import fc from "fast-check";
import { deepEqual } from "node:assert/strict";
import { merkleRootOfLeaves } from "../crypto/merkle.ts";
import {
  appendLeaf,
  EMPTY_FRONTIER,
  frontierFrom,
  frontierRoot,
  frontierText,
} from "./log_frontier.ts";
import { fromHex } from "./wire/ids.ts";

Deno.test("the frontier's root equals the RFC 9162 root of the same leaves, at every size", () => {
  fc.assert(
    fc.property(
      fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 70 }),
      (ids) => {
        let frontier = EMPTY_FRONTIER;
        const hex = ids.map((b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(""));
        for (let i = 0; i < hex.length; i++) {
          frontier = appendLeaf(frontier, hex[i]!);
          frontier = frontierFrom(frontierText(frontier));
          const leaves = hex.slice(0, i + 1).map((h) => fromHex(h));
          deepEqual(frontierRoot(frontier), merkleRootOfLeaves(leaves));
        }
      },
    ),
    { numRuns: 60 },
  );
});
