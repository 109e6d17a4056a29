/**
 * A run of the lifecycle worker (DESIGN §8): the jobs in order ({@linkcode JOBS}), each
 * planned read-only and applied in slices by {@linkcode runSliced}. Every change is an op; each
 * slice is one short transaction closed by a `job.run` op listing what it did (and the fields
 * it overwrote), so `helix log` shows it and `undoRun()` appends the inverse. Between slices
 * the run yields, so a server's tool calls are never blocked for longer than one slice.
 *
 * @module
 */
import { recordedTransaction } from "../ops/job_run.ts";
import { markOpenRun } from "../store/queries/lifecycle.ts";
import { randomHex } from "../util/hash.ts";
import type { JobName } from "../ops/job_payloads.ts";
import type { LifecycleDeps } from "./deps.ts";
import type {
  Apply,
  Chunk,
  JobContext,
  JobDefinition,
  JobReport,
  RunProgress,
  WorkerJob,
} from "./job.ts";
import { distilJob } from "./jobs/distil.ts";
import { contradictJob } from "./jobs/contradict.ts";
import { reflectJob } from "./jobs/reflect.ts";
import { importanceJob } from "./jobs/importance.ts";
import { archiveJob } from "./jobs/archive.ts";
import { staleJob } from "./jobs/stale.ts";
import { profileJob } from "./jobs/profile.ts";
import { embedJob } from "./jobs/embed.ts";
import { linkJob } from "./jobs/link.ts";
import { associateJob } from "./jobs/associate.ts";

/**
 * The jobs of a run, in order: rules and insights first, so archival, profiles and vectors
 * see them in the same run.
 */
export const JOBS: readonly JobDefinition[] = [
  distilJob,
  contradictJob,
  reflectJob,
  importanceJob,
  archiveJob,
  staleJob,
  linkJob,
  associateJob,
  profileJob,
  embedJob,
];

/** What a run did. */
export interface RunReport {
  /** Id of the run (`helix sleep --undo <run>`). */
  readonly run: string;
  /** Why it ran. */
  readonly reason: string;
  /** What each job did, in order. */
  readonly jobs: readonly JobReport[];
  /** Memories created or changed by the whole run. */
  readonly changed: number;
}

/** Options of {@linkcode runLifecycle}. */
export interface RunOptions {
  /** Why it runs (`manual`, `importance_budget`, `session_boundary`). */
  readonly reason: string;
  /** Called as each job progresses. */
  readonly onProgress?: (progress: RunProgress) => void;
  /** Called between slices; the default yields to the event loop. */
  readonly pause?: () => Promise<void>;
  /**
   * Called often while a job plans (between the memories it compares, the groups it
   * clusters): a server resolves it at once when idle and after its requests in flight when
   * not. The default resolves at once.
   */
  readonly breathe?: () => Promise<void>;
  /** Run only this job. */
  readonly only?: WorkerJob;
  /**
   * Make derived memories (distillations, insights, profiles) even on a synced strand this
   * device did not start: the caller decided this machine keeps the strand (a team strand's
   * keeper, docs/teams.md). By default only the device that started a synced strand does.
   */
  readonly derive?: boolean;
}

const yieldToLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const noBreath = () => Promise.resolve();

/**
 * Runs the worker's jobs now, in the order of {@linkcode JOBS}. A full run marks itself open
 * until it finishes, so a run cut short (the process stopped, the machine slept) is due again
 * at the next start and resumes: every job plans from the strand as it is and from its own
 * cursor, so what the cut run finished is not done twice.
 */
export async function runLifecycle(deps: LifecycleDeps, options: RunOptions): Promise<RunReport> {
  const run = randomHex(8);
  const full = options.only === undefined;
  if (full) markOpenRun(deps.store, deps.clock.now());
  const jobs: JobReport[] = [];
  for (const job of JOBS) {
    if (options.only ? options.only !== job.name : job.onDemand) continue;
    if (job.enabled && !job.enabled(options.derive ? { ...deps, derives: true } : deps)) continue;
    const { changed, summary } = await job.run(deps, jobContext(deps, job.name, run, options));
    jobs.push({ job: job.name, changed, summary });
  }
  const changed = jobs.reduce((n, j) => n + j.changed, 0);
  if (changed === 0 && full) {
    // Still a run: the trigger restarts from here (a job.run folds to nothing, so the state
    // and its hash stay as they were). A run of one job is not one the trigger counts.
    recordRun(deps, { run, job: "check", reason: options.reason }, "nothing to change");
  }
  if (full) markOpenRun(deps.store, null);
  return { run, reason: options.reason, jobs, changed };
}

/** What `job` is given for run `run`. */
function jobContext(
  deps: Pick<LifecycleDeps, "store" | "log">,
  job: WorkerJob,
  run: string,
  options: RunOptions,
): JobContext {
  const record = { run, job, reason: options.reason };
  const progress = (done: number, total: number) => options.onProgress?.({ job, done, total });
  const pause = options.pause ?? yieldToLoop;
  return {
    run,
    reason: options.reason,
    pause,
    breathe: options.breathe ?? noBreath,
    progress,
    slices: (chunks, apply) => runSliced(deps, record, chunks, apply, { progress, pause }),
    record: (summary) => recordRun(deps, record, summary),
  };
}

/** Which run, job and reason a slice is recorded under. */
export interface SliceRecord {
  readonly run: string;
  readonly job: JobName;
  readonly reason: string;
}

/**
 * The one loop of every job: each chunk is applied in its own short recorded transaction
 * (closed by a `job.run` op when it appended ops; see `ops/job_run.ts`), then its progress is
 * reported, then the run pauses. Chunks are read lazily, so a job may plan the next one (ask
 * the model, read what the last slice wrote) after the previous slice committed.
 */
export async function runSliced<T>(
  deps: Pick<LifecycleDeps, "store" | "log">,
  record: SliceRecord,
  chunks: Iterable<Chunk<T>> | AsyncIterable<Chunk<T>>,
  apply: Apply<T>,
  after: {
    readonly progress: (done: number, total: number) => void;
    readonly pause: () => Promise<void>;
  },
): Promise<void> {
  for await (const chunk of chunks) {
    recordedTransaction(deps.store, deps.log, record, (tx) => apply(tx, chunk.work));
    if (chunk.progress) after.progress(chunk.progress.done, chunk.progress.total);
    await after.pause();
  }
}

/** Appends a `job.run` that lists no ops: work that changed no state (or nothing at all). */
export function recordRun(
  deps: Pick<LifecycleDeps, "log">,
  record: SliceRecord,
  summary: string,
): void {
  deps.log.transact(
    `record ${record.job} run`,
    (tx) => tx.append({ kind: "job.run", payload: { ...record, ops: [], before: {}, summary } }),
  );
}
