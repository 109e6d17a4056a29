/**
 * A memory's heads as the fold moves them: each memory op names the heads its writer had
 * seen (`parents`), so the ops of a memory form a DAG whose current tips the fold keeps
 * (`memory_heads`). An op that did not see every head was made concurrently with the ones it
 * missed.
 *
 * @module
 */
import { addHead, headsOf, removeHead } from "../store/queries/ops_heads.ts";
import type { Store } from "../store/store.ts";

/**
 * Moves a memory's heads past `op`, made on `parents`, and returns the heads it had not
 * seen (empty unless it is concurrent with them). Empty `parents` (files written before
 * parents were kept) count as having seen everything.
 */
export function advanceHeads(
  store: Pick<Store, "prepare">,
  id: string,
  op: string,
  parents: readonly string[],
): string[] {
  const heads = headsOf(store, id);
  const unseen = parents.length === 0 ? [] : heads.filter((h) => !parents.includes(h));
  for (const head of heads) if (!unseen.includes(head)) removeHead(store, id, head);
  addHead(store, id, op);
  return unseen;
}

/** Adds `op` to a memory's heads (alone, for the `memory.put` that creates it). */
export function startHeads(store: Pick<Store, "prepare">, id: string, op: string): void {
  addHead(store, id, op);
}
