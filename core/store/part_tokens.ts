/**
 * The partial-identifier vocabulary: the parts of every identifier a memory holds whose words
 * are joined by case alone (`useSessionStore` → `~use`, `~session`, `~store`; `MongoDB` →
 * `~mongo`, `~db`), indexed in
 * `memory_tokens` beside the exact tokens. The `~` keeps a part apart from a whole token (no
 * query token starts with it: `exact_tokens.ts` strips it from a word's edges), so `db` as a
 * part never counts as the identifier `db`. Identifiers joined by `_`, `-` or `.` need no parts:
 * the word index (FTS5) already splits them. Changing what a text yields changes the index of
 * stored memories: add a schema migration that calls `retokenize` (see `retokenize.ts`).
 *
 * @module
 */
import { identifierParts } from "../text/identifier_parts.ts";

/** Parts indexed per memory, at most. */
const MAX_PARTS = 64;
/** Longest word read as an identifier (a longer one is data, not a name). */
const MAX_WORD = 80;
const WORDS = /[\s,;()[\]{}<>"'`|=]+/;
/** A case change inside a word: `aB`, or `ABc` (an acronym before a word). */
const CASE_JOIN = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;

/** The marker that sets a part apart from a whole token. */
export const PART_MARK = "~";

/**
 * The `~`-marked parts of the compound identifiers in `text`, in first-seen order.
 *
 * @example Usage
 * ```ts
 * import { partTokens } from "./part_tokens.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(partTokens("Sessions use useSessionStore on MongoDB, not BILLING_DB or op.batch_alter"), [
 *   "~use", "~session", "~store", "~mongo", "~db",
 * ]);
 * ```
 */
export function partTokens(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.split(WORDS)) {
    if (word.length < 3 || word.length > MAX_WORD) continue;
    if (!CASE_JOIN.test(word.replace(/(\p{Lu}{2,})s(?!\p{Ll})/gu, "$1"))) continue;
    for (const part of identifierParts(word)) {
      if (/^\d+$/.test(part)) continue; // dates and versions split into numbers, not names
      if (found.size >= MAX_PARTS) return [...found];
      found.add(`${PART_MARK}${part}`);
    }
  }
  return [...found];
}
