/**
 * The shape of a worker job (DESIGN §8): its name, when it can run, and how it runs given a
 * {@linkcode JobContext}, which hands it `runSliced` (see `run.ts`) bound to its run. The jobs
 * themselves are in `jobs/`, listed in order by `run.ts#JOBS`.
 *
 * @module
 */
import type { JobName } from "../ops/job_payloads.ts";
import type { Recorder } from "../ops/job_run.ts";
import type { LifecycleDeps } from "./deps.ts";

/** The jobs a worker run does, in order. */
export type WorkerJob = Exclude<JobName, "rollback" | "check">;

/** What one job of a run did. */
export interface JobReport {
  /** Which job. */
  readonly job: WorkerJob;
  /** Memories created or changed. */
  readonly changed: number;
  /** One line saying what it did (`helix sleep` prints it). */
  readonly summary: string;
}

/** Progress of a run, per job. */
export interface RunProgress {
  /** The job at work. */
  readonly job: WorkerJob;
  /** Work it has done (items or steps, as the job counts them). */
  readonly done: number;
  /** Work it has in all. */
  readonly total: number;
}

/** A part of a job's work, applied in one slice, and the job's progress once it is. */
export interface Chunk<T> {
  /** What the slice applies. */
  readonly work: T;
  /** The job's progress once it is applied; none when the slice reports none. */
  readonly progress?: { readonly done: number; readonly total: number };
}

/**
 * Appends a chunk's ops inside its slice; returns the slice's one-line summary, or null when
 * it changed nothing (no `job.run` is recorded then).
 */
export type Apply<T> = (tx: Recorder, work: T) => string | null;

/** What a job is given for one run. */
export interface JobContext {
  /** Id of the run. */
  readonly run: string;
  /** Why it runs (`manual`, `importance_budget`, …). */
  readonly reason: string;
  /** Yields to the caller (the event loop, or the server's pause). */
  readonly pause: () => Promise<void>;
  /** Called between steps of planning, to let a server's requests in flight go first. */
  readonly breathe: () => Promise<void>;
  /** Reports the job's progress. */
  readonly progress: (done: number, total: number) => void;
  /**
   * Applies each chunk in its own short recorded transaction (closed by a `job.run` op), then
   * reports its progress and pauses: `runSliced` bound to this job and run.
   */
  readonly slices: <T>(
    chunks: Iterable<Chunk<T>> | AsyncIterable<Chunk<T>>,
    apply: Apply<T>,
  ) => Promise<void>;
  /** Appends a `job.run` that lists no ops: work that changed no state (vectors). */
  readonly record: (summary: string) => void;
}

/** One job of a worker run. */
export interface JobDefinition {
  readonly name: WorkerJob;
  /** Whether the job runs with these deps (default: always). */
  readonly enabled?: (deps: LifecycleDeps) => boolean;
  /** Runs only when a run names it (`only`), never in a full run. */
  readonly onDemand?: boolean;
  /** Plans the job, applies it slice by slice, and says what it did. */
  readonly run: (deps: LifecycleDeps, ctx: JobContext) => Promise<Omit<JobReport, "job">>;
}

/**
 * `items` in chunks of `size`, each with the progress once it is applied (items done of all).
 *
 * @example Usage
 * ```ts
 * import { chunked } from "./job.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(chunked(["a", "b", "c"], 2), [
 *   { work: ["a", "b"], progress: { done: 2, total: 3 } },
 *   { work: ["c"], progress: { done: 3, total: 3 } },
 * ]);
 * ```
 */
export function chunked<T>(items: readonly T[], size: number): Required<Chunk<T[]>>[] {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(
      `Cannot chunk work: size must be a positive integer, current value is ${size}`,
    );
  }
  const chunks: Required<Chunk<T[]>>[] = [];
  for (let start = 0; start < items.length; start += size) {
    const work = items.slice(start, start + size);
    chunks.push({ work, progress: { done: start + work.length, total: items.length } });
  }
  return chunks;
}
