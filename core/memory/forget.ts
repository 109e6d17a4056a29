/**
 * Soft-forgetting: one `memory.forget` op per memory, by id or for the best direct matches
 * of a query. Recoverable: patching the status back restores it.
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import { guard } from "../store/guard.ts";
import { headsOf } from "../store/queries/ops_heads.ts";
import type { MemoryDeps } from "./deps.ts";
import { requireRecord, toMemory } from "./read.ts";

/** A soft-forgotten memory. */
export interface ForgetResult {
  /** Memories forgotten by this call (already forgotten ones are not repeated). */
  readonly forgotten: readonly Memory[];
}

/** What to forget: a memory, several, or the best matches of a query (default 1). */
export type ForgetTarget =
  | { id: string }
  | { ids: readonly string[] }
  | { query: string; limit?: number };

/** Forgets the memories `target` names. Throws `not_found` for an unknown id, forgetting none. */
export async function forgetMemories(
  deps: Pick<MemoryDeps, "store" | "log" | "search">,
  target: ForgetTarget,
): Promise<ForgetResult> {
  const { store, log } = deps;
  let ids: string[];
  if ("query" in target) {
    // Only direct matches: never forget a memory because it is linked to one.
    const result = await deps.search({
      query: target.query,
      limit: target.limit ?? 1,
      channels: { graph: false },
    });
    ids = result.hits.map((h) => h.memory.id);
  } else {
    ids = "ids" in target ? [...target.ids] : [target.id];
  }
  return guard("forget memory", () => {
    const forgotten = log.transact("forget memory", (tx) => {
      const done: string[] = [];
      for (const id of ids) {
        const record = requireRecord(deps, id, "forget memory");
        if (record.status === "forgotten") continue;
        tx.append({
          kind: "memory.forget",
          payload: { id: record.id, parents: headsOf(store, record.id) },
        });
        done.push(record.id);
      }
      return done;
    });
    return { forgotten: forgotten.map((id) => toMemory(deps, id)) };
  });
}
