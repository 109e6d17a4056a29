/**
 * Verifying the log: every op's stored bytes still hash to its change id, and every tombstone
 * is accounted for by a later `memory.purge` that removed a memory the op touched.
 *
 * @module
 */
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import { canonicalOpRows, purgeOpRows, refsOfOps } from "../store/queries/ops_read.ts";
import type { Store } from "../store/store.ts";
import { decodeOp, encodeOpText } from "./encode.ts";
import { isPurged, type Op, type PurgedOp } from "./kinds.ts";
import { compareFoldOrder } from "./order.ts";
import type { FoldKey } from "../store/queries/ops_merge.ts";
import type { MemoryPurgePayload } from "./payloads.ts";
import { purgedRef, tombstoneText } from "./refs.ts";

/**
 * Change ids of ops that fail verification (empty when the log is intact): an op whose
 * stored bytes no longer hash to its id, or a tombstone no later `memory.purge` accounts
 * for (one whose memories include one the op touched: the op's `op_refs` hold its
 * `purged:` ref).
 */
export function verifyLog(store: Pick<Store, "db" | "prepare">): string[] {
  // Purges by id, with their place in fold order and the purged refs of their memories.
  const purges = new Map<string, { key: FoldKey; refs: Set<string> }>();
  for (const row of purgeOpRows(store)) {
    purges.set(row.changeId, { key: row, refs: parsePurgedRefs(row.payload) });
  }
  const bad: string[] = [];
  const tombstoned: PurgedOp[] = [];
  for (const row of canonicalOpRows(store)) {
    let op: Op;
    try {
      op = decodeOp(row);
    } catch {
      bad.push(row.changeId);
      continue;
    }
    if (isPurged(op)) tombstoned.push(op);
    else if (sha256Hex(encodeOpText(op, op.kind, canonicalJson(op.payload))) !== op.changeId) {
      bad.push(op.changeId);
    }
  }
  const refs = refsOfOps(store, tombstoned.map((op) => op.changeId));
  for (const op of tombstoned) {
    const purge = purges.get(op.payload.purged);
    const accounted = purge !== undefined && op.kind !== "memory.purge" &&
      canonicalJson(op.payload) === tombstoneText(op.payload.purged) &&
      compareFoldOrder(op, purge.key) < 0 &&
      (refs.get(op.changeId) ?? []).some((ref) => purge.refs.has(ref));
    if (!accounted) bad.push(op.changeId);
  }
  return bad;
}

/**
 * The {@linkcode purgedRef}s of the memories a stored purge payload names (none when it does
 * not parse: its hash fails then).
 */
function parsePurgedRefs(payload: string): Set<string> {
  try {
    const puts = (JSON.parse(payload) as MemoryPurgePayload).puts;
    return new Set(
      Array.isArray(puts) ? puts.filter((put) => typeof put === "string").map(purgedRef) : [],
    );
  } catch {
    return new Set();
  }
}
