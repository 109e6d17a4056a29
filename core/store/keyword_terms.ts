/**
 * The words of the BM25 channel: query words (normalized, stop words out), FTS5 quoting, and
 * the filter tokens each memory's `fts_key` holds for its scope, status and type.
 *
 * @module
 */
import { hashBase32 } from "../util/hash.ts";

const STOPWORDS = new Set(
  ("a an and are as at be been but by can could did do does for from had has have how i if in " +
    "into is it its me my no not of on or our should so than that the their them then there these " +
    "they this to was we were what when where which who why will with would you your about after " +
    "all also any before being both each few more most other over same some such only own just " +
    "now very us").split(" "),
);

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
  return [...new Set(words.filter((w) => !STOPWORDS.has(w) && (w.length > 1 || /\d/.test(w))))]
    .slice(0, 32);
}

/** `word` as an FTS5 string. */
export function quote(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}
