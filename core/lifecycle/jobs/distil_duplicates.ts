/**
 * Rules written twice are merged: two machines that both kept a team strand for a moment (one
 * of them cut off from the relay) may each have distilled the same episodes into a rule of the
 * same text. Once both rules are in the strand, the rule with the first id stays; each other
 * one passes its `derives` edges to it and is archived as its duplicate. Every device makes the
 * same choice, so two keepers merging at once append the same edges and the same patch.
 *
 * @module
 */
import { derivedFrom, duplicateRules } from "../../store/queries/lifecycle_memories.ts";
import type { LifecycleDeps } from "../deps.ts";
import type { JobContext } from "../job.ts";
import { link } from "../writes.ts";

/** Merges the strand's duplicate rules, a group per slice; returns the rules archived. */
export async function mergeDuplicateRules(
  deps: Pick<LifecycleDeps, "store">,
  ctx: Pick<JobContext, "slices">,
): Promise<number> {
  const groups = duplicateRules(deps.store);
  let merged = 0;
  const chunks = groups.map((work, i) => ({
    work,
    progress: { done: i + 1, total: groups.length },
  }));
  await ctx.slices(chunks, (tx, { keep, duplicates }) => {
    const live = duplicates.filter((id) => deps.store.memoryById(id)?.status === "active");
    if (live.length === 0 || deps.store.memoryById(keep)?.status !== "active") return null;
    for (const duplicate of live) {
      for (const episode of derivedFrom(deps.store, duplicate)) {
        link(tx, keep, "derives", episode, "distil");
      }
      tx.patch(duplicate, { status: "archived" }, `duplicate of ${keep}`);
    }
    merged += live.length;
    return `${live.length} duplicate rules → ${keep}`;
  });
  return merged;
}
