/**
 * `diff(from, to)`: how the memories and edges at one point in history differ from those at
 * another, as a typed result (`helix diff`; the shapes are in `diff_types.ts`).
 *
 * @module
 */
import { compareStates } from "./compare.ts";
import type { HistoryDeps } from "./deps.ts";
import type { HistoryDiff } from "./diff_types.ts";
import { type PointInput, publicPoint, type ResolvedPoint, resolvePoint } from "./point.ts";
import { stateAt } from "./state.ts";
import { toDiff } from "./to_diff.ts";

/** Resolves both points and compares the states at them (`to` defaults to now). */
export function diffPoints(
  deps: Pick<HistoryDeps, "store" | "log" | "clock">,
  from: PointInput,
  to: PointInput = "now",
): HistoryDiff {
  const a = resolvePoint(deps, from);
  const b = resolvePoint(deps, to);
  return diffResolved(deps, a, b);
}

/** The diff between two resolved points. */
export function diffResolved(
  deps: Pick<HistoryDeps, "store" | "log">,
  from: ResolvedPoint,
  to: ResolvedPoint,
): HistoryDiff {
  using before = stateAt(deps, from.bound);
  using after = stateAt(deps, to.bound);
  const comparison = compareStates(
    deps,
    { db: before.db, bound: from.bound },
    { db: after.db, bound: to.bound },
  );
  return toDiff(publicPoint(from), publicPoint(to), comparison);
}
