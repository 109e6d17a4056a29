/**
 * The strand's growth over time, from its log: memories written and forgotten per day or
 * week (UTC; weeks start on Monday), and the running total written. What the health page
 * plots.
 *
 * @module
 */
import { growthRows } from "../store/queries/growth.ts";
import { iso } from "../store/records.ts";
import type { Store } from "../store/store.ts";

/** How `growth` groups the log. */
export interface GrowthInput {
  /** One entry per day or per week (UTC, Monday first). @default {"day"} */
  by?: "day" | "week" | undefined;
}

/** One period of the strand's growth. */
export interface GrowthPeriod {
  /** When the period starts (ISO 8601, UTC midnight). */
  readonly start: string;
  /** Memories written in it (`memory.put` ops, including ones forgotten or purged since). */
  readonly written: number;
  /** Memories soft-forgotten in it (`memory.forget` ops). */
  readonly forgotten: number;
  /** Memories written up to the period's end, in all. */
  readonly writtenTotal: number;
}

const DAY_MS = 86_400_000;
/** 1970-01-01 was a Thursday: shifting by three days makes weeks start on Monday. */
const MONDAY_SHIFT_MS = 3 * DAY_MS;

/** The periods with ops in them, oldest first (empty for an empty log). */
export function strandGrowth(store: Store, input: GrowthInput): GrowthPeriod[] {
  const week = input.by === "week";
  const periodMs = week ? 7 * DAY_MS : DAY_MS;
  const offsetMs = week ? MONDAY_SHIFT_MS : 0;
  let total = 0;
  return growthRows(store, periodMs, offsetMs).map((row) => {
    total += row.written;
    return {
      start: iso(row.period * periodMs - offsetMs),
      written: row.written,
      forgotten: row.forgotten,
      writtenTotal: total,
    };
  });
}
