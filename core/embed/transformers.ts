/**
 * The default, local {@linkcode Embedder}: an ONNX model run in-process by
 * `@huggingface/transformers` (transformers.js) on onnxruntime-node.
 *
 * This module owns model loading (lazy, single-flight, with a retry back-off after
 * failures), the network deadline for downloads, query instructions for asymmetric models,
 * pooling, batching and normalization. transformers.js is imported dynamically on first
 * load, so importing Helix core does not load onnxruntime.
 *
 * Caveat: transformers.js keeps its configuration in a module-global `env` object. Loads
 * from every embedder in this process are serialized; each one sets the `env` fields it
 * needs right before creating its pipeline and restores the previous values afterwards.
 * Code elsewhere in the process that uses transformers.js concurrently with a load may
 * observe these temporary settings.
 *
 * @module
 */

import { systemClock } from "../clock.ts";
import { describeError, HelixError } from "../errors.ts";
import type { Embedder, EmbedKind } from "../ports.ts";
import { createModelLoader } from "./model_loader.ts";
import {
  configureEnv,
  importTransformers,
  restoreEnv,
  snapshotEnv,
  type Transformers,
  withEnvLock,
} from "./transformers_env.ts";
import {
  BGE_QUERY_INSTRUCTION,
  DEFAULT_TRANSFORMERS_DIMENSION,
  DEFAULT_TRANSFORMERS_MODEL,
  type TransformersEmbedderOptions,
  type TransformersPooling,
} from "./transformers_options.ts";

/** The slice of a transformers.js feature-extraction pipeline this module uses. */
interface Extractor {
  (
    texts: string[],
    options: { pooling: TransformersPooling; normalize: boolean },
  ): Promise<{ readonly data: ArrayLike<number>; readonly dims: readonly number[] }>;
  dispose(): Promise<void>;
}

function checkPositive(name: string, value: number, integer: boolean): void {
  if (!(value > 0) || (integer && !Number.isInteger(value))) {
    throw new RangeError(
      `${name} must be a positive ${integer ? "integer" : "number"}, got ${value}`,
    );
  }
}

function l2Normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) {
    for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! / norm;
  }
  return vector;
}

/**
 * Creates the local transformers.js embedder. Nothing is loaded until the first
 * `embed()` or `warmup()`; concurrent callers share one load.
 *
 * Failures to load are `HelixError("embedder_unavailable")` (or `"embedding_mismatch"` when
 * the model's vector length is not `dimension`); for `retryAfterMs` after a failure every
 * call fails immediately with the same reason, then the next call tries again.
 *
 * @example Usage
 * ```ts ignore
 * const embedder = createTransformersEmbedder({ cacheDir: "/home/me/.cache/helix/models" });
 * const [vector] = await embedder.embed(["deploy with pnpm"], "document");
 * ```
 */
export function createTransformersEmbedder(options: TransformersEmbedderOptions = {}): Embedder {
  const model = options.model ?? DEFAULT_TRANSFORMERS_MODEL;
  const dimension = options.dimension ?? DEFAULT_TRANSFORMERS_DIMENSION;
  const dtype = options.dtype ?? "q8";
  const pooling = options.pooling ?? "cls";
  const normalize = options.normalize ?? true;
  const queryInstruction = options.queryInstruction ?? BGE_QUERY_INSTRUCTION;
  const allowRemote = options.allowRemote ?? true;
  const loadTimeoutMs = options.loadTimeoutMs ?? 10_000;
  const retryAfterMs = options.retryAfterMs ?? 60_000;
  const batchSize = options.batchSize ?? 32;
  const clock = options.clock ?? systemClock;
  checkPositive("dimension", dimension, true);
  checkPositive("loadTimeoutMs", loadTimeoutMs, false);
  checkPositive("batchSize", batchSize, true);
  if (!(retryAfterMs >= 0)) throw new RangeError(`retryAfterMs must be >= 0, got ${retryAfterMs}`);

  const unavailable = (reason: string, cause?: unknown) =>
    new HelixError("embedder_unavailable", `Cannot load embedding model ${model}: ${reason}`, {
      cause,
      details: { model },
    });

  const mismatch = (actual: number) =>
    new HelixError(
      "embedding_mismatch",
      `Cannot use embedding model ${model}: it produces ${actual}-dimensional vectors, but ${dimension} are configured`,
      { details: { model, expected: dimension, actual } },
    );

  async function createPipeline(transformers: Transformers): Promise<Extractor> {
    const { env } = transformers;
    configureEnv(env, {
      allowRemote,
      localModelPath: options.localModelPath,
      cacheDir: options.cacheDir,
      remoteHost: options.remoteHost,
      loadTimeoutMs,
    });
    const pipe = await transformers.pipeline("feature-extraction", model, {
      dtype,
      local_files_only: !allowRemote,
      ...(env.cacheDir === null ? {} : { cache_dir: env.cacheDir }),
    });
    return pipe as unknown as Extractor;
  }

  async function load(): Promise<Extractor> {
    let transformers: Transformers;
    try {
      transformers = await importTransformers();
    } catch (error) {
      throw unavailable(`transformers.js failed to import: ${describeError(error)}`, error);
    }
    const extractor = await withEnvLock(async () => {
      const saved = snapshotEnv(transformers.env);
      try {
        return await createPipeline(transformers);
      } catch (error) {
        throw unavailable(describeError(error), error);
      } finally {
        restoreEnv(transformers.env, saved);
      }
    });
    const hiddenSize = (extractor as { model?: { config?: { hidden_size?: unknown } } }).model
      ?.config?.hidden_size;
    if (typeof hiddenSize === "number" && hiddenSize !== dimension) {
      await extractor.dispose().catch(() => undefined);
      throw mismatch(hiddenSize);
    }
    return extractor;
  }

  const loader = createModelLoader(load, {
    clock,
    retryAfterMs,
    wrap: (error) => unavailable(describeError(error), error),
  });

  return {
    model,
    dimension,
    status: loader.status,
    async warmup() {
      try {
        await loader.get();
      } catch {
        // The failure is reported through the status.
      }
      return loader.status();
    },
    async embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]> {
      if (texts.length === 0) return [];
      const extractor = await loader.get();
      const prefix = kind === "query" ? queryInstruction : "";
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize).map((text) => prefix + text);
        let output: Awaited<ReturnType<Extractor>>;
        try {
          output = await extractor(batch, { pooling, normalize: false });
        } catch (error) {
          throw new HelixError(
            "embedder_unavailable",
            `Cannot embed with model ${model}: ${describeError(error)}`,
            { cause: error, details: { model } },
          );
        }
        const [rows, width] = output.dims;
        if (output.dims.length !== 2 || rows !== batch.length || width === undefined) {
          throw new HelixError(
            "embedder_unavailable",
            `Cannot embed with model ${model}: unexpected output shape [${output.dims.join(", ")}]`,
            { details: { model } },
          );
        }
        if (width !== dimension) throw mismatch(width);
        for (let row = 0; row < rows; row++) {
          const vector = Float32Array.from(
            { length: width },
            (_, column) => output.data[row * width + column]!,
          );
          vectors.push(normalize ? l2Normalize(vector) : vector);
        }
      }
      return vectors;
    },
    async close() {
      await (await loader.release())?.dispose();
    },
  };
}
