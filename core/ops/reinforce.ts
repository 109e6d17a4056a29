/**
 * Folding a reinforcement: SM-2 on recall feedback (DESIGN §8).
 *
 * @module
 */
import { parseHlc } from "../model/hlc.ts";
import type { MemoryFields } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { addProvenance, requireMemory } from "./fold_rows.ts";
import { advanceHeads } from "./heads.ts";
import type { Op } from "./kinds.ts";
import type { MemoryReinforcePayload } from "./payloads.ts";

/**
 * SM-2 on recall feedback (DESIGN §8): `EF' = max(1.3, EF + 0.1 − (5−q)(0.08 + (5−q)·0.02))`.
 * A successful recall (q ≥ 3) resets the decay clock and multiplies the half-life by EF';
 * an unsuccessful one only lowers EF.
 *
 * @example Usage
 * ```ts
 * import { nextEasiness } from "./reinforce.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(nextEasiness(2.5, 5), 2.6);
 * equal(nextEasiness(1.3, 0), 1.3); // never below 1.3
 * ```
 */
export function nextEasiness(ef: number, quality: number): number {
  const miss = 5 - quality;
  return Math.max(1.3, ef + 0.1 - miss * (0.08 + miss * 0.02));
}

/** Applies a judged recall of a memory. */
export function reinforceMemory(
  store: Store,
  op: Op,
  p: MemoryReinforcePayload,
  rev: number,
): void {
  const current = requireMemory(store, op, p.id);
  advanceHeads(store, p.id, op.changeId, p.parents);
  const ef = nextEasiness(current.ef, p.quality);
  const fields: MemoryFields = { ef, headOp: op.changeId, updatedHlc: op.hlc };
  if (p.quality >= 3) {
    fields.lastAccessAt = parseHlc(op.hlc).wall;
    fields.accessCount = current.accessCount + 1;
    if (current.halfLifeMs !== null) fields.halfLifeMs = current.halfLifeMs * ef;
  }
  store.updateMemory(p.id, fields, rev);
  if (p.provenance) addProvenance(store, p.id, op, p.provenance, parseHlc(op.hlc).wall);
}
