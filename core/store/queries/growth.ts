/**
 * The query of `history/growth.ts`: memories written and forgotten per period of the log,
 * counted from the ops' kinds and HLC wall times (a full read of `ops`, no payload parsed).
 *
 * @module
 */
import type { Store } from "../store.ts";

/** One period's counts: ops of each kind whose wall time falls in it. */
export interface GrowthRow {
  /** The period's index: floor((wall + `offsetMs`) / `periodMs`). */
  readonly period: number;
  /** `memory.put` ops (memories written, whatever became of them since). */
  readonly written: number;
  /** `memory.forget` ops (memories soft-forgotten). */
  readonly forgotten: number;
}

/**
 * Counts of `memory.put` and `memory.forget` ops per period of `periodMs` (shifted by
 * `offsetMs`, so weeks can start on Monday), oldest first; periods with neither are absent.
 */
export function growthRows(store: Store, periodMs: number, offsetMs: number): GrowthRow[] {
  return store.prepareLog(
    `SELECT (CAST(substr(hlc, 1, 15) AS INTEGER) + CAST(? AS INTEGER)) / CAST(? AS INTEGER) AS period,
            sum(kind = 'memory.put') AS written,
            sum(kind = 'memory.forget') AS forgotten
     FROM ops WHERE kind IN ('memory.put', 'memory.forget')
     GROUP BY period ORDER BY period`,
  ).all(offsetMs, periodMs) as unknown as GrowthRow[];
}
