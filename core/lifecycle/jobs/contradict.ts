/**
 * The `contradict` job, the contradiction sweep (DESIGN §8): a write compares itself with its
 * neighbours, but memories that arrive without a write's consolidation (imports, merges, bulk
 * writes) or whose neighbour came later are never compared. The sweep compares every active
 * statement whose latest op it has not seen with its scope's neighbours, by the write path's
 * own test on claims ({@linkcode contradiction}: the same subject, incompatible values of the
 * same attribute; shared words or a shared sentence frame are no evidence), and links each new
 * pair: a `contradicts` edge from the newer memory to the older one whose provenance names the
 * attribute and both values, and each side's confidence lowered once per open conflict (not
 * again when it is already contradicted on that attribute; never below the floor of
 * `contradictedConfidence`). A pair already linked either way (by `contradicts` or
 * `supersedes`, even a link since removed — a person resolved it) is left alone, and so is a
 * pair of memories the worker derived itself (distillation already decided they differ).
 *
 * @module
 */
import {
  type ConflictNote,
  conflictRef,
  contradiction,
  neighbourQuery,
  parseConflictRef,
} from "../../compare/statements.ts";
import { contradictedConfidence } from "../../model/types.ts";
import type { Recorder } from "../../ops/job_run.ts";
import { neighboursOf } from "../../store/neighbours.ts";
import { openContradictionRefs } from "../../store/queries/contradictions.ts";
import {
  advanceSweepMark,
  everLinked,
  statementsChangedSince,
  sweepMark,
  type SweepRow,
} from "../../store/queries/lifecycle_sweep.ts";
import type { MemoryRecord } from "../../store/records.ts";
import type { LifecycleDeps } from "../deps.ts";
import { chunked, type JobContext, type JobDefinition } from "../job.ts";
import { link } from "../writes.ts";

/** A memory the sweep looks at. */
export type SweepSubject = SweepRow;

/** Two memories found to contradict each other. */
export interface Contradiction {
  /** The newer memory (the edge's source). */
  readonly from: string;
  /** The older one. */
  readonly to: string;
  /** The attribute and the values (the newer memory's, then the older's). */
  readonly conflict: ConflictNote;
}

/** Memories the sweep compares per slice. */
const CONTRADICT_SLICE = 100;

type SweepDeps = Pick<LifecycleDeps, "store" | "index" | "keywords" | "clock">;

/** Active statements whose latest op arrived after the sweep's mark, oldest op first. */
export function planContradictions(deps: Pick<LifecycleDeps, "store">): SweepSubject[] {
  return statementsChangedSince(deps.store, sweepMark(deps.store));
}

/**
 * Links the new contradictions of each subject still active (each link is folded at once, so
 * a pair found from both sides is linked once), lowers both confidences, and moves the sweep's
 * mark past the subjects. Returns the pairs linked.
 */
export function applyContradictions(
  deps: SweepDeps,
  tx: Recorder,
  subjects: readonly SweepSubject[],
): number {
  let n = 0;
  for (const subject of subjects) {
    if (deps.store.memoryById(subject.id)?.status !== "active") continue;
    for (const { from, to, conflict } of contradictionsOf(deps, subject)) {
      // Seen before the edge folds: a side already contradicted on this attribute stays as is.
      const lower = [from, to].filter((id) => !inConflictOn(deps, id, conflict.attribute));
      link(tx, from, "contradicts", to, "contradict", conflictRef(conflict));
      for (const id of lower) {
        const { confidence } = deps.store.memoryById(id)!;
        const lowered = contradictedConfidence(confidence);
        if (lowered !== confidence) tx.patch(id, { confidence: lowered }, "contradicted");
      }
      n++;
    }
  }
  const last = subjects.at(-1);
  if (last) advanceSweepMark(deps.store, last.seqno);
  return n;
}

/**
 * The new contradictions of `subject`: its active same-type neighbours in its scope that
 * contradict it and are not yet linked to it.
 */
export function contradictionsOf(deps: SweepDeps, subject: SweepSubject): Contradiction[] {
  const neighbours = neighboursOf(
    deps,
    neighbourQuery(subject.content),
    subject.scope,
    undefined,
    deps.clock.now(),
  );
  const derived = isDerived(deps.store.memoryById(subject.id)!);
  const found: Contradiction[] = [];
  for (const n of neighbours) {
    if (n.id === subject.id || n.type !== subject.type || n.status !== "active") continue;
    const conflict = contradiction(subject.content, n.content);
    if (!conflict || everLinked(deps.store, subject.id, n.id)) continue;
    const other = deps.store.memoryById(n.id)!;
    // Two rules distilled from different episodes were kept apart on purpose ("… before step
    // 5" and "… before step 15" are two rules, not one rule with two values).
    if (derived && isDerived(other)) continue;
    const newer = other.recordedAt > subject.recordedAt ||
      (other.recordedAt === subject.recordedAt && other.id > subject.id);
    const [mine, theirs] = conflict.values;
    found.push(
      newer
        ? { from: other.id, to: subject.id, conflict: { ...conflict, values: [theirs, mine] } }
        : { from: subject.id, to: other.id, conflict },
    );
  }
  return found;
}

/** Whether memory `id` is in an open conflict on `attribute` already. */
function inConflictOn(deps: Pick<LifecycleDeps, "store">, id: string, attribute: string): boolean {
  return openContradictionRefs(deps.store, id).some((ref) =>
    parseConflictRef(ref)?.attribute === attribute
  );
}

/** Whether the worker derived `memory` from others (a distilled rule, an insight). */
function isDerived(memory: MemoryRecord): boolean {
  return Array.isArray(memory.attributes.grounding);
}

/** Sweeps the statements changed since the last sweep, {@linkcode CONTRADICT_SLICE} per slice. */
async function sweep(deps: SweepDeps, ctx: JobContext) {
  const subjects = planContradictions(deps);
  let pairs = 0;
  await ctx.slices(chunked(subjects, CONTRADICT_SLICE), (tx, chunk) => {
    const n = applyContradictions(deps, tx, chunk);
    pairs += n;
    return n ? `${n} contradictions linked` : null;
  });
  return {
    changed: pairs,
    summary: `${pairs} contradictions among ${subjects.length} memories checked`,
  };
}

/** The `contradict` job. */
export const contradictJob: JobDefinition = { name: "contradict", run: sweep };
