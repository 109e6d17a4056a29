/**
 * The `embed` job: an unfinished re-embedding moves on (`reembed.ts`); otherwise memories
 * stored without a current vector are embedded (`backfill.ts`). Vectors are a cache, not
 * state: they are stored in their own batches, and the run's record lists no ops. A model
 * that cannot load (offline) leaves the work for a later run.
 *
 * @module
 */
import { isHelixError } from "../../errors.ts";
import type { Embedder } from "../../ports.ts";
import { backfillVectors, missingVectors } from "../backfill.ts";
import type { LifecycleDeps } from "../deps.ts";
import type { JobContext, JobDefinition } from "../job.ts";
import { reembedStatus, reembedStrand } from "../reembed.ts";

/** Texts embedded per batch, small so a batch never holds the event loop long. */
const EMBED_BATCH = 16;

/** Moves an unfinished re-embedding on; a model that cannot load waits. */
async function reembed(
  deps: Pick<LifecycleDeps, "store" | "log" | "reembedder">,
  reembedder: Embedder,
  ctx: JobContext,
) {
  const model = reembedder.model;
  let summary: string;
  try {
    const report = await reembedStrand(deps, {
      batchSize: EMBED_BATCH,
      pause: ctx.pause,
      onProgress: ({ done, total }) => ctx.progress(done, total),
    });
    summary = `re-embedded ${report.embedded} memories with ${model} and switched to it ` +
      `(processes that open the strand from now on use the new vectors)`;
  } catch (error) {
    if (!isHelixError(error, "embedder_unavailable")) throw error;
    const status = reembedStatus(deps);
    summary = `re-embedding with ${model} waits for the model (${status?.done ?? 0} of ` +
      `${status?.total ?? 0} done)`;
  }
  ctx.record(summary);
  return { changed: 0, summary };
}

/** Embeds memories stored without a current vector, once the model is ready. */
async function embedMissing(
  deps: Pick<LifecycleDeps, "store" | "log">,
  embedder: Embedder,
  ctx: JobContext,
) {
  const total = missingVectors(deps);
  if (total === 0) return { changed: 0, summary: "every memory has its vector" };
  const status = await embedder.warmup();
  if (status.state !== "ready") {
    return {
      changed: 0,
      summary: `${total} memories wait for the model (${status.error ?? status.state})`,
    };
  }
  const { embedded, remaining } = await backfillVectors(deps, embedder, {
    batchSize: EMBED_BATCH,
    pause: ctx.pause,
    onProgress: ({ done, total }) => ctx.progress(done, total),
  });
  const summary = `embedded ${embedded} memories${remaining ? `, ${remaining} left` : ""}`;
  if (embedded > 0) ctx.record(summary);
  return { changed: 0, summary };
}

/** The `embed` job: runs when there is a model to embed with. */
export const embedJob: JobDefinition = {
  name: "embed",
  enabled: (deps) => deps.reembedder !== null || deps.embedder !== null,
  run: (deps, ctx) =>
    deps.reembedder ? reembed(deps, deps.reembedder, ctx) : embedMissing(deps, deps.embedder!, ctx),
};
