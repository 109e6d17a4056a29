/**
 * Settling conflicts as the fold goes: a text conflict once the memory's content no longer
 * holds a conflict block, a conflicting fact once either side leaves `active` or the
 * `contradicts` edge between them is removed. The rows live in `store/queries/ops_conflicts.ts`.
 *
 * @module
 */
import {
  anyOpenConflict,
  settleFactBetween,
  settleFactsOf,
  settleTextConflicts,
} from "../store/queries/ops_conflicts.ts";
import type { Store } from "../store/store.ts";
import { hasConflictBlock } from "../text/merge3.ts";

/**
 * Settles the open conflicts an op on memory `id` ended, given the memory's content and
 * status after it: a text conflict once the content no longer holds a conflict block; a
 * conflicting fact once either side is no longer active.
 */
export function settleConflicts(
  store: Pick<Store, "prepare">,
  id: string,
  op: string,
  after: { content: string; status: string },
): void {
  // Nearly every patch lands on a strand with nothing open: one indexed probe then.
  if (!anyOpenConflict(store)) return;
  if (!hasConflictBlock(after.content)) settleTextConflicts(store, id, op);
  if (after.status !== "active") settleFactsOf(store, id, op);
}

/** Settles the conflicting fact a removed `contradicts` edge between `a` and `b` stood for. */
export function settleFact(store: Pick<Store, "prepare">, a: string, b: string, op: string): void {
  const [first, second] = a < b ? [a, b] : [b, a];
  settleFactBetween(store, first, second, op);
}
