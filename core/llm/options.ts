/**
 * How the LLM extractor is configured: the endpoint, the model, the monthly budget, deadlines,
 * retries and batching, and what it is given from outside (fetch, the time, a sleep, the
 * ledger). {@linkcode resolveLlmOptions} applies the defaults and checks the values.
 *
 * @module
 */
import type { LlmLedger } from "./ledger.ts";

/**
 * The chat model Helix may call: endpoint, model, monthly budget, deadlines, retries and
 * batching (`OpenEngineOptions.llm`, and what `llmFromConfig` resolves).
 */
export interface LlmOptions {
  /** API base URL, e.g. `"http://localhost:11434/v1"`; `/chat/completions` is appended. */
  readonly baseUrl: string;
  /** Chat model name. */
  readonly model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when set and not empty. */
  readonly apiKey?: string | undefined;
  /** Tokens this device may spend per calendar month (UTC); 0 means never call the model. */
  readonly monthlyTokenBudget: number;
  /** Deadline per request in ms, including reading the answer. @default {20000} */
  readonly timeoutMs?: number | undefined;
  /** Retries of a 429 or 5xx answer, honouring `Retry-After` (5 s of waiting per call at most). @default {2} */
  readonly maxRetries?: number | undefined;
  /** Slices per extraction request. @default {8} */
  readonly batchSize?: number | undefined;
  /** Fetch implementation. @default {globalThis.fetch} */
  readonly fetch?: typeof fetch | undefined;
  /** Waits `ms` before a retry. @default {setTimeout} */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** Options for `createLlmExtractor`: {@linkcode LlmOptions} and what the engine supplies. */
export interface LlmExtractorOptions extends LlmOptions {
  /** Current time in epoch ms: the budget month and cache timestamps. @default {Date.now} */
  readonly now?: (() => number) | undefined;
  /** Response cache and monthly spend (`createSqliteLedger(db)` for a strand). */
  readonly ledger: LlmLedger;
}

/** {@linkcode LlmExtractorOptions} with every default applied. */
export interface ResolvedLlmOptions {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey: string | undefined;
  readonly budget: number;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly batchSize: number;
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly sleep: ((ms: number) => Promise<void>) | undefined;
  readonly ledger: LlmLedger;
}

/**
 * The options with their defaults; a TypeError or RangeError for an empty model, a negative
 * budget, a deadline that is not positive, or retries and batch sizes that are not whole.
 *
 * @example Usage
 * ```ts
 * import { resolveLlmOptions } from "./options.ts";
 * import { createMemoryLedger } from "./ledger.ts";
 * import { equal, throws } from "node:assert/strict";
 *
 * const base = { baseUrl: "http://localhost:11434/v1", model: "m", ledger: createMemoryLedger() };
 * equal(resolveLlmOptions({ ...base, monthlyTokenBudget: 10 }).batchSize, 8);
 * throws(() => resolveLlmOptions({ ...base, monthlyTokenBudget: -1 }), RangeError);
 * ```
 */
export function resolveLlmOptions(options: LlmExtractorOptions): ResolvedLlmOptions {
  const { model, monthlyTokenBudget: budget } = options;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxRetries = options.maxRetries ?? 2;
  const batchSize = options.batchSize ?? 8;
  if (typeof model !== "string" || model.trim() === "") {
    throw new TypeError("model must be a non-empty string");
  }
  if (!(budget >= 0)) {
    throw new RangeError(`monthlyTokenBudget must be >= 0, got ${budget}`);
  }
  if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be positive, got ${timeoutMs}`);
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new RangeError(`maxRetries must be an integer >= 0, got ${maxRetries}`);
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  }
  return {
    baseUrl: options.baseUrl,
    model,
    apiKey: options.apiKey,
    budget,
    timeoutMs,
    maxRetries,
    batchSize,
    fetch: options.fetch ?? globalThis.fetch,
    now: options.now ?? (() => Date.now()),
    sleep: options.sleep,
    ledger: options.ledger,
  };
}
