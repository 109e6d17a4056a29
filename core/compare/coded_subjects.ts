/**
 * Two subjects told apart by a code each names before its verb: an identifier mixing letters
 * and digits or an API path ("error E1042 means …" / "error E1043 means …", "GET /v2/orders
 * is …" / "GET /v1/orders is …"). A code in the subject names which thing the sentence is
 * about, so two different codes there are two things, however alike the rest reads: a change
 * said of one is no change of the other. A code after the verb is a value and may change
 * ("the lambdas run on python3.12"), and versions, regions and other values the lexicons read
 * are never taken as codes here.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";

/** Where a plain subject ends: a copula, an auxiliary, or a verb of meaning or holding. */
const VERB =
  /^(?:is|are|was|were|be|been|'s|'re|means|mean|meant|stands|refers|maps|points|returns|has|have|had|will|shall|can|must|should|may|runs|uses|goes|lives|sits|holds|needs|requires)$/;

/** Value kinds that are no codes: what a statement may change of one thing. */
const VALUE_KINDS = new Set([
  "version",
  "region",
  "locale",
  "quantity",
  "time",
  "day",
  "when",
  "date",
  "port",
]);

/** A token mixing letters and digits, or a path with a letter in it, and not a bare version. */
function codeLike(text: string): boolean {
  if (/^v?\d+(?:\.\d+)*$/i.test(text)) return false;
  return /\p{L}/u.test(text) && /\d/.test(text) || /^\/[\w./{}:-]*\p{L}/u.test(text);
}

/** The codes a statement names before its first verb, lowercased. */
function subjectCodes(s: Statement): string[] {
  const tokens = tokensFor(s.text);
  const end = tokens.findIndex((t) => VERB.test(t.lower));
  if (end <= 0) return [];
  const out: string[] = [];
  for (let i = 0; i < end; i++) {
    const t = tokens[i]!;
    const value = s.values.find((v) => v.start <= i && i < v.end);
    if (value && VALUE_KINDS.has(value.kind)) continue;
    const text = t.text.replace(/[.,;:]+$/, "");
    if (codeLike(text)) out.push(text.toLowerCase());
  }
  return out;
}

/**
 * Whether each statement names a code in its subject and neither says the other's.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { codedApart } from "./coded_subjects.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("Exit code X17 means the disk is full.");
 * equal(codedApart(readStatement("Exit code X18 means the disk was removed."), stored), true);
 * equal(codedApart(readStatement("Exit code X17 now means the quota was removed."), stored), false);
 * ```
 */
export function codedApart(incoming: Statement, stored: Statement): boolean {
  const [mine, theirs] = [subjectCodes(incoming), subjectCodes(stored)];
  if (mine.length === 0 || theirs.length === 0) return false;
  const [a, b] = [incoming.text.toLowerCase(), stored.text.toLowerCase()];
  return !mine.some((c) => b.includes(c)) && !theirs.some((c) => a.includes(c));
}
