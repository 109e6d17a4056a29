/**
 * A change written as a diff: a removed line and an added line of the same key ("`- pool: 5`
 * `+ pool: 20`", "-timeout = 30 / +timeout = 60"). The stored statement must give the key and
 * the removed value; the added value replaces it.
 *
 * @module
 */

/** A removed `key: value` (or `key = value`), then an added one of the same key. */
const DIFF =
  /(?:^|[\s`(])-\s*([\w.-]+)\s*[:=]\s*([^\s`,;)]+)[`]?[\s,;/]*(?:and\s+)?[`]?\+\s*\1\s*[:=]\s*([^\s`,;)]+)/;

/** Whether `text` holds a removed line and an added line of one key. */
export function diffCue(text: string): boolean {
  return DIFF.test(text);
}

/**
 * The key, removed value and added value of a diff in `incoming` that changes `stored`, or null.
 *
 * @example Usage
 * ```ts
 * import { diffChange } from "./diff_lines.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(diffChange("sidekiq.yml diff: `- concurrency: 10` `+ concurrency: 25`", "Sidekiq concurrency: 10"), {
 *   attribute: "concurrency",
 *   from: "10",
 *   to: "25",
 * });
 * equal(diffChange("sidekiq.yml diff: `- concurrency: 10` `+ concurrency: 25`", "Puma workers: 10"), null);
 * ```
 */
export function diffChange(
  incoming: string,
  stored: string,
): { attribute: string; from: string; to: string } | null {
  const m = DIFF.exec(incoming);
  if (!m) return null;
  const [, key, from, to] = m as unknown as [string, string, string, string];
  const words = stored.toLowerCase();
  const has = (w: string) =>
    new RegExp(`(?:^|[^\\w.-])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[^\\w.-])`).test(
      words,
    );
  if (from === to || !has(key.toLowerCase()) || !has(from.toLowerCase())) return null;
  return { attribute: key, from, to };
}
