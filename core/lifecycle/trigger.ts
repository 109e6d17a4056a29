/**
 * When the lifecycle worker is due (DESIGN §8, seed 001 §3): once the importance of the
 * memories recorded since its last run passes a budget, or an agent session ended since — and
 * first of all when a run started and did not finish (a restart mid-backlog resumes it).
 *
 * @module
 */
import { parseHlc } from "../model/hlc.ts";
import {
  importanceRecordedSince,
  lastRunHlc,
  openRunStartedAt,
  sessionsEndedSince,
} from "../store/queries/lifecycle.ts";
import type { LifecycleDeps } from "./deps.ts";

/** Importance written since the last run that makes consolidation due (seed 001 §3). */
export const IMPORTANCE_BUDGET = 150;

/** Whether consolidation is due, and why. */
export interface LifecycleState {
  /** When the worker last ran (ms), or null. */
  readonly lastRunAt: number | null;
  /** Importance of the memories recorded since then. */
  readonly budget: number;
  /** Agent sessions that ended since then. */
  readonly sessionsEnded: number;
  /** A run that started at this time (ms) and did not finish, or null. */
  readonly openRunSince: number | null;
  /**
   * `resume` (a run did not finish), `importance_budget`, `session_boundary`, or null when
   * nothing is due.
   */
  readonly due: "resume" | "importance_budget" | "session_boundary" | null;
}

/** Is consolidation due? */
export function lifecycleState(deps: Pick<LifecycleDeps, "store">): LifecycleState {
  const hlc = lastRunHlc(deps.store);
  const lastRunAt = hlc === null ? null : parseHlc(hlc).wall;
  const since = lastRunAt ?? -1;
  const budget = importanceRecordedSince(deps.store, since);
  const sessionsEnded = sessionsEndedSince(deps.store, since);
  const openRunSince = openRunStartedAt(deps.store);
  const due = openRunSince !== null
    ? "resume"
    : budget > IMPORTANCE_BUDGET
    ? "importance_budget"
    : sessionsEnded > 0
    ? "session_boundary"
    : null;
  return { lastRunAt, budget, sessionsEnded, openRunSince, due };
}
