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
import type { Clock } from "../ports.ts";
import { describeError, HelixError, isHelixError } from "../errors.ts";
import type { Embedder, EmbedderStatus, EmbedKind } from "../ports.ts";

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
  /** Time source for the retry back-off. Default {@linkcode systemClock}. */
  readonly clock?: Clock | undefined;
}

/** The slice of a transformers.js feature-extraction pipeline this module uses. */
interface Extractor {
  (
    texts: string[],
    options: { pooling: TransformersPooling; normalize: boolean },
  ): Promise<{ readonly data: ArrayLike<number>; readonly dims: readonly number[] }>;
  dispose(): Promise<void>;
}

type Transformers = typeof import("@huggingface/transformers");
type TransformersEnv = Transformers["env"];

/** The `env` fields a load sets; saved before and restored after. */
const ENV_KEYS = [
  "allowRemoteModels",
  "allowLocalModels",
  "localModelPath",
  "useFS",
  "useBrowserCache",
  "useFSCache",
  "useCustomCache",
  "cacheDir",
  "remoteHost",
  "remotePathTemplate",
  "fetch",
] as const satisfies readonly (keyof TransformersEnv)[];

type EnvSnapshot = Pick<TransformersEnv, typeof ENV_KEYS[number]>;

function snapshotEnv(env: TransformersEnv): EnvSnapshot {
  return Object.fromEntries(ENV_KEYS.map((key) => [key, env[key]])) as unknown as EnvSnapshot;
}

function restoreEnv(env: TransformersEnv, snapshot: EnvSnapshot): void {
  Object.assign(env, snapshot);
}

/** The transformers.js `env` defaults, captured at first import before any load touched them. */
let pristineEnv: EnvSnapshot | undefined;

/** Tail of the queue that serializes loads (they all mutate the global `env`). */
let envQueue: Promise<unknown> = Promise.resolve();

function withEnvLock<T>(task: () => Promise<T>): Promise<T> {
  const run = envQueue.then(task, task);
  envQueue = run.catch(() => undefined);
  return run;
}

async function importTransformers(): Promise<Transformers> {
  const transformers = await import("@huggingface/transformers");
  pristineEnv ??= snapshotEnv(transformers.env);
  return transformers;
}

function urlOf(input: string | URL | Request): string {
  if (typeof input === "string") return input;
  return input instanceof URL ? input.href : input.url;
}

/** Responses that must not carry a body (the Response constructor rejects one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Wraps `baseFetch` with a deadline: the request is aborted when no response arrives within
 * `timeoutMs`, and the body is aborted when it stalls for `timeoutMs`. Errors name the URL.
 */
export function createDeadlineFetch(baseFetch: typeof fetch, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const url = urlOf(input);
    const controller = new AbortController();
    const outer = init?.signal;
    const forward = () => controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    outer?.addEventListener("abort", forward, { once: true });
    const deadline = `No data from ${url} within ${timeoutMs} ms`;
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const disarm = () => {
      clearTimeout(timer);
      timer = undefined;
      outer?.removeEventListener("abort", forward);
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error(deadline));
      }, timeoutMs);
    };
    const failure = (error: unknown) => timedOut ? new Error(deadline, { cause: error }) : error;

    arm();
    let response: Response;
    try {
      response = await baseFetch(input, { ...init, signal: controller.signal });
    } catch (error) {
      disarm();
      throw failure(error);
    }
    if (response.body === null || NULL_BODY_STATUSES.has(response.status)) {
      disarm();
      return response;
    }
    arm();
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        try {
          const chunk = await reader.read();
          if (chunk.done) {
            disarm();
            stream.close();
          } else {
            arm();
            stream.enqueue(chunk.value);
          }
        } catch (error) {
          disarm();
          stream.error(failure(error));
        }
      },
      async cancel(reason) {
        disarm();
        await reader.cancel(reason);
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
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

type LoadState =
  | { readonly state: "unloaded" }
  | { readonly state: "loading"; readonly promise: Promise<Extractor> }
  | { readonly state: "ready"; readonly extractor: Extractor }
  | { readonly state: "failed"; readonly error: HelixError; readonly failedAt: number };

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

  let current: LoadState = { state: "unloaded" };

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
    const defaults = pristineEnv ?? snapshotEnv(env);
    env.allowRemoteModels = allowRemote;
    env.allowLocalModels = true;
    env.useFS = true;
    env.localModelPath = options.localModelPath ?? defaults.localModelPath;
    // Deno exposes the browser Cache API, which transformers.js would prefer; use files.
    env.useBrowserCache = false;
    env.useCustomCache = false;
    env.useFSCache = true;
    env.cacheDir = options.cacheDir ?? defaults.cacheDir;
    env.remoteHost = options.remoteHost ?? defaults.remoteHost;
    env.remotePathTemplate = defaults.remotePathTemplate;
    const baseFetch = defaults.fetch ?? globalThis.fetch;
    env.fetch = createDeadlineFetch(
      (input, init) => baseFetch(input instanceof Request ? input.url : input, init),
      loadTimeoutMs,
    );
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

  function ensureLoaded(): Promise<Extractor> {
    switch (current.state) {
      case "ready":
        return Promise.resolve(current.extractor);
      case "loading":
        return current.promise;
      case "failed":
        if (clock.now() - current.failedAt < retryAfterMs) {
          const { error } = current;
          return Promise.reject(
            new HelixError(error.code, error.message, {
              cause: error,
              details: error.details ?? {},
            }),
          );
        }
        break;
      case "unloaded":
        break;
    }
    const promise = load().then(
      (extractor) => {
        if (current.state === "loading" && current.promise === promise) {
          current = { state: "ready", extractor };
        }
        return extractor;
      },
      (error: unknown) => {
        const helixError = isHelixError(error) ? error : unavailable(describeError(error), error);
        if (current.state === "loading" && current.promise === promise) {
          current = { state: "failed", error: helixError, failedAt: clock.now() };
        }
        throw helixError;
      },
    );
    current = { state: "loading", promise };
    return promise;
  }

  function status(): EmbedderStatus {
    if (current.state === "failed") return { state: "failed", error: current.error.message };
    return { state: current.state };
  }

  return {
    model,
    dimension,
    status,
    async warmup() {
      try {
        await ensureLoaded();
      } catch {
        // The failure is reported through the status.
      }
      return status();
    },
    async embed(texts: readonly string[], kind: EmbedKind): Promise<Float32Array[]> {
      if (texts.length === 0) return [];
      const extractor = await ensureLoaded();
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
      const state = current;
      current = { state: "unloaded" };
      let extractor: Extractor | undefined;
      if (state.state === "ready") extractor = state.extractor;
      if (state.state === "loading") extractor = await state.promise.catch(() => undefined);
      await extractor?.dispose();
    },
  };
}
