/**
 * A subject narrowed by a name in a scope ("Uploads **from the US tenants** go to a bucket in
 * us-east-2" / "The uploads bucket is in eu-west-2"): a capitalised word after "for", "from" or
 * "except" that the other side does not say names a part of the subject (a tenant, a market,
 * a customer) with a value of its own: a scoped exception, not a conflict.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { termsOf } from "./terms.ts";

/** Words after which a name narrows the subject. */
const SCOPE = /^(?:for|from|except|excluding|besides|outside)$/;

/** How many words after the scope word a name may come ("for the EU enterprise tenants"). */
const REACH = 3;

/** Whether `s` narrows its subject by a name in a scope that `other` does not say. */
export function scopedByName(s: Statement, other: Statement): boolean {
  const tokens = tokensFor(s.text);
  const inValue = (k: number) => s.values.some((v) => v.start <= k && k < v.end);
  return tokens.some((t, i) => {
    if (!SCOPE.test(t.lower)) return false;
    for (let k = i + 1; k <= i + REACH && k < tokens.length; k++) {
      const n = tokens[k]!;
      if (n.kind !== "word" || n.clause !== t.clause) break;
      if (n.cap && !inValue(k) && !said(n.lower, other)) return true;
    }
    return false;
  });
}

/** Whether `other` says `lower`, as written or as the word it abbreviates ("DB": database). */
function said(lower: string, other: Statement): boolean {
  const terms = termsOf(lower);
  return other.words.has(lower) || terms.length > 0 && terms.every((t) => other.words.has(t));
}
