/**
 * Named queries of the lifecycle worker's trigger and runs: when it last ran, what was
 * written and which sessions ended since, and when a job last recorded a run.
 *
 * @module
 */
import type { Store } from "../store.ts";

/** Clock (HLC) of the newest op of any worker run (`run:` refs), or null before the first run. */
export function lastRunHlc(store: Store): string | null {
  const last = store.prepare(
    `SELECT max(o.seqno) AS seqno FROM op_refs r JOIN ops o ON o.seqno = r.seqno
     WHERE r.ref >= 'run:' AND r.ref < 'run;'`,
  ).get() as { seqno: number | null };
  if (last.seqno === null) return null;
  return (store.prepare("SELECT hlc FROM ops WHERE seqno = ?").get(last.seqno) as { hlc: string })
    .hlc;
}

/** Sum of the importance of the memories recorded after `since` (ms). */
export function importanceRecordedSince(store: Store, since: number): number {
  return (store.prepare(
    "SELECT coalesce(sum(importance), 0) AS n FROM memories WHERE recorded_at > ?",
  ).get(since) as { n: number }).n;
}

/** Agent sessions that ended after `since` (ms). */
export function sessionsEndedSince(store: Store, since: number): number {
  return (store.prepare("SELECT count(*) AS n FROM sessions WHERE ended_at > ?").get(since) as {
    n: number;
  }).n;
}

/** Clock (HLC) of the newest `job.run` op recorded by `job`, or null when it never recorded one. */
export function lastJobRunHlc(store: Store, job: string): string | null {
  return (store.prepare(
    `SELECT max(hlc) AS hlc FROM ops
     WHERE kind = 'job.run' AND json_extract(payload, '$.job') = ?`,
  ).get(job) as { hlc: string | null }).hlc;
}

/** The counter marking a worker run that started and has not finished (its start, ms). */
const OPEN_RUN = "lifecycle_open_run";

/**
 * When the worker run that has not finished started (ms), or null when none is open: a run
 * marks itself open when it starts and closes when it ends, so a restart finds an interrupted
 * run and resumes it. A local mark, not state (`counters` is this device's cache).
 */
export function openRunStartedAt(store: Store): number | null {
  const row = store.prepare("SELECT value FROM counters WHERE name = ?").get(OPEN_RUN) as
    | { value: number }
    | undefined;
  return row && row.value > 0 ? row.value : null;
}

/** Marks a run open since `at` (ms), or closes the open run (`null`). */
export function markOpenRun(store: Store, at: number | null): void {
  store.prepare(
    `INSERT INTO counters (name, value) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
  ).run(OPEN_RUN, at ?? 0);
}
