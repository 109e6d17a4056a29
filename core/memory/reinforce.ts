/**
 * Feedback on a recalled memory: a `memory.reinforce` op (SM-2 quality 0–5), which also
 * brings a useful archived memory back to default recall.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import type { Memory } from "../model/memory.ts";
import { guard } from "../store/guard.ts";
import { headsOf } from "../store/queries/ops_heads.ts";
import type { MemoryDeps } from "./deps.ts";
import { requireRecord, requireShown, toMemory } from "./read.ts";

/**
 * Records whether memory `id` helped. Throws `invalid_input` for a bad quality, `not_found`,
 * and `conflict` for a memory no reader is shown (quarantined, forgotten).
 */
export function reinforceMemory(
  deps: Pick<MemoryDeps, "store" | "log">,
  id: string,
  quality: number,
): Memory {
  const { store, log } = deps;
  if (!Number.isInteger(quality) || quality < 0 || quality > 5) {
    throw new HelixError(
      "invalid_input",
      `Cannot reinforce memory: quality must be an integer 0–5, got ${quality}`,
    );
  }
  return guard("reinforce memory", () => {
    log.transact("reinforce memory", (tx) => {
      const record = requireShown(requireRecord(deps, id, "reinforce memory"), "reinforce memory");
      const op = tx.append({
        kind: "memory.reinforce",
        payload: { id: record.id, quality, parents: headsOf(store, record.id) },
      });
      // A useful archived memory comes back to default recall.
      if (record.status === "archived" && quality >= 3) {
        tx.append({
          kind: "memory.patch",
          payload: {
            id: record.id,
            set: { status: "active" },
            parents: [op.changeId],
            reason: "revived: recalled and useful",
          },
        });
      }
    });
    return toMemory(deps, id);
  });
}
