/**
 * The markers of imports and merges under way (`transfer_runs`): a local row, not state (no
 * op, not in the state hash, not copied by sync), written in the first transaction of a run
 * that takes several, advanced by each, and removed by the last. A row that stays says a run
 * was interrupted; running the same import or merge again finishes it and removes the row.
 *
 * @module
 */
import type { Store } from "../store.ts";

/** What kind of run a marker stands for. */
export type TransferRunKind = "import" | "merge";

/** An import or merge under way, or interrupted. */
export interface TransferRun {
  /** Identifies the run's input (a hash of the records, or of the ops' change ids). */
  readonly key: string;
  /** An import of records, or a merge of another strand's ops. */
  readonly kind: TransferRunKind;
  /** What was being imported or merged, as the caller named it (e.g. the file). */
  readonly label: string;
  /** Records (or ops) it had to write. */
  readonly total: number;
  /** Records (or ops) written so far. */
  readonly done: number;
  /** When it started, ms. */
  readonly startedAt: number;
  /** When it last committed, ms. */
  readonly updatedAt: number;
}

/** Records (or advances) the marker of a run, inside the caller's write transaction. */
export function markTransferRun(
  store: Pick<Store, "prepare">,
  run: Omit<TransferRun, "startedAt" | "updatedAt"> & { readonly now: number },
): void {
  store.prepare(
    `INSERT INTO transfer_runs (key, kind, label, total, done, started_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET label = excluded.label, total = excluded.total,
       done = excluded.done, updated_at = excluded.updated_at`,
  ).run(run.key, run.kind, run.label, run.total, run.done, run.now, run.now);
}

/** Removes the marker of a finished run, inside the caller's write transaction. */
export function clearTransferRun(store: Pick<Store, "prepare">, key: string): void {
  store.prepare("DELETE FROM transfer_runs WHERE key = ?").run(key);
}

/** Whether a marker with `key` is recorded. */
export function hasTransferRun(store: Pick<Store, "prepare">, key: string): boolean {
  return store.prepare("SELECT 1 FROM transfer_runs WHERE key = ?").get(key) !== undefined;
}

/** Every run recorded as under way, oldest first. */
export function transferRuns(store: Pick<Store, "prepare">): TransferRun[] {
  return store.prepare(
    `SELECT key, kind, label, total, done, started_at AS startedAt, updated_at AS updatedAt
     FROM transfer_runs ORDER BY started_at, key`,
  ).all() as unknown as TransferRun[];
}
