/**
 * Payloads of the ops that record rather than change: a session's end and a run of the
 * lifecycle worker. A wire format, like every payload.
 *
 * @module
 */
import type { JsonValue } from "../util/canonical_json.ts";

/** An agent session ended (a consolidation boundary, DESIGN §8). */
export interface SessionEndPayload {
  /** The session scope id (`session:<id>` without the prefix). */
  session: string;
  /** Its project scope, if known. */
  project?: string;
  /** The client that ran it (e.g. `claude-code 1.2`). */
  client?: string;
  /** When it started, in ms since the epoch (never after `endedAt`). */
  startedAt: number;
  /** When it ended (ms): the log's clock when the end was recorded. */
  endedAt: number;
}

/**
 * The jobs a `job.run` op records: the lifecycle worker's (DESIGN §8), `rollback` (a restore
 * of an earlier state), and `check` (a worker run that found nothing to change; it still
 * restarts the trigger).
 */
export const JOB_NAMES = [
  "distil",
  "contradict",
  "archive",
  "embed",
  "importance",
  "profile",
  "reflect",
  "stale",
  "link",
  "associate",
  "rollback",
  "check",
] as const;

/** One of {@linkcode JOB_NAMES}. */
export type JobName = typeof JOB_NAMES[number];

/**
 * A run of the lifecycle worker (DESIGN §8): which job, why it ran, and the ops it appended
 * (in order), so `helix log` shows it and `undoRun()` can append their inverses. Folds to
 * nothing; it is appended last, in the same transaction as the ops it lists.
 */
export interface JobRunPayload {
  /** Unique id of the run. */
  run: string;
  /** Which job ran. */
  job: JobName;
  /** What triggered it: `importance_budget`, `session_boundary`, `manual`, `undo`. */
  reason: string;
  /** The change ids of the ops it appended, oldest first. */
  ops: string[];
  /** Before-values of every memory field it patched, per memory id, to restore on undo. */
  before: Record<string, Record<string, JsonValue>>;
  /** One line for `helix log`. */
  summary: string;
}
