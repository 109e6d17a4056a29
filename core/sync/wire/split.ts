/**
 * Splitting a change too large for one envelope (sync-protocol R11, T11): groups of ops, in
 * order, each of which seals within {@linkcode MAX_ENVELOPE_BYTES} with the given body fields
 * around it, whatever `authorSeq` and `prev` the caller then gives each group.
 *
 * @module
 */
import type { Op } from "../../ops/kinds.ts";
import { canonicalJson } from "../../util/canonical_json.ts";
import type { ChangeBody } from "./change.ts";
import { MAX_BODY_LENGTH } from "./delta.ts";
import { MAX_ENVELOPE_BYTES } from "./delta_header.ts";
import { wireError } from "./errors.ts";
import { opToWire } from "./wire_ops.ts";

const encoder = new TextEncoder();

/**
 * `ops` in consecutive groups whose bodies (with `fields`) each fit one envelope; no group
 * for no ops. `quota_exceeded` when a single op cannot fit.
 *
 * @example Usage
 * ```ts
 * import { splitOps } from "./split.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const fields = { author: "ab".repeat(16), deps: [], rosterHead: "cd".repeat(32), hlc: "000000000001000-00000" };
 * deepEqual(splitOps([], fields), []);
 * ```
 */
export function splitOps(
  ops: readonly Op[],
  fields: Omit<ChangeBody, "ops" | "authorSeq" | "prev">,
): Op[][] {
  // The longest prev and authorSeq a group could get.
  const frame = encoder.encode(canonicalJson({
    ...fields,
    deps: [...fields.deps],
    authorSeq: Number.MAX_SAFE_INTEGER,
    prev: "f".repeat(64),
    ops: [],
  })).length;
  const budget = MAX_BODY_LENGTH - frame;
  const groups: Op[][] = [];
  let group: Op[] = [];
  let used = 0;
  for (const op of ops) {
    const size = encoder.encode(canonicalJson(opToWire(op))).length;
    if (size > budget) {
      throw wireError(
        "quota_exceeded",
        "delta",
        "too_large",
        `op ${
          op.changeId.slice(0, 12)
        } is ${size} bytes, over what one ${MAX_ENVELOPE_BYTES}-byte envelope holds`,
      );
    }
    const cost = size + (group.length > 0 ? 1 : 0);
    if (used + cost > budget) {
      groups.push(group);
      group = [];
      used = 0;
    }
    used += size + (group.length > 0 ? 1 : 0);
    group.push(op);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
