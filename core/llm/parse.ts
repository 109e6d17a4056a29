/**
 * Checking what the model answered, with zod, before any of it reaches the write path:
 * memory types from the Helix vocabulary, content within {@linkcode MAX_CONTENT_LENGTH},
 * importance 1–10, confidence 0–1, event times as ISO 8601 strings (turned into epoch ms),
 * links only to memories the model was shown. Anything that does not check out is `null`,
 * which the caller reads as "use the deterministic result". This file reads the JSON; the
 * extraction answer is checked in `parse_candidates.ts`, the short answers in
 * `parse_answers.ts`.
 *
 * @module
 */
/** Most entities, relations, steps, triggers or citations accepted per memory or statement. */
export const MAX_LIST_ITEMS = 50;

/** Whether a string holds no NUL character (SQLite and JSON text must not). */
export const noNul = (s: string): boolean => !s.includes("\u0000");

/**
 * Parses a model's JSON answer, tolerating a Markdown code fence around it (local models
 * add one even in JSON mode); `undefined` when it is not JSON.
 *
 * @example Usage
 * ```ts
 * import { parseJsonAnswer } from "./parse.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const fence = "`".repeat(3);
 * deepEqual(parseJsonAnswer(`${fence}json\n{"a":1}\n${fence}`), { a: 1 });
 * equal(parseJsonAnswer("{not json"), undefined);
 * ```
 */
export function parseJsonAnswer(content: string): unknown {
  const text = content.trim().replace(/^```[a-z]*\s*\n?/i, "").replace(/\n?\s*```$/, "");
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
