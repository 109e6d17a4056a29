/**
 * Grounding (DESIGN §8), checked without a model: a memory derived from others (an insight, a
 * distilled rule) whose grounding has mostly gone (fewer than half its leaves still exist,
 * archived ones included) is demoted — its confidence halved, `attributes.demoted` set — and
 * restored when its leaves come back.
 *
 * @module
 */
import { groundedMemoryIds } from "../store/queries/lifecycle_memories.ts";
import type { LifecycleDeps } from "./deps.ts";

/** A memory whose grounding changed: demote or restore it. */
export interface GroundingChange {
  readonly id: string;
  readonly set: { confidence: number; attributes: Record<string, unknown> };
  readonly demoted: boolean;
}

/**
 * Derived memories (active, with `attributes.grounding`, profiles aside) whose grounding
 * fell below half, or came back: the change to apply to each.
 */
export function groundingChanges(deps: Pick<LifecycleDeps, "store">): GroundingChange[] {
  const changes: GroundingChange[] = [];
  for (const id of groundedMemoryIds(deps.store)) {
    const memory = deps.store.memoryById(id)!;
    const leaves = (memory.attributes.grounding as unknown[]).filter((x) => typeof x === "string");
    if (leaves.length === 0) continue;
    const present = deps.store.memoriesById(leaves as string[])
      .filter((leaf) => leaf.status !== "forgotten").length;
    const grounded = present * 2 >= leaves.length;
    const demoted = memory.attributes.demoted === true;
    if (grounded === !demoted) continue;
    const { demoted: _, ...attributes } = memory.attributes;
    changes.push(
      grounded
        ? {
          id,
          demoted: false,
          set: { confidence: Math.min(1, memory.confidence * 2), attributes },
        }
        : {
          id,
          demoted: true,
          set: { confidence: memory.confidence / 2, attributes: { ...attributes, demoted: true } },
        },
    );
  }
  return changes;
}
