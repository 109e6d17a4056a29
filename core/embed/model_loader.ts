/**
 * Loading a model once: lazily on first use, single-flight (concurrent callers share one
 * load), and after a failure failing fast with the same reason for a back-off period before the
 * next call tries again.
 *
 * @module
 */
import { HelixError, isHelixError } from "../errors.ts";
import type { Clock, EmbedderStatus } from "../ports.ts";

type LoadState<T> =
  | { readonly state: "unloaded" }
  | { readonly state: "loading"; readonly promise: Promise<T> }
  | { readonly state: "ready"; readonly model: T }
  | { readonly state: "failed"; readonly error: HelixError; readonly failedAt: number };

/** Options for {@linkcode createModelLoader}. */
export interface ModelLoaderOptions {
  /** Time source for the back-off. */
  readonly clock: Clock;
  /** After a failed load, fail fast with the same reason for this long (ms). */
  readonly retryAfterMs: number;
  /** A failure that is not a `HelixError` as one. */
  readonly wrap: (error: unknown) => HelixError;
}

/** A model loaded on demand; see {@linkcode createModelLoader}. */
export interface ModelLoader<T> {
  /** The model, loading it if needed; rejects with the load's `HelixError`. */
  get(): Promise<T>;
  /** Where the load stands, without side effects. */
  status(): EmbedderStatus;
  /** Forgets the model (waiting for a load under way) and returns it, if there was one. */
  release(): Promise<T | undefined>;
}

/**
 * Creates a loader around `load`.
 *
 * @example Usage
 * ```ts
 * import { createModelLoader } from "./model_loader.ts";
 * import { fixedClock } from "../clock.ts";
 * import { HelixError } from "../errors.ts";
 * import { equal } from "node:assert/strict";
 *
 * let loads = 0;
 * const loader = createModelLoader(() => Promise.resolve(++loads), {
 *   clock: fixedClock(0),
 *   retryAfterMs: 1_000,
 *   wrap: (error) => new HelixError("embedder_unavailable", String(error)),
 * });
 * equal(loader.status().state, "unloaded");
 * await Promise.all([loader.get(), loader.get()]);
 * equal(loads, 1);
 * equal(loader.status().state, "ready");
 * ```
 */
export function createModelLoader<T>(
  load: () => Promise<T>,
  options: ModelLoaderOptions,
): ModelLoader<T> {
  const { clock, retryAfterMs, wrap } = options;
  let current: LoadState<T> = { state: "unloaded" };

  function get(): Promise<T> {
    switch (current.state) {
      case "ready":
        return Promise.resolve(current.model);
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
      (model) => {
        if (current.state === "loading" && current.promise === promise) {
          current = { state: "ready", model };
        }
        return model;
      },
      (error: unknown) => {
        const helixError = isHelixError(error) ? error : wrap(error);
        if (current.state === "loading" && current.promise === promise) {
          current = { state: "failed", error: helixError, failedAt: clock.now() };
        }
        throw helixError;
      },
    );
    current = { state: "loading", promise };
    return promise;
  }

  return {
    get,
    status() {
      if (current.state === "failed") return { state: "failed", error: current.error.message };
      return { state: current.state };
    },
    async release() {
      const state = current;
      current = { state: "unloaded" };
      if (state.state === "ready") return state.model;
      if (state.state === "loading") return await state.promise.catch(() => undefined);
      return undefined;
    },
  };
}
