/**
 * When the engine uses the embedding model: documents are embedded for storage only when the
 * model can answer (else stored without vectors and backfilled later), and a query says why
 * the vector channel cannot run instead of failing the search.
 *
 * @module
 */
import { isHelixError } from "../errors.ts";
import type { Embedder } from "../ports.ts";

/** When writes and searches wait for the embedding model. */
export type EmbedPolicy =
  /** Wait for the model to load (a machine without it fails fast and goes on without vectors). */
  | "wait"
  /** Use the model only once it is loaded; meanwhile store without vectors (backfilled later). */
  | "if-ready";

/** The models an open strand embeds with, and when it waits for them. */
export interface Embedding {
  /** The model vectors are written and searched with; null while re-embedding or without one. */
  readonly embedder: Embedder | null;
  /** The model the strand is being re-embedded with, if any. */
  readonly reembedder: Embedder | null;
  /** When writes and searches wait for the model. */
  readonly embedPolicy: EmbedPolicy;
}

/** Documents embedded together in a bulk write. */
export const EMBED_BATCH = 64;

/**
 * Embeds documents for storage, or returns null when the model is not available (the
 * memories are then stored without vectors and backfilled later).
 */
export async function embedDocuments(
  embedding: Pick<Embedding, "embedder" | "embedPolicy">,
  texts: readonly string[],
): Promise<Float32Array[] | null> {
  const { embedder } = embedding;
  if (!embedder || texts.length === 0) return null;
  if (embedding.embedPolicy === "if-ready" && embedder.status().state !== "ready") {
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
  embedding: Embedding,
  text: string,
): Promise<{ vector: Float32Array } | { unavailable: string }> {
  const { embedder } = embedding;
  if (!embedder) {
    return {
      unavailable: embedding.reembedder
        ? `re-embedding with ${embedding.reembedder.model} (helix reembed)`
        : "no embedding model configured",
    };
  }
  const state = embedder.status();
  if (embedding.embedPolicy === "if-ready" && state.state !== "ready") {
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

/**
 * Embeds `contents` in batches of {@linkcode EMBED_BATCH} ahead of a bulk transaction. Where
 * no model is available (none configured, or it failed to load) the rest are `undefined`:
 * they are stored without vectors and backfilled later.
 */
export async function embedBatches(
  embedding: Pick<Embedding, "embedder" | "embedPolicy">,
  contents: readonly string[],
  onEmbedded?: (done: number, total: number) => void,
): Promise<(Float32Array | undefined)[]> {
  const total = contents.length;
  const vectors: (Float32Array | undefined)[] = new Array(total).fill(undefined);
  if (embedding.embedder === null) return vectors;
  for (let start = 0; start < total; start += EMBED_BATCH) {
    const embedded = await embedDocuments(embedding, contents.slice(start, start + EMBED_BATCH));
    if (!embedded) break; // the model is unavailable: store the rest without vectors
    embedded.forEach((vector, offset) => (vectors[start + offset] = vector));
    onEmbedded?.(Math.min(total, start + EMBED_BATCH), total);
  }
  return vectors;
}
