/**
 * The embedding seam: what the engine needs from any model that turns text into vectors.
 *
 * Adapters: `transformers.ts` (local ONNX model via transformers.js, the default) and
 * `openai.ts` (any OpenAI-compatible `/embeddings` endpoint). The engine pins `model` and
 * `dimension` in the strand and refuses to mix vectors from different models.
 *
 * @module
 */

/** Queries and documents are embedded differently by asymmetric models (bge adds an instruction to queries). */
export type EmbedKind = "query" | "document";

/** Where an embedder's model stands. */
export type EmbedderState = "unloaded" | "loading" | "ready" | "failed";

/** Load state plus, when failed, why. */
export interface EmbedderStatus {
  /** Current state. */
  readonly state: EmbedderState;
  /** Human-readable reason for a failure, with the secret parts left out. */
  readonly error?: string;
}

/** Turns text into unit-length vectors of a fixed dimension. */
export interface Embedder {
  /** Stable model id pinned in the strand, e.g. `"Xenova/bge-small-en-v1.5"`. */
  readonly model: string;
  /** Vector length every call returns. */
  readonly dimension: number;
  /**
   * Embeds `texts` (one vector per text, same order), each L2-normalized.
   * Throws `HelixError("embedder_unavailable")` when the model cannot be loaded or reached.
   */
  embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]>;
  /** Current load state, without side effects. */
  status(): EmbedderStatus;
  /** Starts loading if not yet loaded (idempotent). Resolves with the resulting status; never rejects. */
  warmup(): Promise<EmbedderStatus>;
  /** Releases model resources. Optional. */
  close?(): Promise<void>;
}
