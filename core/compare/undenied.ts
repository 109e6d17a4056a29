/**
 * The words a statement says but does not deny. "A value the other side also names is not a
 * different value" holds for a value it names in any role but one: denied ("merge commits
 * only, no squash" names squash to refuse it, which is the conflict with "we squash-merge").
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { stem } from "./terms.ts";

/**
 * The words of `s` but those of the values it denies.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { undenied } from "./undenied.ts";
 * import { equal } from "node:assert/strict";
 *
 * const s = readStatement("Merge commits only, never squashed.");
 * equal(s.words.has("squash"), true);
 * equal(undenied(s).has("squash"), false);
 * ```
 */
export function undenied(s: Statement): ReadonlySet<string> {
  const denied = s.values.filter((v) => v.negated).flatMap((v) => [v.norm, stem(v.norm)]);
  return denied.length ? new Set([...s.words].filter((w) => !denied.includes(w))) : s.words;
}
