/**
 * A change written as a before and after: "was X, now Y", "was X, is Y", "used to be X, now
 * Y", "X before, Y now". The old side must be all words of the stored statement, the new side must say
 * something it does not, and what stands before the pair (its subject) must share a word with
 * the stored statement or name nothing.
 *
 * @module
 */
import { termsOf } from "./terms.ts";

/** The before-and-after shapes: the old span, then the new one. */
const SHAPES = [
  /(?:^|[\s:;,(])(?:was|were|used to be|previously|formerly)\s+([^,;.]+?)\s*[,;]\s*(?:(?:is |are )?now|is|are)\s+([^,;.(]+)/i,
  /(?:^|[\s:;,(])([^,;.:]+?)\s+before\s*[,;]\s*([^,;.(]+?)\s+now\b/i,
];

/** Whether `text` is written as a before and after ("was X, is Y"). */
export function wasNowCue(text: string): boolean {
  return SHAPES.some((shape) => shape.test(text));
}

/** The subject terms of a span (its words, split at separators). */
function terms(span: string): string[] {
  return (span.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).flatMap((w) => [
    ...termsOf(w),
    ...(w.includes("_") ? [w] : []),
  ]);
}

/**
 * The old and new spans of a before-and-after statement that changes `stored`, or null.
 *
 * @example Usage
 * ```ts
 * import { wasNow } from "./was_now.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(wasNow("search results: was offset paging, now keyset", "Search results use offset paging."), {
 *   attribute: "statement",
 *   from: "offset paging",
 *   to: "keyset",
 * });
 * equal(wasNow("exports: was offset paging, now keyset", "Search results use offset paging."), null);
 * ```
 */
export function wasNow(
  incoming: string,
  stored: string,
): { attribute: "statement"; from: string; to: string } | null {
  if (!/\b(?:now|is|are)\b/i.test(incoming)) return null;
  const theirs = new Set(terms(stored));
  for (const shape of SHAPES) {
    const m = shape.exec(incoming);
    if (!m) continue;
    const [from, to] = [m[1]!.trim(), m[2]!.trim()];
    const [old, fresh] = [terms(from), terms(to)];
    if (old.length === 0 || !old.every((w) => theirs.has(w))) continue;
    if (!fresh.some((w) => !theirs.has(w))) continue;
    const subject = terms(incoming.slice(0, m.index));
    if (subject.length > 0 && !subject.some((w) => theirs.has(w))) continue;
    return { attribute: "statement", from, to };
  }
  return null;
}
