/**
 * The extractor's one way to the model: requests go out one at a time, each only if the
 * month's budget allows (so the total never passes the budget by more than one request), every
 * token spent is charged to the ledger, answers are cached under a SHA-256 of the model, the
 * prompt version and the canonical input, and every failure is recorded rather than thrown.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import { createChatClient, type WaitAllowance } from "./chat.ts";
import type { ChatRequest } from "./chat_request.ts";
import { usageMonth } from "./ledger.ts";
import type { ResolvedLlmOptions } from "./options.ts";
import { parseJsonAnswer } from "./parse.ts";
import { PROMPT_VERSION } from "./prompts.ts";

/** Counters since the extractor was created. */
export interface LlmStats {
  /** HTTP requests sent to the model, retries included. */
  readonly calls: number;
  /** Inputs, items or decisions answered from the cache. */
  readonly cacheHits: number;
  /** Tokens charged to the budget. */
  readonly tokens: number;
  /** Inputs, items or decisions returned as `null` (use the deterministic result). */
  readonly fallbacks: number;
}

/** Answer of one model request: the parsed JSON and the tokens it cost. */
export interface Reply {
  readonly answer: unknown;
  readonly tokens: number;
}

/** Longest total wait for `Retry-After`/backoff within one extractor call. */
export const MAX_RETRY_WAIT_MS = 5_000;

/** The budgeted, cached, serialized way to the model; see the module doc. */
export interface Channel {
  /** Sends one request if the month's budget allows; undefined when there is no usable JSON. */
  ask(request: ChatRequest, allowance: WaitAllowance): Promise<Reply | undefined>;
  /** The cache key of `input` for `task`. */
  cacheKey(task: string, input: unknown): string;
  /** The cached answer under `key`, checked by `parse`; undefined on a miss or a bad entry (a hit is counted). */
  cached<T>(key: string, parse: (raw: unknown) => T | null): T | undefined;
  /** Caches `value` (JSON) under `key`, with the tokens it cost. */
  remember(key: string, value: string, tokens: number): void;
  /** Records why the last fallback happened. */
  fail(error: HelixError): void;
  /** An `embedder_unavailable` error for an answer that cannot be used. */
  unusable(what: string): HelixError;
  /** `results`, counting their nulls as fallbacks; `error`, when given, is the last failure. */
  settle<T>(results: (T | null)[], error?: unknown): (T | null)[];
  /** A snapshot of the counters. */
  readonly stats: LlmStats;
  /** Why the last fallback happened; never contains the API key or the prompt. */
  readonly lastFailure: HelixError | undefined;
}

/** Creates the channel over a chat client for `options`. */
export function createChannel(options: ResolvedLlmOptions): Channel {
  const { model, ledger, budget, now } = options;
  const client = createChatClient({
    baseUrl: options.baseUrl,
    model,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    fetch: options.fetch,
    now,
    sleep: options.sleep,
  });
  const stats = { calls: 0, cacheHits: 0, tokens: 0, fallbacks: 0 };
  let lastFailure: HelixError | undefined;
  const unusable = (what: string) =>
    new HelixError("embedder_unavailable", `Cannot use model ${model}'s answer: ${what}`, {
      details: { model },
    });

  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => {});
    return run;
  }

  function ask(request: ChatRequest, allowance: WaitAllowance): Promise<Reply | undefined> {
    return exclusive(async () => {
      const month = usageMonth(now());
      const spent = ledger.spent(month);
      if (budget <= 0 || spent >= budget) {
        lastFailure = new HelixError(
          "quota_exceeded",
          budget <= 0
            ? "Cannot ask the model: the monthly token budget is 0"
            : `Cannot ask the model: ${spent} of ${budget} tokens are spent for ${month}`,
          { details: { model, month, spent, budget } },
        );
        return undefined;
      }
      const before = client.requests;
      const outcome = await client.complete(request, allowance);
      stats.calls += client.requests - before;
      if (outcome.tokens > 0) {
        ledger.spend(month, outcome.tokens);
        stats.tokens += outcome.tokens;
      }
      if (!outcome.ok) {
        lastFailure = outcome.error;
        return undefined;
      }
      const answer = parseJsonAnswer(outcome.content);
      if (answer === undefined) {
        lastFailure = unusable("it is not JSON");
        return undefined;
      }
      return { answer, tokens: outcome.tokens };
    });
  }

  return {
    ask,
    cacheKey: (task, input) =>
      sha256Hex(canonicalJson({ model, version: PROMPT_VERSION, task, input })),
    cached(key, parse) {
      const value = ledger.get(key);
      if (value === undefined) return undefined;
      const raw = parseJsonAnswer(value);
      const result = raw === undefined ? null : parse(raw);
      if (result === null) return undefined;
      stats.cacheHits++;
      return result;
    },
    remember: (key, value, tokens) => ledger.put(key, value, tokens, now()),
    fail(error) {
      lastFailure = error;
    },
    unusable,
    settle(results, error) {
      if (error !== undefined) {
        lastFailure = error instanceof HelixError ? error : unusable(String(error));
      }
      stats.fallbacks += results.filter((result) => result === null).length;
      return results;
    },
    get stats() {
      return { ...stats };
    },
    get lastFailure() {
      return lastFailure;
    },
  };
}
