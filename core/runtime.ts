/**
 * What the engine's capabilities share: the open strand's tables, log and vector index,
 * the clock, the embedder and its policy, and the reader's default scopes. Built once by
 * `engine.ts` (the composition root) and passed down.
 *
 * @module
 */
import type { Clock } from "./clock.ts";
import type { Embedder } from "./embed/embedder.ts";
import { isHelixError } from "./errors.ts";
import { visibleScopes } from "./model/scope.ts";
import type { OpLog } from "./ops/log.ts";
import type { StrandMeta } from "./store/meta.ts";
import type { Store } from "./store/store.ts";
import type { KeywordIndex } from "./store/keyword.ts";
import type { VectorIndex } from "./store/vector_index.ts";
import type { LlmExtractor } from "./llm/extractor.ts";
import type { ImportanceCache } from "./extract/importance.ts";
import type { FileProbe } from "./extract/anchors.ts";

/** When writes and searches wait for the embedding model. */
export type EmbedPolicy =
  /** Wait for the model to load (a machine without it fails fast and goes on without vectors). */
  | "wait"
  /** Use the model only once it is loaded; meanwhile store without vectors (backfilled later). */
  | "if-ready";

/** Shared state of an open engine. */
export interface Runtime {
  readonly store: Store;
  readonly log: OpLog;
  readonly index: VectorIndex;
  readonly keywords: KeywordIndex;
  readonly clock: Clock;
  readonly meta: StrandMeta;
  readonly path: string;
  /** The model vectors are written and searched with; null while re-embedding. */
  readonly embedder: Embedder | null;
  /** The model the strand is being re-embedded with (see `lifecycle/reembed.ts`), if any. */
  readonly reembedder: Embedder | null;
  readonly embedPolicy: EmbedPolicy;
  /** Project scope of the reader/writer (`project:<id>`), if known. */
  readonly project: string | null;
  /** Session scope of the reader/writer (`session:<id>`), if known. */
  readonly session: string | null;
  /** The optional LLM upgrade of extraction and consolidation. */
  readonly llm: LlmExtractor | null;
  /** Heuristic importance ratings, cached by content and type. */
  readonly importance: ImportanceCache;
  /** The project's files, for code-anchored memories; null when the caller gives none. */
  readonly files: FileProbe | null;
}

/** Scopes a reader sees when it names none: its project and session, plus global. */
export function contextScopes(rt: Runtime): string[] {
  return [rt.project, rt.session].filter((s): s is string => s !== null);
}

/**
 * The scopes a read covers: the reader's own (see {@linkcode contextScopes}) when it names
 * none, else the named ones or `"all"` — always with global. Throws `invalid_input` for a
 * malformed scope.
 */
export function readScopes(
  rt: Runtime,
  selector: "all" | string | readonly string[] | undefined,
): "all" | string[] {
  if (selector === undefined) return visibleScopes(contextScopes(rt));
  return visibleScopes(typeof selector === "string" && selector !== "all" ? [selector] : selector);
}

/**
 * Embeds documents for storage, or returns null when the model is not available (the
 * memories are then stored without vectors and backfilled later).
 */
export async function embedDocuments(
  rt: Runtime,
  texts: readonly string[],
): Promise<Float32Array[] | null> {
  const { embedder } = rt;
  if (!embedder || texts.length === 0) return null;
  if (rt.embedPolicy === "if-ready" && embedder.status().state !== "ready") {
    void embedder.warmup();
    return null;
  }
  try {
    return await embedder.embed(texts, "document");
  } catch (error) {
    if (isHelixError(error, "embedder_unavailable")) return null;
    throw error;
  }
}

/** Embeds a query, or says why the vector channel cannot run. */
export async function embedQuery(
  rt: Runtime,
  text: string,
): Promise<{ vector: Float32Array } | { unavailable: string }> {
  const { embedder } = rt;
  if (!embedder) {
    return {
      unavailable: rt.reembedder
        ? `re-embedding with ${rt.reembedder.model} (helix reembed)`
        : "no embedding model configured",
    };
  }
  const state = embedder.status();
  if (rt.embedPolicy === "if-ready" && state.state !== "ready") {
    void embedder.warmup();
    return { unavailable: `model ${embedder.model} is ${state.state}` };
  }
  try {
    const [vector] = await embedder.embed([text], "query");
    return vector ? { vector } : { unavailable: "the model returned no vector" };
  } catch (error) {
    if (isHelixError(error, "embedder_unavailable")) return { unavailable: error.message };
    throw error;
  }
}
