/**
 * A story of the past is no change: "we used to use HipChat back in 2016, before Slack, before
 * Teams" says what came before; the values after "before" are what came later, not a new
 * current value. When a statement of what used to be (`used to`, `back in`, `originally`, `years
 * ago`) has no other change word and gives no current value but after "before", it changes
 * nothing ("we used to use HipChat, now it's Slack" says the present too, and changes).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";

/** Words that tell of the past. */
const PAST = /\b(?:used to|back in|originally|years ago|in the old days)\b/i;

/** Whether `incoming` only tells of the past (see the module doc). */
export function historyOnly(incoming: Statement): boolean {
  if (!PAST.test(incoming.text)) return false;
  // A word of the present beside it ("used to be Crowdin, translations are in Lokalise now").
  if (!incoming.cues.change.every((c) => PAST.test(c))) return false;
  const tokens = tokensFor(incoming.text);
  return incoming.values.every((v) =>
    v.tense !== "current" || v.kind === "date" ||
    /^(?:before|until|till)$/.test(tokens[v.start - 1]?.lower ?? "")
  );
}
