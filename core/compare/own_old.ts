/**
 * A change that names its own old value, one the stored fact does not hold, is a change of
 * something else: "The staging DB moved from db.t3.medium to db.t3.large" changes the instance
 * size, not how "the staging DB is seeded from prod snapshots". Read from the words between
 * `from` and `to` after the change word, when they hold no value the reader knows (a known
 * value is matched by the readings themselves, in any spelling) and none of them is said in the
 * stored statement or in the old value the reading found.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { firstCue } from "./cues.ts";
import { tokensFor } from "./cached_tokens.ts";
import { sharesRoot } from "./terms.ts";

/** Most words an old value named between `from` and `to` may have. */
const MAX_WORDS = 4;

/** Words that name no value. */
const ARTICLES = new Set(["the", "a", "an", "our", "its", "their", "old", "previous"]);

/** Whether `incoming` names an old value of its own that neither `stored` nor `from` holds. */
export function ownOld(from: string, incoming: Statement, stored: Statement): boolean {
  const tokens = tokensFor(incoming.text);
  const first = firstCue(incoming.cues);
  if (first < 0) return false;
  const at = tokens.findIndex((t, i) => i > first && t.lower === "from");
  if (at < 0) return false;
  const to = tokens.findIndex((t, i) => i > at && (t.lower === "to" || t.lower === "into"));
  if (to < 0 || to - at - 1 > MAX_WORDS || to === at + 1) return false;
  if (incoming.values.some((v) => v.start < to && v.end > at)) return false;
  const named = tokens.slice(at + 1, to).map((t) => t.lower).filter((w) => !ARTICLES.has(w));
  if (named.length === 0) return false;
  const held = [
    ...tokensFor(stored.text).map((t) => t.lower),
    ...tokensFor(from).map((t) => t.lower),
  ];
  return !named.some((w) => held.some((h) => h === w || sharesRoot(h, w)));
}
