/**
 * Qualifiers the other side says by what they imply: "CI build caches" and "the build cache"
 * (a build, a pipeline job or a runner is CI's), "mobile builds" and "iOS and Android builds"
 * (mobile is both of them, said together). One platform of several ("iOS builds" / "mobile
 * builds") is a part, not the whole, and still tells the two apart.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { stem } from "./terms.ts";

/** Environment words and the words of the work that only happens there. */
const WORK_OF: ReadonlyMap<string, readonly string[]> = new Map([
  ["ci", ["build", "pipelin", "runner", "workflow", "job"]],
]);

/** Platform words and the platforms they are made of. */
const MADE_OF: ReadonlyMap<string, readonly string[]> = new Map([
  ["mobil", ["io", "ios", "android"]],
  ["mobile", ["io", "ios", "android"]],
]);

/**
 * Whether `other` says the qualifier `term` of `s` by implying it.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { impliedBy } from "./implied_qualifiers.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(impliedBy("ci", readStatement("The build cache expires after 30 days.")), true);
 * equal(impliedBy("ci", readStatement("The local cache expires after 30 days.")), false);
 * ```
 */
export function impliedBy(term: string, other: Statement): boolean {
  // Soft words count here ("build" says little of a subject, much of where it runs).
  const stems = new Set(tokensFor(other.text).map((t) => stem(t.lower)));
  const work = WORK_OF.get(term);
  if (work && work.some((w) => stems.has(w)) && !otherPlace(other, term)) return true;
  const parts = MADE_OF.get(term);
  // Every part said: "iOS and Android" is mobile.
  if (parts) return parts.filter((p) => stems.has(p)).length >= 2;
  return false;
}

/** Whether `s` names an environment of its own other than `term` ("local", "staging"). */
function otherPlace(s: Statement, term: string): boolean {
  return s.terms.some((t) => t.kind === "environment" && t.term !== term);
}
