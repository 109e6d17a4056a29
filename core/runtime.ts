/**
 * What the engine's capabilities share: the open strand's tables, log and vector index,
 * the clock, the embedder and its policy, and the reader's default scopes. Built once by
 * `engine.ts` (the composition root) and passed down.
 *
 * @module
 */
import type { Clock } from "./ports.ts";
import type { Embedding } from "./embed/policy.ts";
import type { ReaderScopes } from "./model/scope.ts";
import type { OpLog } from "./ops/log.ts";
import type { StrandMeta } from "./store/meta.ts";
import type { Store } from "./store/store.ts";
import type { KeywordIndex } from "./store/keyword.ts";
import type { VectorIndex } from "./store/vector_index.ts";
import type { LlmExtractor } from "./llm/extractor.ts";
import type { ImportanceCache } from "./extract/importance.ts";
import type { FileProbe } from "./ports.ts";

/** Shared state of an open engine. */
export interface Runtime extends Embedding, ReaderScopes {
  readonly store: Store;
  readonly log: OpLog;
  readonly index: VectorIndex;
  readonly keywords: KeywordIndex;
  readonly clock: Clock;
  readonly meta: StrandMeta;
  readonly path: string;
  /** The optional LLM upgrade of extraction and consolidation. */
  readonly llm: LlmExtractor | null;
  /** Heuristic importance ratings, cached by content and type. */
  readonly importance: ImportanceCache;
  /** The project's files, for code-anchored memories; null when the caller gives none. */
  readonly files: FileProbe | null;
}
