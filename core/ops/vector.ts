/**
 * Storing a memory's vector inside an open transaction, keyed by the hash of the content it
 * was computed from (search ignores it once the content changes).
 *
 * @module
 */
import type { Store } from "../store/store.ts";
import { sha256Hex } from "../util/hash.ts";
import type { LogTransaction } from "./log.ts";

/**
 * Stores the vector of `content` for memory `id`; `fresh` when the memory was created in
 * this transaction (nothing to replace).
 */
export function storeVector(
  deps: { readonly store: Store },
  tx: LogTransaction,
  id: string,
  content: string,
  vector: Float32Array,
  fresh = false,
): void {
  const rid = deps.store.ridOf(id);
  if (rid === undefined) return;
  deps.store.setVector(rid, vector, sha256Hex(content), tx.rev, fresh);
}
