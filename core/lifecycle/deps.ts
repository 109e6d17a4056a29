/**
 * What the lifecycle needs from the open strand. Each function takes a `Pick` of
 * {@linkcode LifecycleDeps} naming only what it uses; the engine's shared state satisfies it.
 *
 * @module
 */
import type { LlmExtractor } from "../llm/extractor.ts";
import type { OpLog } from "../ops/log.ts";
import type { Clock, Embedder, FileProbe } from "../ports.ts";
import type { KeywordIndex } from "../store/keyword.ts";
import type { Store } from "../store/store.ts";
import type { VectorIndex } from "../store/vector_index.ts";

/** Everything the lifecycle worker, undo, backfill and re-embedding use. */
export interface LifecycleDeps {
  /** The strand's tables and named queries. */
  readonly store: Store;
  /** The op log every change is appended to. */
  readonly log: OpLog;
  /** Time, for decay, focus windows and staleness marks. */
  readonly clock: Clock;
  /** Vector neighbours (the contradiction sweep and reflection look up a memory's neighbours). */
  readonly index: VectorIndex;
  /** Keyword neighbours, as for {@linkcode LifecycleDeps.index}. */
  readonly keywords: KeywordIndex;
  /** The optional chat model: rule wording, importance ratings, reflection, profiles. */
  readonly llm: Pick<LlmExtractor, "synthesize" | "rateImportance"> | null;
  /** The project's files, for the staleness check; null when the caller gives none. */
  readonly files: FileProbe | null;
  /** Project scope (`project:<id>`) of the caller, if known. */
  readonly project: string | null;
  /** The model vectors are written with; null while re-embedding or without one. */
  readonly embedder: Embedder | null;
  /** The model the strand is being re-embedded with, if any. */
  readonly reembedder: Embedder | null;
  /**
   * Whether this run makes derived memories whoever started the synced strand (a team
   * strand's keeper); absent: only the device that started it does.
   */
  readonly derives?: boolean;
}
