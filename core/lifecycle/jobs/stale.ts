/**
 * The `stale` job, code-anchored staleness (DESIGN §8): memories of the current project whose
 * cited files changed or vanished since they were written are marked stale and lose
 * confidence (`staleness.ts`); once their files match again the mark is cleared. Only the
 * current project: anchors travel with memories to other machines, whose checkouts may differ.
 *
 * @module
 */
import type { Recorder } from "../../ops/job_run.ts";
import type { FileProbe } from "../../ports.ts";
import { anchoredMemories } from "../../store/queries/lifecycle_memories.ts";
import type { JsonValue } from "../../util/canonical_json.ts";
import type { LifecycleDeps } from "../deps.ts";
import type { JobContext, JobDefinition } from "../job.ts";
import {
  checkAnchors,
  findingsById,
  freshPatch,
  type StaleFinding,
  stalePatch,
} from "../staleness.ts";

/** A memory and the patch the check makes to it. */
export interface StalePlan {
  readonly id: string;
  readonly findings: readonly StaleFinding[];
  readonly set: Record<string, JsonValue>;
}

/** The patches a staleness check would make now (none when the caller has no project). */
export async function planStaleness(
  deps: Pick<LifecycleDeps, "store" | "clock" | "project">,
  probe: FileProbe,
): Promise<StalePlan[]> {
  if (!deps.project) return [];
  const memories = anchoredMemories(deps.store, deps.project);
  if (memories.length === 0) return [];
  const byId = findingsById(await checkAnchors(memories, probe));
  const now = deps.clock.now();
  return memories.flatMap((memory) => {
    const findings = byId.get(memory.id) ?? [];
    const patch = findings.length ? stalePatch(memory, findings, now) : freshPatch(memory, []);
    return patch ? [{ id: memory.id, findings, set: patch as Record<string, JsonValue> }] : [];
  });
}

/** Applies each plan to its memory if still active; returns how many were marked stale. */
export function applyStaleness(
  deps: Pick<LifecycleDeps, "store">,
  tx: Recorder,
  plans: readonly StalePlan[],
): number {
  let marked = 0;
  for (const plan of plans) {
    if (deps.store.memoryById(plan.id)?.status !== "active") continue;
    tx.patch(
      plan.id,
      plan.set,
      plan.findings.length ? "cited files changed" : "cited files match again",
    );
    if (plan.findings.length) marked++;
  }
  return marked;
}

/** Checks the project's cited files and applies the marks in one slice. */
async function markStale(
  deps: Pick<LifecycleDeps, "store" | "clock" | "project" | "files">,
  ctx: JobContext,
) {
  const plans = deps.files ? await planStaleness(deps, deps.files) : [];
  let marked = 0;
  const chunk = { work: plans, progress: { done: plans.length, total: plans.length } };
  await ctx.slices([chunk], (tx, work) => {
    marked = applyStaleness(deps, tx, work);
    return work.length ? `${marked} memories with changed or vanished files` : null;
  });
  return { changed: plans.length, summary: `${marked} memories cite changed files` };
}

/** The `stale` job: runs only when the caller gave the project's files. */
export const staleJob: JobDefinition = {
  name: "stale",
  enabled: (deps) => deps.files !== null,
  run: markStale,
};
