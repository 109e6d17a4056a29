/**
 * The `importance` job (model only): heuristic importance ratings
 * (`attributes.importanceBy: "heuristic"`) are replaced by the model's, newest memories first,
 * {@linkcode RATE_PER_RUN} per run; a rating the writer gave is never touched.
 *
 * @module
 */
import type { Recorder } from "../../ops/job_run.ts";
import { heuristicallyRated, type TypedRow } from "../../store/queries/lifecycle_memories.ts";
import type { JsonValue } from "../../util/canonical_json.ts";
import type { LifecycleDeps } from "../deps.ts";
import { type Chunk, chunked, type JobContext, type JobDefinition } from "../job.ts";

/** Memories the model rates per request (and per slice). */
const RATE_SLICE = 32;
/** Memories the model rates per run, at most. */
const RATE_PER_RUN = 256;

/** Memories with the model's rating of each (null where it gave none). */
export interface Rated {
  readonly rows: readonly TypedRow[];
  readonly ratings: readonly (number | null)[];
}

/**
 * The heuristically rated memories, newest first, {@linkcode RATE_SLICE} at a time with the
 * model's ratings; stops when the model gives none (unavailable or out of budget: next run).
 */
export async function* planImportance(
  deps: Pick<LifecycleDeps, "store" | "llm">,
): AsyncGenerator<Chunk<Rated>> {
  const llm = deps.llm;
  if (!llm) return;
  for (
    const { work: rows, progress } of chunked(
      heuristicallyRated(deps.store, RATE_PER_RUN),
      RATE_SLICE,
    )
  ) {
    const ratings = await llm.rateImportance(rows.map(({ type, content }) => ({ type, content })));
    if (ratings.every((r) => r === null)) return;
    yield { work: { rows, ratings }, progress };
  }
}

/**
 * Sets the model's rating on each memory still heuristically rated with the same content;
 * returns how many.
 */
export function applyImportance(
  deps: Pick<LifecycleDeps, "store">,
  tx: Recorder,
  { rows, ratings }: Rated,
): number {
  let n = 0;
  rows.forEach((row, i) => {
    const memory = deps.store.memoryById(row.id);
    const importance = ratings[i];
    if (
      importance === null || importance === undefined || memory?.content !== row.content ||
      memory.attributes.importanceBy !== "heuristic"
    ) return;
    tx.patch(row.id, {
      importance,
      attributes: { ...memory.attributes, importanceBy: "model" } as JsonValue,
    }, "rated by the model");
    n++;
  });
  return n;
}

/** Replaces heuristic ratings with the model's, one request per slice. */
async function rateImportance(deps: Pick<LifecycleDeps, "store" | "llm">, ctx: JobContext) {
  if (!deps.llm) return { changed: 0, summary: "no model configured" };
  let rated = 0;
  await ctx.slices(planImportance(deps), (tx, work) => {
    const n = applyImportance(deps, tx, work);
    rated += n;
    return n ? `the model rated ${n} memories` : null;
  });
  return { changed: rated, summary: `the model rated ${rated} memories` };
}

/** The `importance` job. */
export const importanceJob: JobDefinition = { name: "importance", run: rateImportance };
