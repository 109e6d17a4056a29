/**
 * The optional LLM extractor: when the user configures an OpenAI-compatible endpoint
 * (OpenAI, Ollama, LM Studio, vLLM, ...), it upgrades extraction, importance and the grey-band
 * consolidation decision of the write path (DESIGN §6).
 *
 * It never throws to its caller and never blocks a write for long. Every answer is checked
 * (`llm_parse.ts`); anything that fails, from an exhausted budget to a hung server or an
 * answer that does not match the schema, comes back as `null`, which the caller reads as
 * "use the deterministic result". Answers are cached in the ledger under a SHA-256 of the
 * model, the prompt version and the canonical inputs, and every token spent is added to the
 * month's total before the next request is allowed.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import type {
  ActiveMemory,
  Adjudication,
  Candidate,
  ExtractionInput,
  TypedContent,
} from "../model/candidate.ts";
import type { Statement, SynthesisKind } from "../model/synthesis.ts";
import type { Llm } from "../ports.ts";
import { type ChatRequest, createChatClient, type WaitAllowance } from "./chat.ts";
import { type LlmLedger, usageMonth } from "./ledger.ts";
import {
  parseAdjudication,
  parseImportance,
  parseJsonAnswer,
  parseRatings,
  parseSynthesis,
  splitExtraction,
  toCandidates,
} from "./parse.ts";
import {
  ADJUDICATION_SCHEMA,
  ADJUDICATION_SYSTEM,
  adjudicationMessage,
  EXTRACTION_SCHEMA,
  EXTRACTION_SYSTEM,
  extractionMessage,
  type ExtractionPayload,
  extractionPayload,
  MAX_ADJUDICATION_EXISTING,
  PROMPT_VERSION,
  RATING_SCHEMA,
  RATING_SYSTEM,
  ratingMessage,
  SYNTHESIS_SCHEMA,
  SYNTHESIS_SYSTEM,
  synthesisMessage,
} from "./prompts.ts";

export { createMemoryLedger, createSqliteLedger, type LlmLedger } from "./ledger.ts";
export type { Adjudication, TypedContent } from "../model/candidate.ts";
export type { Statement, SynthesisKind } from "../model/synthesis.ts";

/** Options for {@linkcode createLlmExtractor}. */
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
  /** Current time in epoch ms: the budget month and cache timestamps. @default {Date.now} */
  readonly now?: (() => number) | undefined;
  /** Response cache and monthly spend (`createSqliteLedger(db)` for a strand). */
  readonly ledger: LlmLedger;
}

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

/**
 * The {@linkcode Llm} port over an OpenAI-compatible endpoint, with its counters; see
 * {@linkcode createLlmExtractor}.
 */
export interface LlmExtractor extends Llm {
  /** A snapshot of the counters. */
  readonly stats: LlmStats;
  /**
   * Why the last fallback happened: `quota_exceeded` when the budget is spent (or 0),
   * `embedder_unavailable` when the endpoint failed or answered unusably. Never contains the
   * API key or the prompt.
   */
  readonly lastFailure: HelixError | undefined;
}

/** Longest total wait for `Retry-After`/backoff within one extractor call. */
const MAX_RETRY_WAIT_MS = 5_000;
/** Items per importance request (they are short). */
const RATING_BATCH = 32;

/**
 * One kind of batched request: how an input becomes its cache-keyed payload, how a batch of
 * payloads becomes a request, and how the answer (or a cached entry) becomes results.
 */
interface BatchTask<I, P, R> {
  readonly name: string;
  readonly batchSize: number;
  payload(input: I): P;
  fromCache(raw: unknown, payload: P): R | null;
  request(payloads: readonly P[]): ChatRequest;
  /** Per payload, the result and what to cache for it, or null when it does not check out. */
  read(answer: unknown, payloads: readonly P[]): ({ result: R; cache: unknown } | null)[];
}

const activeIds = (payload: ExtractionPayload) =>
  new Set(payload.active.map((memory) => memory.id));

/** Answer of one model request: the parsed JSON and the tokens it cost. */
interface Reply {
  readonly answer: unknown;
  readonly tokens: number;
}

/**
 * Creates the LLM extractor. Requests go out one at a time, so the budget check before each
 * one sees every token already spent: the month's total never passes the budget by more than
 * one request.
 *
 * @example Usage
 * ```ts
 * import { createLlmExtractor } from "./extractor.ts";
 * import { createMemoryLedger } from "./ledger.ts";
 * import { equal } from "node:assert/strict";
 *
 * const answer = {
 *   results: [{
 *     index: 0,
 *     memories: [{
 *       type: "preference", content: "The user prefers pnpm over npm.", entities: ["pnpm", "npm"],
 *       relations: [], confidence: 0.9, importance: 6, eventAt: null, eventEnd: null,
 *       eventPhrase: null, steps: null, triggers: null, link: null,
 *     }],
 *   }],
 * };
 * const extractor = createLlmExtractor({
 *   baseUrl: "http://localhost:11434/v1",
 *   model: "llama3.2",
 *   monthlyTokenBudget: 100_000,
 *   ledger: createMemoryLedger(),
 *   fetch: () =>
 *     Promise.resolve(Response.json({
 *       choices: [{ message: { role: "assistant", content: JSON.stringify(answer) } }],
 *       usage: { prompt_tokens: 300, completion_tokens: 60 },
 *     })),
 * });
 * const input = { text: "always use pnpm, never npm", context: { now: Date.UTC(2026, 10, 22) } };
 * const [candidates] = await extractor.extract([input]);
 * equal(candidates?.[0]?.type, "preference");
 * await extractor.extract([input]); // answered from the cache
 * equal(extractor.stats.calls, 1);
 * equal(extractor.stats.tokens, 360);
 * ```
 */
export function createLlmExtractor(options: LlmOptions): LlmExtractor {
  const { model, ledger, monthlyTokenBudget: budget } = options;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxRetries = options.maxRetries ?? 2;
  const batchSize = options.batchSize ?? 8;
  const now = options.now ?? (() => Date.now());
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
  const client = createChatClient({
    baseUrl: options.baseUrl,
    model,
    apiKey: options.apiKey,
    timeoutMs,
    maxRetries,
    fetch: options.fetch ?? globalThis.fetch,
    now,
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

  /** Sends one request if the month's budget allows; undefined when there is no usable JSON. */
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

  const cacheKey = (task: string, input: unknown) =>
    sha256Hex(canonicalJson({ model, version: PROMPT_VERSION, task, input }));

  /** The cached answer under `key`, checked by `parse`; undefined on a miss or a bad entry. */
  function cached<T>(key: string, parse: (raw: unknown) => T | null): T | undefined {
    const value = ledger.get(key);
    if (value === undefined) return undefined;
    const raw = parseJsonAnswer(value);
    const result = raw === undefined ? null : parse(raw);
    return result === null ? undefined : result;
  }

  function settle<T>(results: (T | null)[], error?: unknown): (T | null)[] {
    if (error !== undefined) {
      lastFailure = error instanceof HelixError ? error : unusable(String(error));
    }
    stats.fallbacks += results.filter((result) => result === null).length;
    return results;
  }

  /**
   * Answers `inputs` from the cache where it can and asks for the rest in batches of
   * `task.batchSize`; identical inputs are asked once.
   */
  async function batched<I, P, R>(
    task: BatchTask<I, P, R>,
    inputs: readonly I[],
  ): Promise<(R | null)[]> {
    const results: (R | null)[] = new Array(inputs.length).fill(null);
    try {
      const allowance = { remainingMs: MAX_RETRY_WAIT_MS };
      const pending = new Map<string, { payload: P; positions: number[] }>();
      for (const [position, input] of inputs.entries()) {
        const payload = task.payload(input);
        const key = cacheKey(task.name, payload);
        const waiting = pending.get(key);
        if (waiting) {
          waiting.positions.push(position);
          continue;
        }
        const hit = cached(key, (raw) => task.fromCache(raw, payload));
        if (hit !== undefined) {
          results[position] = hit;
          stats.cacheHits++;
        } else {
          pending.set(key, { payload, positions: [position] });
        }
      }
      const groups = [...pending];
      for (let start = 0; start < groups.length; start += task.batchSize) {
        const batch = groups.slice(start, start + task.batchSize);
        const payloads = batch.map(([, entry]) => entry.payload);
        const reply = await ask(task.request(payloads), allowance);
        if (reply === undefined) continue;
        const share = Math.ceil(reply.tokens / batch.length);
        for (const [index, read] of task.read(reply.answer, payloads).entries()) {
          const [key, entry] = batch[index]!;
          if (read === null) {
            lastFailure = unusable(`${task.name} result ${index} does not match the schema`);
            continue;
          }
          ledger.put(key, JSON.stringify(read.cache), share, now());
          for (const position of entry.positions) results[position] = read.result;
        }
      }
    } catch (error) {
      return settle(results, error);
    }
    return settle(results);
  }

  const extraction: BatchTask<ExtractionInput, ExtractionPayload, Candidate[]> = {
    name: "extract",
    batchSize,
    payload: extractionPayload,
    fromCache: (raw, payload) => toCandidates(raw, activeIds(payload)),
    request: (payloads) => ({
      system: EXTRACTION_SYSTEM,
      user: extractionMessage(payloads),
      schemaName: "helix_extraction",
      schema: EXTRACTION_SCHEMA,
    }),
    read: (answer, payloads) =>
      splitExtraction(answer, payloads.length).map((raw, index) => {
        const result = toCandidates(raw, activeIds(payloads[index]!));
        return result === null ? null : { result, cache: raw };
      }),
  };

  const rating: BatchTask<TypedContent, TypedContent, number> = {
    name: "importance",
    batchSize: RATING_BATCH,
    payload: ({ type, content }) => ({ type, content }),
    fromCache: (raw) => parseImportance(raw),
    request: (items) => ({
      system: RATING_SYSTEM,
      user: ratingMessage(items),
      schemaName: "helix_importance",
      schema: RATING_SCHEMA,
    }),
    read: (answer, items) =>
      parseRatings(answer, items.length).map((result) =>
        result === null ? null : { result, cache: result }
      ),
  };

  async function adjudicate(
    candidate: TypedContent,
    existing: readonly ActiveMemory[],
  ): Promise<Adjudication | null> {
    if (existing.length === 0) return { action: "add", reason: "no existing memory to compare" };
    let result: Adjudication | null = null;
    try {
      const shown = existing.slice(0, MAX_ADJUDICATION_EXISTING);
      const ids = new Set(shown.map((memory) => memory.id));
      const user = adjudicationMessage(candidate, shown);
      const key = cacheKey("adjudicate", JSON.parse(user));
      const hit = cached(key, (raw) => parseAdjudication(raw, ids));
      if (hit !== undefined) {
        stats.cacheHits++;
        return hit;
      }
      const reply = await ask({
        system: ADJUDICATION_SYSTEM,
        user,
        schemaName: "helix_consolidation",
        schema: ADJUDICATION_SCHEMA,
      }, { remainingMs: MAX_RETRY_WAIT_MS });
      if (reply !== undefined) {
        result = parseAdjudication(reply.answer, ids);
        if (result === null) lastFailure = unusable("the decision does not match the schema");
        else ledger.put(key, JSON.stringify(result), reply.tokens, now());
      }
    } catch (error) {
      return settle([result], error)[0] ?? null;
    }
    return settle([result])[0] ?? null;
  }

  async function synthesize(
    kind: SynthesisKind,
    items: readonly TypedContent[],
    question?: string,
  ): Promise<Statement[] | null> {
    if (items.length === 0) return [];
    let result: Statement[] | null = null;
    try {
      const user = synthesisMessage(items, question);
      const key = cacheKey(kind, JSON.parse(user));
      const hit = cached(key, (raw) => parseSynthesis(raw, items.length));
      if (hit !== undefined) {
        stats.cacheHits++;
        return hit;
      }
      const reply = await ask({
        system: SYNTHESIS_SYSTEM[kind],
        user,
        schemaName: "helix_synthesis",
        schema: SYNTHESIS_SCHEMA,
      }, { remainingMs: MAX_RETRY_WAIT_MS });
      if (reply !== undefined) {
        result = parseSynthesis(reply.answer, items.length);
        if (result === null) lastFailure = unusable(`the ${kind} answer does not match the schema`);
        else ledger.put(key, JSON.stringify(reply.answer), reply.tokens, now());
      }
    } catch (error) {
      return settle([result], error)[0] ?? null;
    }
    return settle([result])[0] ?? null;
  }

  return {
    extract: (inputs) => batched(extraction, inputs),
    synthesize,
    rateImportance: (items) => batched(rating, items),
    adjudicate,
    get stats() {
      return { ...stats };
    },
    get lastFailure() {
      return lastFailure;
    },
  };
}
