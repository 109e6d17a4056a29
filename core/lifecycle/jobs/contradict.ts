/**
 * The `contradict` job, the contradiction sweep (DESIGN §8): a write compares itself with its
 * neighbours, but memories that arrive without a write's consolidation (imports, merges, bulk
 * writes) or whose neighbour came later are never compared. The sweep compares every active
 * statement whose statement changed since its cursor with its scope's neighbours, by the write
 * path's own test on claims ({@linkcode contradiction}: the same subject, incompatible values
 * of the same attribute; shared words or a shared sentence frame are no evidence), and links
 * each new pair: a `contradicts` edge from the newer memory to the older one whose provenance
 * names the attribute and both values, and each side's confidence lowered once per open
 * conflict (not again when it is already contradicted on that attribute; never below the floor
 * of `contradictedConfidence`). A pair already linked either way (by `contradicts` or
 * `supersedes`, even a link since removed — a person resolved it) is left alone, and so is a
 * pair of memories the worker derived itself (distillation already decided they differ).
 *
 * The comparing (a keyword query per memory) is planned outside any transaction; a slice only
 * links the pairs found and moves the cursor. The cursor is the local order of the last op the
 * sweep read, and an op counts only when it changed what a memory states (content, type, scope
 * or status): the sweep's own confidence patches never make it look again, and a restart
 * continues where it stopped.
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
  lastSeqno,
  statementsChangedSince,
  sweepMark,
  type SweepRow,
} from "../../store/queries/lifecycle_sweep.ts";
import type { MemoryRecord } from "../../store/records.ts";
import type { LifecycleDeps } from "../deps.ts";
import { type Chunk, chunked, type JobContext, type JobDefinition } from "../job.ts";
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

/** Memories the sweep compares per slice (their pairs are linked in one short transaction). */
const CONTRADICT_SLICE = 100;

type SweepDeps = Pick<LifecycleDeps, "store" | "index" | "keywords" | "clock">;

/** The statements the sweep has to look at, and the last op it read to find them. */
export interface SweepPlan {
  readonly subjects: readonly SweepSubject[];
  /** Local order of the newest op read: the cursor once every subject is compared. */
  readonly through: number;
}

/** A slice of the sweep: the pairs found among some subjects, and the cursor after them. */
export interface SweepWork {
  readonly pairs: readonly Contradiction[];
  readonly cursor: number;
}

/** Active statements whose statement changed after the sweep's cursor, oldest change first. */
export function planContradictions(deps: Pick<LifecycleDeps, "store">): SweepPlan {
  const through = lastSeqno(deps.store);
  return { subjects: statementsChangedSince(deps.store, sweepMark(deps.store), through), through };
}

/**
 * The sweep's slices: each compares up to {@linkcode CONTRADICT_SLICE} subjects with their
 * neighbours (outside any transaction) and carries the pairs found; the last carries the cursor
 * `through`, so ops read but not about statements are not read again.
 */
export async function* sweepSlices(
  deps: SweepDeps,
  plan: SweepPlan,
  breathe: () => Promise<void> = () => Promise.resolve(),
): AsyncGenerator<Chunk<SweepWork>> {
  const { subjects, through } = plan;
  if (subjects.length === 0) {
    yield { work: { pairs: [], cursor: through } };
    return;
  }
  for (const { work, progress } of chunked(subjects, CONTRADICT_SLICE)) {
    const pairs: Contradiction[] = [];
    for (const subject of work) {
      await breathe();
      pairs.push(...contradictionsOf(deps, subject));
    }
    const cursor = progress.done === subjects.length ? through : work.at(-1)!.seqno;
    yield { work: { pairs, cursor }, progress };
  }
}

/**
 * Links each pair whose memories are still active and not yet linked (a pair found from both
 * sides is linked once: each link is folded at once), lowers each side's confidence once per
 * open conflict on the attribute, and moves the sweep's cursor. Returns the pairs linked.
 */
export function applyContradictions(
  deps: Pick<LifecycleDeps, "store">,
  tx: Recorder,
  { pairs, cursor }: SweepWork,
): number {
  let n = 0;
  for (const { from, to, conflict } of pairs) {
    const ends = [from, to].map((id) => deps.store.memoryById(id));
    if (ends.some((m) => m?.status !== "active") || everLinked(deps.store, from, to)) continue;
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
  advanceSweepMark(deps.store, cursor);
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

/** Sweeps the statements changed since the cursor, {@linkcode CONTRADICT_SLICE} per slice. */
async function sweep(deps: SweepDeps, ctx: JobContext) {
  const plan = planContradictions(deps);
  let pairs = 0;
  await ctx.slices(sweepSlices(deps, plan, ctx.breathe), (tx, work) => {
    const n = applyContradictions(deps, tx, work);
    pairs += n;
    return n ? `${n} contradictions linked` : null;
  });
  return {
    changed: pairs,
    summary: `${pairs} contradictions among ${plan.subjects.length} memories checked`,
  };
}

/** The `contradict` job. */
export const contradictJob: JobDefinition = { name: "contradict", run: sweep };
