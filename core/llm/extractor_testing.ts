/**
 * Helpers of the LLM extractor's tests: model answers as the fake OpenAI server returns them,
 * extraction inputs, and an extractor pointed at the server.
 *
 * @module
 */
import { ok } from "node:assert/strict";
import {
  answer,
  type FakeOpenAI,
  type RecordedRequest,
  reply,
} from "../../tests/fixtures/fake_openai.ts";
import type { ExtractionInput } from "../model/candidate.ts";
import { createLlmExtractor } from "./extractor.ts";
import { createMemoryLedger } from "./ledger.ts";
import type { LlmExtractorOptions } from "./options.ts";

/** 2026-11-22T12:00:00Z, a Sunday. */
export const TODAY = Date.UTC(2026, 10, 22, 12);
export const API_KEY = "sk-test-secret-5678";

/** A memory as the model returns it in strict mode, with every field present. */
export function memory(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "fact",
    content: "The billing service uses SQLite.",
    entities: ["billing", "SQLite"],
    relations: [{ from: "billing", relation: "uses", to: "SQLite" }],
    confidence: 0.8,
    importance: 5,
    eventAt: null,
    eventEnd: null,
    eventPhrase: null,
    steps: null,
    triggers: null,
    link: null,
    ...overrides,
  };
}

/** An extraction answer with the given memories per input index. */
export function extraction(...perInput: unknown[][]): unknown {
  return { results: perInput.map((memories, index) => ({ index, memories })) };
}

/** An extraction input of `text`, today unless the context says otherwise. */
export function input(
  text: string,
  context: Partial<ExtractionInput["context"]> = {},
): ExtractionInput {
  return { text, context: { now: TODAY, ...context } };
}

/** The parsed user message of a recorded request. */
export function userMessage(request: RecordedRequest | undefined): { inputs: { text: string }[] } {
  const message = request?.body.messages?.find((m) => m.role === "user");
  ok(message, "the request has a user message");
  return JSON.parse(message.content);
}

/** Answers one memory per input sent, its content naming the input's text. */
export const echo = reply((request) =>
  answer({
    results: userMessage(request).inputs.map((item, index) => ({
      index,
      memories: [memory({ content: `Remembered: ${item.text}` })],
    })),
  })
);

/** An extractor on the fake server, with a large budget and today as the time. */
export function extractor(server: FakeOpenAI, options: Partial<LlmExtractorOptions> = {}) {
  return createLlmExtractor({
    baseUrl: server.baseUrl,
    model: "fake-model",
    monthlyTokenBudget: 1_000_000,
    ledger: createMemoryLedger(),
    timeoutMs: 2_000,
    now: () => TODAY,
    ...options,
  });
}
