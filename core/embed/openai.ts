/**
 * An {@linkcode Embedder} backed by any OpenAI-compatible `POST /embeddings` endpoint
 * (OpenAI, Azure-style gateways, Ollama, LM Studio, vLLM, ...).
 *
 * This module owns the request format, batching, the per-request deadline, validation of
 * the response (by hand, no schema library), re-ordering by `index`, normalization, and the
 * mapping of every failure to a `HelixError` whose message and details never contain the
 * API key.
 *
 * @module
 */

import { describeError, HelixError } from "../errors.ts";
import type { Embedder, EmbedderStatus, EmbedKind } from "../ports.ts";
import { parseEmbeddings } from "./openai_response.ts";

/** Options for {@linkcode createOpenAIEmbedder}. */
export interface OpenAIEmbedderOptions {
  /** API base URL, e.g. `"https://api.openai.com/v1"`; `/embeddings` is appended. */
  readonly baseUrl: string;
  /** Model name sent with each request and pinned in the strand. */
  readonly model: string;
  /** Vector length every response must have. */
  readonly dimension: number;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  readonly apiKey?: string | undefined;
  /** Deadline per request in ms, including reading the body. Default 15 000. */
  readonly timeoutMs?: number | undefined;
  /** Texts per request. Default 64. */
  readonly batchSize?: number | undefined;
  /** Send `dimensions: <dimension>` (for models that can shorten their output). Default false. */
  readonly sendDimensions?: boolean | undefined;
  /** Fetch implementation. Default the global `fetch`. */
  readonly fetch?: typeof fetch | undefined;
  /** Extra request headers (e.g. an organization id). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** Longest slice of an error response body kept in error details. */
const MAX_ERROR_BODY_CHARS = 500;

const READY: EmbedderStatus = Object.freeze({ state: "ready" });

/**
 * Creates an embedder that calls `${baseUrl}/embeddings`. It has no load step: `status()`
 * is always `ready`, and reachability shows on the first `embed()`.
 *
 * Failures (network errors, timeouts, HTTP errors, malformed responses) are
 * `HelixError("embedder_unavailable")`; vectors of the wrong length are
 * `HelixError("embedding_mismatch")`.
 *
 * @example Usage
 * ```ts ignore
 * const embedder = createOpenAIEmbedder({
 *   baseUrl: "https://api.openai.com/v1",
 *   model: "text-embedding-3-small",
 *   dimension: 1536,
 *   apiKey: key,
 * });
 * const [vector] = await embedder.embed(["deploy with pnpm"], "document");
 * ```
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const { model, dimension, apiKey } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const batchSize = options.batchSize ?? 64;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (!Number.isInteger(dimension) || dimension < 1) {
    throw new RangeError(`dimension must be a positive integer, got ${dimension}`);
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  }
  if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be positive, got ${timeoutMs}`);
  const url = `${options.baseUrl.replace(/\/+$/, "")}/embeddings`;

  /**
   * Removes the API key from text that may echo it (server error bodies, fetch errors). Keys
   * shorter than 6 characters (test placeholders) are left alone, since replacing them
   * would garble ordinary words.
   */
  const redact = (text: string) =>
    apiKey !== undefined && apiKey.length >= 6 ? text.replaceAll(apiKey, "[redacted]") : text;

  const unavailable = (reason: string, details: Record<string, unknown> = {}, cause?: unknown) =>
    new HelixError(
      "embedder_unavailable",
      redact(`Cannot embed with model ${model} at ${url}: ${reason}`),
      { details: { model, url, ...details }, ...(cause === undefined ? {} : { cause }) },
    );

  const headers = new Headers(options.headers);
  headers.set("content-type", "application/json");
  headers.set("accept", "application/json");
  if (apiKey !== undefined && apiKey !== "") headers.set("authorization", `Bearer ${apiKey}`);

  async function request(input: string[]): Promise<number[][]> {
    const body: Record<string, unknown> = { model, input };
    if (options.sendDimensions) body.dimensions = dimension;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`no response within ${timeoutMs} ms`)),
      timeoutMs,
    );
    let status: number | undefined;
    try {
      const response = await fetchImpl(url, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      status = response.status;
      const text = await response.text();
      if (!response.ok) {
        const retryAfter = response.headers.get("retry-after");
        throw unavailable(
          `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
          {
            status: response.status,
            body: redact(text.slice(0, MAX_ERROR_BODY_CHARS)),
            ...(retryAfter === null ? {} : { retryAfter }),
          },
        );
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw unavailable(`HTTP ${status} response is not valid JSON`, {
          status,
          body: redact(text.slice(0, MAX_ERROR_BODY_CHARS)),
        });
      }
      const embeddings = parseEmbeddings(parsed, input.length);
      if (typeof embeddings === "string") throw unavailable(embeddings, { status });
      return embeddings;
    } catch (error) {
      if (error instanceof HelixError) throw error;
      const reason = controller.signal.aborted
        ? `no response within ${timeoutMs} ms`
        : redact(describeError(error));
      throw unavailable(reason, status === undefined ? {} : { status }, error);
    } finally {
      clearTimeout(timer);
    }
  }

  function toUnitVector(embedding: number[]): Float32Array {
    if (embedding.length !== dimension) {
      throw new HelixError(
        "embedding_mismatch",
        `Cannot use embedding model ${model}: it returned ${embedding.length}-dimensional vectors, but ${dimension} are configured`,
        { details: { model, expected: dimension, actual: embedding.length } },
      );
    }
    let sum = 0;
    for (const value of embedding) sum += value * value;
    const norm = Math.sqrt(sum);
    if (norm === 0) throw unavailable("response contains an all-zero embedding");
    return Float32Array.from(embedding, (value) => value / norm);
  }

  return {
    model,
    dimension,
    status: () => READY,
    warmup: () => Promise.resolve(READY),
    async embed(texts: readonly string[], _kind: EmbedKind): Promise<Float32Array[]> {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const embeddings = await request(texts.slice(start, start + batchSize));
        for (const embedding of embeddings) vectors.push(toUnitVector(embedding));
      }
      return vectors;
    },
  };
}
