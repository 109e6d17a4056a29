/**
 * The optional LLM extractor: when the user configures an OpenAI-compatible endpoint
 * (OpenAI, Ollama, LM Studio, vLLM, ...), it upgrades extraction, importance and the grey-band
 * consolidation decision of the write path (DESIGN §6).
 *
 * It never throws to its caller and never blocks a write for long. Every answer is checked
 * (`parse*.ts`); anything that fails, from an exhausted budget to a hung server or an
 * answer that does not match the schema, comes back as `null`, which the caller reads as
 * "use the deterministic result". Answers are cached in the ledger under a SHA-256 of the
 * model, the prompt version and the canonical inputs, and every token spent is added to the
 * month's total before the next request is allowed.
 *
 * Where things live: `options.ts` (configuration), `channel.ts` (budget, cache, the one way to
 * the model), `chat.ts` (the HTTP request), `batch.ts` and `tasks.ts` (extraction and ratings),
 * `judge.ts` (consolidation calls and syntheses), `prompts.ts`, `schemas.ts`, `payload.ts`,
 * `messages.ts` (what the model is told) and `parse*.ts` (checking what it answers).
 *
 * @module
 */
import type { HelixError } from "../errors.ts";
import type { Llm } from "../ports.ts";
import { batched } from "./batch.ts";
import { createChannel, type LlmStats } from "./channel.ts";
import { adjudicate, synthesize } from "./judge.ts";
import { type LlmExtractorOptions, resolveLlmOptions } from "./options.ts";
import { extractionTask, RATING_TASK } from "./tasks.ts";

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
export function createLlmExtractor(options: LlmExtractorOptions): LlmExtractor {
  const resolved = resolveLlmOptions(options);
  const channel = createChannel(resolved);
  const extraction = extractionTask(resolved.batchSize);
  return {
    extract: (inputs) => batched(channel, extraction, inputs),
    rateImportance: (items) => batched(channel, RATING_TASK, items),
    adjudicate: (candidate, existing) => adjudicate(channel, candidate, existing),
    synthesize: (kind, items, question) => synthesize(channel, kind, items, question),
    get stats() {
      return channel.stats;
    },
    get lastFailure() {
      return channel.lastFailure;
    },
  };
}
