/**
 * The history slice of the engine: the log read as history, what changed between two points,
 * putting the strand back as it was, and the conflicts concurrent edits left.
 *
 * @module
 */
import { historyInputSchema, parseInput } from "../model/input.ts";
import type { HistoryInput } from "../model/queries.ts";
import { isPurged } from "../ops/kinds.ts";
import type { OpLog } from "../ops/log.ts";
import { guard, guardAsync } from "../store/guard.ts";
import { type ConflictRecord, listConflicts } from "../store/queries/ops_conflicts.ts";
import type { Store } from "../store/store.ts";
import { HelixError } from "../errors.ts";
import { diffPoints } from "./diff.ts";
import type { HistoryDiff } from "./diff_types.ts";
import { type GrowthInput, type GrowthPeriod, strandGrowth } from "./growth.ts";
import type { PointInput } from "./point.ts";
import { type RollbackOptions, type RollbackReport, rollbackTo } from "./rollback.ts";
import { type HistoryEntry, historyEntry } from "./summary.ts";

/** Reading and rewinding the strand's history. */
export interface HistoryApi {
  /**
   * Ops, newest first, optionally for one memory or edge (a purged memory only by its
   * `purged:` ref: its id is gone from the log).
   */
  history(input?: HistoryInput): HistoryEntry[];
  /**
   * How the memories and edges at point `from` differ from those at `to` (default `"now"`):
   * added, removed (purged: by their `purged:` ref, without content), changed field by field
   * with status transitions classified, and edges added, removed or reweighted. A point is a
   * change id or a unique prefix of one (≥ 6 hex characters), an ISO 8601 time or epoch ms,
   * an age before the engine clock's now (`2h`, `3d`, `1w`), or `now`; the state at it is the
   * fold of every op up to it. Throws `invalid_input` for a malformed or ambiguous point,
   * `not_found` for an unknown change id.
   *
   * @example What changed since an op
   * ```ts
   * import { openEngine } from "../engine.ts";
   * import { equal } from "node:assert/strict";
   *
   * const engine = openEngine({ path: ":memory:" });
   * const { id } = await engine.write({ content: "Deploys need one approval." });
   * const [put] = engine.history();
   * await engine.patch(id, { content: "Deploys need two approvals." });
   * const diff = engine.diff(put!.changeId);
   * equal(diff.memories.changed[0]?.changes[0]?.after, "Deploys need two approvals.");
   * equal(diff.counts.changed, 1);
   * engine.close();
   * ```
   */
  diff(from: PointInput, to?: PointInput): HistoryDiff;
  /**
   * Makes every memory and edge what it was at `point` (see {@linkcode HistoryApi.diff}) by
   * appending ops in one transaction, closed by a `job.run` op (job `rollback`) that `helix
   * log` shows: memories created since are forgotten, changed fields and statuses patched
   * back, edges added since removed and edges removed since put back. History keeps both;
   * rolling back to the report's `undoPoint` reverses it. Purged memories cannot come back
   * (`unrecoverable`). `dryRun` appends nothing.
   *
   * @example Undo an edit
   * ```ts
   * import { openEngine } from "../engine.ts";
   * import { equal } from "node:assert/strict";
   *
   * const engine = openEngine({ path: ":memory:" });
   * const { id } = await engine.write({ content: "Deploys need one approval." });
   * const [put] = engine.history();
   * await engine.patch(id, { content: "Deploys need no approval." });
   * const report = await engine.rollback(put!.changeId);
   * equal(engine.get(id).content, "Deploys need one approval.");
   * equal(report.memories.patched.length, 1);
   * equal(engine.diff(put!.changeId).counts.changed, 0);
   * engine.close();
   * ```
   */
  rollback(point: PointInput, options?: RollbackOptions): Promise<RollbackReport>;
  /**
   * The strand's growth read from the log: per day (or `by: "week"`, Monday first; UTC), the
   * memories written (`memory.put` ops) and soft-forgotten (`memory.forget` ops) in it, and
   * the running total written; oldest first, periods without either left out. Throws
   * `invalid_input` for another `by`.
   *
   * @example Memories written per day
   * ```ts
   * import { openEngine } from "../engine.ts";
   * import { equal } from "node:assert/strict";
   *
   * const engine = openEngine({ path: ":memory:" });
   * const { id } = await engine.write({ content: "Deploys need one approval." });
   * await engine.write({ content: "The staging database is Postgres 16." });
   * await engine.forget({ id });
   * const [today] = engine.growth();
   * equal(today?.written, 2);
   * equal(today?.forgotten, 1);
   * equal(today?.writtenTotal, 2);
   * engine.close();
   * ```
   */
  growth(input?: GrowthInput): GrowthPeriod[];
  /**
   * Conflicts concurrent edits left (see `docs/merge.md`): open ones (a text conflict
   * block, two rival successors of one fact) unless `all`, which adds the ones settled
   * automatically.
   */
  conflicts(options?: { all?: boolean }): ConflictRecord[];
}

/** What the history API needs: the log and tables, and what diff and rollback take. */
export type HistoryDeps =
  & { readonly store: Store; readonly log: OpLog }
  & Parameters<typeof diffPoints>[0]
  & Parameters<typeof rollbackTo>[0];

/** The history API over `deps`. */
export function createHistoryApi(deps: HistoryDeps): HistoryApi {
  const { store, log } = deps;
  return {
    history(input = {}) {
      const parsed = parseInput(historyInputSchema, input, "read history");
      return guard("read history", () => {
        const ops = log.read({
          ...(parsed.id !== undefined ? { ref: parsed.id } : {}),
          ...(parsed.kinds !== undefined ? { kinds: parsed.kinds } : {}),
          ...(parsed.since !== undefined ? { since: parsed.since } : {}),
          ...(parsed.until !== undefined ? { until: parsed.until } : {}),
          limit: parsed.limit ?? 100,
        });
        const purged = ops.filter(isPurged).map((op) => op.changeId);
        const refs = purged.length > 0 ? log.refsOf(purged) : new Map<string, string[]>();
        return ops.map((op) => historyEntry(op, refs.get(op.changeId)));
      });
    },
    diff: (from, to) => guard("diff history", () => diffPoints(deps, from, to)),
    rollback: (point, options) => guardAsync("roll back", () => rollbackTo(deps, point, options)),
    growth(input = {}) {
      if (input.by !== undefined && input.by !== "day" && input.by !== "week") {
        throw new HelixError(
          "invalid_input",
          `Cannot read growth: by must be "day" or "week", got ${JSON.stringify(input.by)}`,
        );
      }
      return guard("read growth", () => strandGrowth(store, input));
    },
    conflicts: (options = {}) =>
      guard("list conflicts", () => listConflicts(store, options.all ?? false)),
  };
}
