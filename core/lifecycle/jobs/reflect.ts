/**
 * The `reflect` job: derived memories whose grounding is gone are demoted, and restored when
 * it is back (`grounding.ts`); then, with a model, each scope with enough new memories is
 * reflected on (`reflect.ts`) and the insights are written, citing their leaves.
 *
 * @module
 */
import type { Recorder } from "../../ops/job_run.ts";
import { appendWrite } from "../../ops/write_one.ts";
import type { JsonValue } from "../../util/canonical_json.ts";
import type { LifecycleDeps } from "../deps.ts";
import { type GroundingChange, groundingChanges } from "../grounding.ts";
import type { Chunk, JobContext, JobDefinition } from "../job.ts";
import {
  type Insight,
  INSIGHT_CONFIDENCE,
  lastReflection,
  reflectOn,
  scopesToReflect,
} from "../reflect.ts";
import { findSame, link, workerSource } from "../writes.ts";
import { derivesHere } from "../../store/queries/sync.ts";

type ReflectDeps = Pick<
  LifecycleDeps,
  "store" | "index" | "keywords" | "clock" | "llm" | "project"
>;

/** Demotes or restores each memory of `changes`; returns how many of each. */
export function applyGrounding(
  tx: Recorder,
  changes: readonly GroundingChange[],
): { demoted: number; restored: number } {
  let demoted = 0;
  let restored = 0;
  for (const change of changes) {
    tx.patch(
      change.id,
      change.set as Record<string, JsonValue>,
      change.demoted ? "its grounding was removed" : "its grounding is back",
    );
    if (change.demoted) demoted++;
    else restored++;
  }
  return { demoted, restored };
}

/** The insights found in one scope. */
export interface ScopeInsights {
  readonly scope: string;
  readonly insights: readonly Insight[];
}

/**
 * The insights of each scope with enough memories since the last reflection that wrote
 * something, a scope per chunk (each asked of the model after the previous slice committed).
 */
export async function* planInsights(deps: ReflectDeps): AsyncGenerator<Chunk<ScopeInsights>> {
  const scopes = scopesToReflect(deps, lastReflection(deps));
  for (const [i, scope] of scopes.entries()) {
    const insights = await reflectOn(deps, scope);
    yield { work: { scope, insights }, progress: { done: i + 1, total: scopes.length } };
  }
}

/**
 * Writes each insight with a leaf still active that its scope does not have yet, linked to
 * those leaves; returns how many.
 */
export function applyInsights(
  deps: Pick<LifecycleDeps, "store" | "project">,
  tx: Recorder,
  insights: readonly Insight[],
): number {
  let n = 0;
  for (const insight of insights) {
    const leaves = insight.grounding.filter((id) => deps.store.memoryById(id)?.status === "active");
    if (leaves.length === 0 || findSame(deps, insight.scope, insight.content, "fact")) continue;
    const { id } = appendWrite(deps, tx, {
      content: insight.content,
      type: "fact",
      scope: insight.scope,
      importance: 6,
      confidence: INSIGHT_CONFIDENCE,
      attributes: { grounding: leaves, question: insight.question },
      source: workerSource("reflect"),
    });
    for (const leaf of leaves) link(tx, id, "derives", leaf, "reflect");
    n++;
  }
  return n;
}

/** Checks grounding in one slice, then (with a model) writes insights, a scope per slice. */
async function reflect(deps: ReflectDeps, ctx: JobContext) {
  let demoted = 0;
  let restored = 0;
  // The changes are read inside the slice's transaction.
  await ctx.slices([{ work: null }], (tx) => {
    const done = applyGrounding(tx, groundingChanges(deps));
    demoted += done.demoted;
    restored += done.restored;
    return done.demoted + done.restored
      ? `${done.demoted} demoted, ${done.restored} restored`
      : null;
  });
  let insights = 0;
  if (deps.llm) {
    await ctx.slices(planInsights(deps), (tx, found) => {
      const n = applyInsights(deps, tx, found.insights);
      insights += n;
      return n ? `${n} insights in ${found.scope}` : null;
    });
  }
  return {
    changed: demoted + restored + insights,
    summary:
      `${insights} insights; ${demoted} demoted and ${restored} restored for their grounding`,
  };
}

/** The `reflect` job. */
export const reflectJob: JobDefinition = {
  name: "reflect",
  run: reflect,
  // On a synced strand, derived memories are made on one device only (they then sync).
  enabled: (deps) => deps.derives ?? derivesHere(deps.store),
};
