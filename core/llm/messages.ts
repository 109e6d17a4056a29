/**
 * The user messages of the model's requests: the inputs or items as canonical JSON, indexed
 * from 0 so the answer can refer to them.
 *
 * @module
 */
import type { MemoryType } from "../model/types.ts";
import type { ExtractionPayload } from "./payload.ts";

/** Most existing memories an adjudication compares against. */
export const MAX_ADJUDICATION_EXISTING = 10;

/**
 * The user message of an extraction request: the payloads, indexed from 0.
 *
 * @example Usage
 * ```ts
 * import { extractionMessage } from "./messages.ts";
 * import { extractionPayload } from "./payload.ts";
 * import { equal } from "node:assert/strict";
 *
 * const payload = extractionPayload({ text: "we use pnpm", context: { now: 0 } });
 * equal(JSON.parse(extractionMessage([payload])).inputs[0].index, 0);
 * ```
 */
export function extractionMessage(payloads: readonly ExtractionPayload[]): string {
  return JSON.stringify({ inputs: payloads.map((payload, index) => ({ index, ...payload })) });
}

/**
 * The user message of an importance request: the items, indexed from 0.
 *
 * @example Usage
 * ```ts
 * import { ratingMessage } from "./messages.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(
 *   ratingMessage([{ type: "decision", content: "Use SQLite" }]),
 *   '{"items":[{"index":0,"type":"decision","content":"Use SQLite"}]}',
 * );
 * ```
 */
export function ratingMessage(
  items: readonly { readonly content: string; readonly type: MemoryType }[],
): string {
  return JSON.stringify({
    items: items.map((item, index) => ({ index, type: item.type, content: item.content })),
  });
}

/**
 * The user message of an adjudication request: the candidate and the memories it may match.
 *
 * @example Usage
 * ```ts
 * import { adjudicationMessage } from "./messages.ts";
 * import { equal } from "node:assert/strict";
 *
 * const message = adjudicationMessage({ type: "fact", content: "API on port 8080" }, [
 *   { id: "mem_1", type: "fact", content: "API on port 3000" },
 * ]);
 * equal(JSON.parse(message).existing[0].id, "mem_1");
 * ```
 */
export function adjudicationMessage(
  candidate: { readonly content: string; readonly type: MemoryType },
  existing: readonly { readonly id: string; readonly content: string; readonly type: MemoryType }[],
): string {
  return JSON.stringify({
    candidate: { type: candidate.type, content: candidate.content },
    existing: existing.map(({ id, type, content }) => ({ id, type, content })),
  });
}

/**
 * The user message of a synthesis request: an optional question and the items, indexed from 0.
 *
 * @example Usage
 * ```ts
 * import { synthesisMessage } from "./messages.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(
 *   synthesisMessage([{ type: "preference", content: "Prefers pnpm" }]),
 *   '{"items":[{"index":0,"type":"preference","content":"Prefers pnpm"}]}',
 * );
 * ```
 */
export function synthesisMessage(
  items: readonly { readonly content: string; readonly type: MemoryType }[],
  question?: string,
): string {
  return JSON.stringify({
    ...(question === undefined ? {} : { question }),
    items: items.map((item, index) => ({ index, type: item.type, content: item.content })),
  });
}
