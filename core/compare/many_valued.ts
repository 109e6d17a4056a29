/**
 * Relations that hold many objects at once: an app ships on several platforms, embeds several
 * SDKs, accepts several cards; what users "can" do with one provider they can do with another.
 * Two statements with one such verb and different names add to each other; they do not
 * dispute one value ("The app bundles the Sentry SDK" / "The app bundles the Segment SDK").
 * The verbs are a class (of inclusion, support and offering), the modal `can` a mark of
 * options; a version, a number or a time told apart stays a dispute ("supports iOS 15 and
 * later" / "… iOS 16 and later"), which the other readings judge.
 *
 * @module
 */
import type { Statement } from "./claims.ts";

/** Verbs whose object is one of many the subject holds at once (base forms). */
const MANY =
  /^(?:support|embed|bundle|include|integrate|accept|offer|ship|expose|contain|provide)$/;

/** Words after which a verb stands in its base form: a subject pronoun, a modal, `to`, `also`. */
const BEFORE_BASE = /^(?:we|they|you|i|can|could|also|to|still)$/;

/** Value kinds told apart as one measure: a dispute whatever the verb. */
const MEASURED = new Set(["version", "quantity", "port", "time", "day", "when", "date"]);

/**
 * The many-valued verbs a statement says as verbs (`ships`, `we accept`, `can embed`; not the
 * nouns "support" or "ship" opening a sentence, nor a participle: "published by" names one
 * agent), and the verbs it says after `can`, in base form.
 */
function verbs(s: Statement): Set<string> {
  const words = s.text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  const out = new Set<string>();
  words.forEach((w, i) => {
    if (i === 0) return;
    const before = words[i - 1]!;
    if (MANY.test(w) && BEFORE_BASE.test(before)) out.add(w);
    else if (w.endsWith("s") && (MANY.test(w.slice(0, -1)) || MANY.test(w.slice(0, -2)))) {
      out.add(MANY.test(w.slice(0, -1)) ? w.slice(0, -1) : w.slice(0, -2));
    }
    if (before === "can" && !/^(?:not|only|t)$/.test(w)) out.add(`can ${w}`);
  });
  return out;
}

/**
 * Whether both statements say one many-valued verb (or one verb after `can`) and tell apart
 * no measured value.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { manyValued } from "./many_valued.ts";
 * import { equal } from "node:assert/strict";
 *
 * const a = readStatement("Customers can pay with Klarna.");
 * equal(manyValued(a, readStatement("Customers can pay with Affirm.")), true);
 * equal(manyValued(readStatement("The CLI is written in Go."), readStatement("The CLI is written in Rust.")), false);
 * ```
 */
export function manyValued(a: Statement, b: Statement): boolean {
  if ([...a.values, ...b.values].some((v) => MEASURED.has(v.kind))) return false;
  if (/\bonly\b/i.test(a.text) || /\bonly\b/i.test(b.text)) return false;
  const theirs = verbs(b);
  return [...verbs(a)].some((v) => theirs.has(v));
}
