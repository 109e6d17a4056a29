/**
 * The lifecycle slice of the engine: when the worker is due and running it, undoing a run,
 * the staleness check of cited files, backfilling and re-embedding vectors; and, for the
 * facade, which models an opened strand embeds with ({@linkcode pinEmbedders}).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { HelixError } from "../errors.ts";
import type { Embedder } from "../ports.ts";
import { guard, guardAsync } from "../store/guard.ts";
import type { StrandMeta } from "../store/meta.ts";
import { type BackfillProgress, backfillVectors } from "./backfill.ts";
import {
  type ReembedReport,
  type ReembedStatus,
  reembedStatus,
  reembedStrand,
  reembedTarget,
  setReembedTarget,
} from "./reembed.ts";
import { planStaleness } from "./jobs/stale.ts";
import { runLifecycle, type RunOptions, type RunReport } from "./run.ts";
import type { StaleFinding } from "./staleness.ts";
import { type LifecycleState, lifecycleState } from "./trigger.ts";
import { type UndoReport, undoRun } from "./undo.ts";

/** What `checkStale()` found. */
export interface StaleReport {
  /** Memories whose cited files changed or vanished, with what changed. */
  readonly stale: readonly { readonly id: string; readonly findings: readonly StaleFinding[] }[];
  /** The run that recorded the marks (`undoRun` reverses it), or null for a dry run or no change. */
  readonly run: string | null;
}

/** The worker and the upkeep of vectors and file anchors. */
export interface LifecycleApi {
  /** Whether the lifecycle worker is due (importance budget since its last run, or a session end). */
  lifecycle(): LifecycleState;
  /**
   * Runs the lifecycle worker now (`helix sleep`, or the server when idle): distils recurring
   * episodes into rules that cite them, archives memories below the salience floor. Each slice
   * is a short transaction recorded by a `job.run` op; it yields between slices.
   */
  sleep(options?: Partial<RunOptions>): Promise<RunReport>;
  /** Reverses a worker run by appending inverse ops (see `RunReport.run`). */
  undoRun(run: string): UndoReport;
  /**
   * Compares the files the project's memories cite with the checkout (`options.files`): a
   * changed or vanished file marks the memory stale (`attributes.stale`) and lowers its
   * confidence once, as one recorded run; `dryRun` only reports.
   */
  checkStale(options?: { dryRun?: boolean }): Promise<StaleReport>;
  /** Embeds memories stored without vectors (or with stale ones). */
  backfillEmbeddings(
    options?: { batchSize?: number; onProgress?: (p: BackfillProgress) => void },
  ): Promise<{ embedded: number; remaining: number }>;
  /**
   * Re-embeds every memory with the new model and switches the strand to it (resumable: a
   * second call continues). The switch takes effect for processes that open the strand
   * afterwards; this engine keeps recalling without vectors.
   */
  reembed(
    options?: {
      batchSize?: number;
      onProgress?: (status: ReembedStatus) => void;
      /** Awaited between two short transactions (batches, steps of the switch). */
      pause?: () => Promise<void>;
    },
  ): Promise<ReembedReport>;
  /** How far an unfinished re-embedding got, or null when none is under way. */
  reembedStatus(): ReembedStatus | null;
}

/** What the lifecycle API needs: what the worker and its jobs take. */
export type LifecycleDeps =
  & Parameters<typeof lifecycleState>[0]
  & Parameters<typeof runLifecycle>[0]
  & Parameters<typeof undoRun>[0]
  & Parameters<typeof planStaleness>[0]
  & Parameters<typeof backfillVectors>[0]
  & Parameters<typeof reembedStatus>[0]
  & Parameters<typeof reembedStrand>[0];

/** The lifecycle API over `deps`. */
export function createLifecycleApi(deps: LifecycleDeps): LifecycleApi {
  return {
    lifecycle: () => guard("read lifecycle state", () => lifecycleState(deps)),
    sleep: (options = {}) =>
      guardAsync(
        "run the lifecycle worker",
        () => runLifecycle(deps, { reason: "manual", ...options }),
      ),
    undoRun: (run) => guard("undo run", () => undoRun(deps, run)),
    checkStale: (options = {}) => guardAsync("check staleness", () => checkStale(deps, options)),
    async backfillEmbeddings(options = {}) {
      const { embedder } = deps;
      if (!embedder) {
        throw new HelixError(
          "embedder_unavailable",
          "Cannot backfill embeddings: no embedding model is configured",
        );
      }
      const status = await embedder.warmup();
      if (status.state !== "ready") {
        throw new HelixError(
          "embedder_unavailable",
          `Cannot backfill embeddings: ${status.error ?? `model is ${status.state}`}`,
        );
      }
      return await backfillVectors(deps, embedder, options);
    },
    reembed: (options = {}) =>
      guardAsync("re-embed the strand", () => reembedStrand(deps, options)),
    reembedStatus: () => guard("read the re-embedding", () => reembedStatus(deps)),
  };
}

async function checkStale(deps: LifecycleDeps, options: { dryRun?: boolean }) {
  if (!deps.files) {
    throw new HelixError(
      "invalid_input",
      "Cannot check staleness: the engine was opened without the project's files",
    );
  }
  const plans = await planStaleness(deps, deps.files);
  const stale = plans.filter((p) => p.findings.length > 0).map((p) => ({
    id: p.id,
    findings: p.findings,
  }));
  if (options.dryRun || plans.length === 0) return { stale, run: null };
  const report = await runLifecycle(deps, { reason: "stale_check", only: "stale" });
  return { stale, run: report.run };
}

/**
 * The models a strand opened with `embedder` embeds with: the embedder itself when the
 * strand is pinned to it; else, when a re-embedding to it is under way or `reembed` starts
 * one, none for now and the embedder as the re-embedding target. Throws
 * `embedding_mismatch` otherwise. Records the start (or the abandonment, when the strand is
 * opened with its pinned model again) of a re-embedding.
 */
export function pinEmbedders(
  db: DatabaseSync,
  opened: { readonly path: string; readonly meta: StrandMeta },
  embedder: Embedder | null,
  reembed: boolean | "defer",
): { embedder: Embedder | null; reembedder: Embedder | null } {
  const { meta } = opened;
  const mismatch = embedder !== null &&
    (embedder.model !== meta.embeddingModel || embedder.dimension !== meta.embeddingDimension);
  const target = reembedTarget(db);
  const resumes = mismatch && target?.model === embedder.model &&
    target.dimension === embedder.dimension;
  if (mismatch && !resumes && reembed === false) {
    throw new HelixError(
      "embedding_mismatch",
      `Cannot open strand ${opened.path}: it is pinned to ${meta.embeddingModel} (${meta.embeddingDimension}-d) ` +
        `but the configured model is ${embedder.model} (${embedder.dimension}-d); configure the pinned model, or run helix reembed to move the strand to the new one`,
      { details: { pinned: meta.embeddingModel, configured: embedder.model } },
    );
  }
  guard("record the re-embedding", () => {
    if (mismatch && !resumes && reembed === true) setReembedTarget(db, embedder);
    if (!mismatch && target) setReembedTarget(db, null);
  });
  return mismatch ? { embedder: null, reembedder: embedder } : { embedder, reembedder: null };
}
