/**
 * The words of the BM25 channel: query words (normalized, stop words out), FTS5 quoting, and
 * the filter tokens each memory's `fts_key` holds for its scope, status and type.
 *
 * @module
 */
import { QUERY_STOPWORDS } from "../text/stopwords.ts";
import { hashBase32 } from "../util/hash.ts";

/** Filter tokens for a memory: end in a digit so the porter stemmer leaves them alone. */
export function ftsKey(scope: string, status: string, type: string): string {
  return `${scopeToken(scope)} st${status}0 ty${type}0`;
}

/** The filter token of a scope. */
export function scopeToken(scope: string): string {
  return `sc${hashBase32(scope, 13)}0`;
}

/**
 * Query words for FTS5: NFKC, lowercased, stopwords removed, deduplicated, at most 32.
 *
 * @example Usage
 * ```ts
 * import { queryWords } from "./keyword_terms.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(queryWords('What is "NOT" the billing-svc DB?'), ["billing", "svc", "db"]);
 * ```
 */
export function queryWords(query: string): string[] {
  const words = query.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [
    ...new Set(words.filter((w) => !QUERY_STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w)))),
  ].slice(0, 32);
}

/** `word` as an FTS5 string. */
export function quote(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}
