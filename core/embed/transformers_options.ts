/**
 * How the local transformers.js embedder is configured: the model and its vector length,
 * precision, pooling, the query instruction of asymmetric models, where model files come from
 * and are cached, the network deadline while loading, the retry back-off and batching.
 *
 * @module
 */
import type { Clock } from "../ports.ts";

/** Default model: BAAI bge-small-en-v1.5 converted to ONNX (384 dimensions). */
export const DEFAULT_TRANSFORMERS_MODEL = "Xenova/bge-small-en-v1.5";

/** Vector length of {@linkcode DEFAULT_TRANSFORMERS_MODEL}. */
export const DEFAULT_TRANSFORMERS_DIMENSION = 384;

/** The instruction bge v1.5 models expect in front of retrieval queries. */
export const BGE_QUERY_INSTRUCTION = "Represent this sentence for searching relevant passages: ";

/** Weight precisions transformers.js can load (`q8` reads `onnx/model_quantized.onnx`). */
export type TransformersDtype =
  | "auto"
  | "fp32"
  | "fp16"
  | "q8"
  | "int8"
  | "uint8"
  | "q4"
  | "bnb4"
  | "q4f16";

/** How token states become one vector: the first (`[CLS]`) token, or the masked mean. */
export type TransformersPooling = "cls" | "mean";

/** Options for {@linkcode createTransformersEmbedder}; every field is optional. */
export interface TransformersEmbedderOptions {
  /** Model id on the hub (and folder name under `localModelPath`/`cacheDir`). Default bge-small-en-v1.5. */
  readonly model?: string | undefined;
  /** Expected vector length; the model's output is checked against it. Default 384. */
  readonly dimension?: number | undefined;
  /** Weight precision. Default `"q8"`. */
  readonly dtype?: TransformersDtype | undefined;
  /** Pooling. Default `"cls"` (what bge models are trained for). */
  readonly pooling?: TransformersPooling | undefined;
  /**
   * L2-normalize vectors. Default true. Turning this off breaks the {@linkcode Embedder}
   * contract (unit-length vectors) and is only meant for diagnostics.
   */
  readonly normalize?: boolean | undefined;
  /** Prepended to query texts only; `""` disables. Default {@linkcode BGE_QUERY_INSTRUCTION}. */
  readonly queryInstruction?: string | undefined;
  /**
   * Where downloaded model files are cached (as `<cacheDir>/<model>/<file>`). The caller
   * passes the user's cache directory; without it transformers.js's default (inside its own
   * package folder) is used.
   */
  readonly cacheDir?: string | undefined;
  /** A folder holding `<model>/config.json`, `<model>/onnx/...` etc., checked before the cache. */
  readonly localModelPath?: string | undefined;
  /** Allow downloading missing files. Default true. */
  readonly allowRemote?: boolean | undefined;
  /** Base URL files are downloaded from (default the Hugging Face hub); for mirrors and tests. */
  readonly remoteHost?: string | undefined;
  /**
   * Network deadline in ms during loading, default 10 000: a request is aborted when no
   * response headers arrive within it, or when a response body then stalls (no bytes)
   * for that long. A slow but progressing download is not cut off.
   */
  readonly loadTimeoutMs?: number | undefined;
  /** After a failed load, fail fast with the same reason for this long (ms). Default 60 000. */
  readonly retryAfterMs?: number | undefined;
  /** Texts per inference call. Default 32. */
  readonly batchSize?: number | undefined;
  /** Time source for the retry back-off. Default the system clock. */
  readonly clock?: Clock | undefined;
}
