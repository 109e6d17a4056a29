/**
 * What the write path needs from the open engine: the strand's tables, log and indexes, the
 * clock, the embedding model and its policy, the writer's project and session, the optional
 * chat model, the importance cache and the project's files. Each function of `ingest/` takes
 * a `Pick` of {@linkcode IngestDeps} naming only what it uses; the engine's shared state
 * satisfies it as it is.
 *
 * @module
 */
import type { Embedding } from "../embed/policy.ts";
import type { ImportanceCache } from "../extract/importance.ts";
import type { ReaderScopes } from "../model/scope.ts";
import type { OpLog } from "../ops/log.ts";
import type { Clock, FileProbe, Llm } from "../ports.ts";
import type { KeywordIndex } from "../store/keyword.ts";
import type { Store } from "../store/store.ts";
import type { VectorIndex } from "../store/vector_index.ts";

/** Everything a write may need; see the module doc. */
export interface IngestDeps extends Embedding, ReaderScopes {
  /** The strand's tables. */
  readonly store: Store;
  /** The op log writes are appended to. */
  readonly log: OpLog;
  /** Vectors, for neighbours and the gate's nearest memory. */
  readonly index: VectorIndex;
  /** BM25 over the memories, for neighbours. */
  readonly keywords: KeywordIndex;
  /** Time of the write. */
  readonly clock: Clock;
  /** The optional chat model: extraction of notes and the grey band of consolidation. */
  readonly llm: Llm | null;
  /** Heuristic importance ratings, cached by content and type. */
  readonly importance: ImportanceCache;
  /** The project's files, for code anchors; null when the caller gives none. */
  readonly files: FileProbe | null;
}

/** What one write through the whole path needs ({@linkcode IngestDeps} but the reader's session and the re-embedder). */
export type WriteDeps = Pick<
  IngestDeps,
  | "store"
  | "log"
  | "index"
  | "keywords"
  | "clock"
  | "llm"
  | "importance"
  | "files"
  | "project"
  | "embedder"
  | "embedPolicy"
>;
