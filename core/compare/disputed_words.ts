/**
 * A word a statement says only inside its holder in dispute is not a word of its subject: "The
 * billing team owns payments" says "billing" as the owner, so it does not share the subject of
 * "The payments team owns billing".
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { termsOf } from "./terms.ts";

/**
 * Whether `s` says `w` only inside a value of one of `slots` (not among its subject terms).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { disputedOnly } from "./disputed_words.ts";
 * import { equal } from "node:assert/strict";
 *
 * const s = readStatement("The billing team owns payments.");
 * equal(disputedOnly(s, "bill", ["role:owner"]), true);
 * equal(disputedOnly(s, "payment", ["role:owner"]), false);
 * ```
 */
export function disputedOnly(s: Statement, w: string, slots: readonly string[]): boolean {
  if (s.terms.some((t) => t.term === w)) return false;
  // (A path or an address restates its subject: "/etc/nginx/…" of "the nginx config".)
  return s.values.some((v) =>
    v.kind === "person" && v.slots.some((slot) => slots.includes(slot)) &&
    v.norm.split(/[^\p{L}\p{N}]+/u).flatMap(termsOf).includes(w)
  );
}
