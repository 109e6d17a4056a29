/**
 * The `archive` job: active memories whose salience (importance × decay) fell below
 * {@linkcode SALIENCE_FLOOR} leave default recall. They stay searchable with `includeArchived`
 * and come back when a recall proves them useful.
 *
 * @module
 */
import { salience } from "../../model/salience.ts";
import type { Recorder } from "../../ops/job_run.ts";
import { decayingMemories } from "../../store/queries/lifecycle_memories.ts";
import type { LifecycleDeps } from "../deps.ts";
import { chunked, type JobContext, type JobDefinition } from "../job.ts";

/** Salience (importance × decay) below which a decaying memory is archived. */
export const SALIENCE_FLOOR = 1;
/** Memories archived per slice. */
const ARCHIVE_SLICE = 200;

/** Ids of the active decaying memories whose salience at `now` is below the floor. */
export function planArchive(deps: Pick<LifecycleDeps, "store">, now: number): string[] {
  return decayingMemories(deps.store).filter((m) => salience(m, now) < SALIENCE_FLOOR)
    .map((m) => m.id);
}

/** Archives those of `ids` still active; returns how many. */
export function applyArchive(
  deps: Pick<LifecycleDeps, "store">,
  tx: Recorder,
  ids: readonly string[],
): number {
  let n = 0;
  for (const id of ids) {
    if (deps.store.memoryById(id)?.status !== "active") continue;
    tx.patch(id, { status: "archived" }, "below the salience floor");
    n++;
  }
  return n;
}

/** Archives faded memories, {@linkcode ARCHIVE_SLICE} per slice. */
async function archive(deps: Pick<LifecycleDeps, "store" | "clock">, ctx: JobContext) {
  let archived = 0;
  await ctx.slices(chunked(planArchive(deps, deps.clock.now()), ARCHIVE_SLICE), (tx, ids) => {
    const n = applyArchive(deps, tx, ids);
    archived += n;
    return n ? `archived ${n} faded memories` : null;
  });
  return { changed: archived, summary: `archived ${archived} faded memories` };
}

/** The `archive` job. */
export const archiveJob: JobDefinition = { name: "archive", run: archive };
