/**
 * The `associate` job: counts which words the user's memories share (issue 22, learned
 * associations). Each memory's association words (`extract/association_terms.ts`), at most
 * {@linkcode TERMS_PER_MEMORY} of them — those in two memories or more, rarest first — are
 * counted once, alone and in pairs, into `term_counts` and `term_pairs`
 * (`store/queries/associations.ts`), so recall can tell that `pnpm` and `monorepo` go together
 * in this strand without counting anything while a question waits (`recall/learned.ts`).
 * A cache like vectors: each slice (50 memories) is its own short transaction, the run's record lists no ops,
 * and a cursor (the last row id counted) lets each run count only what is new.
 *
 * @module
 */
import { associationTerms } from "../../extract/association_terms.ts";
import {
  associationProgress,
  countTerms,
  memoriesToCount,
} from "../../store/queries/associations.ts";
import type { LifecycleDeps } from "../deps.ts";
import type { JobContext, JobDefinition } from "../job.ts";

/** Words of one memory counted (28 pairs at most). */
export const TERMS_PER_MEMORY = 8;
/**
 * Memories counted per slice (one transaction of at most 50 × 36 upserts): 200 took ~260 ms a
 * slice on a loaded 2-core machine at 10^5 memories.
 */
const SLICE = 50;
/** Memories counted per run; the rest wait for the next. */
const PER_RUN = 20_000;

/** The words of each memory that are counted: in two memories or more, rarest first. */
function countedTerms(
  deps: Pick<LifecycleDeps, "keywords">,
  contents: readonly string[],
): string[][] {
  const sets = contents.map(associationTerms);
  const { documents } = deps.keywords.documentCounts([...new Set(sets.flat())]);
  return sets.map((terms) =>
    terms.map((term) => ({ term, df: documents.get(term) ?? 0 }))
      .filter((t) => t.df >= 2)
      .sort((a, b) => a.df - b.df || (a.term < b.term ? -1 : 1))
      .slice(0, TERMS_PER_MEMORY)
      .map((t) => t.term)
  );
}

/** Counts the memories written since the last run, a slice at a time. */
async function associate(deps: Pick<LifecycleDeps, "store" | "keywords">, ctx: JobContext) {
  let counted = 0;
  for (let cursor = associationProgress(deps.store).rid; counted < PER_RUN;) {
    const batch = memoriesToCount(deps.store, cursor, SLICE);
    if (batch.length === 0) break;
    cursor = batch.at(-1)!.rid;
    countTerms(deps.store, countedTerms(deps, batch.map((m) => m.content)), cursor);
    counted += batch.length;
    ctx.progress(counted, counted + (batch.length === SLICE ? SLICE : 0));
    await ctx.pause();
  }
  const summary = counted
    ? `counted the shared words of ${counted} memories`
    : "no new memories to count words of";
  if (counted) ctx.record(summary);
  return { changed: 0, summary };
}

/**
 * The `associate` job: runs when named (`sleep({ only: "associate" })`), not in every run,
 * while the learned channel it feeds is off by default (it did not help on the tune
 * questions: bench/quality/RESULTS-offline.md).
 */
export const associateJob: JobDefinition = { name: "associate", onDemand: true, run: associate };
