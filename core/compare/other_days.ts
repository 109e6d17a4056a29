/**
 * Two times of the week are two subjects: "Dublin took over weekday SRE on-call" changes
 * nothing of "weekend SRE on-call is Singapore". When each statement names a day or a part of
 * the week right before a noun it qualifies ("weekday on-call", "Friday deploys"), and they share
 * none, each is about its own days. A day that is the value ("standup moved from Monday to
 * Tuesday") is not read here.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { STOPWORDS } from "../text/stopwords.ts";

/** The days of a statement written right before a noun they qualify, lowercased. */
function qualifyingDays(s: Statement): string[] {
  const tokens = tokensFor(s.text);
  return s.values.filter((v) => {
    if (v.kind !== "day") return false;
    const next = tokens[v.end];
    return next !== undefined && next.kind === "word" && next.clause === tokens[v.start]!.clause &&
      !STOPWORDS.has(next.lower) && !s.values.some((w) => w.start === v.end) &&
      !s.cues.cueTokens.has(v.end);
  }).map((v) => v.norm);
}

/** Whether each statement qualifies its subject by days the other does not name. */
export function otherDays(incoming: Statement, stored: Statement): boolean {
  const [mine, theirs] = [qualifyingDays(incoming), qualifyingDays(stored)];
  return mine.length > 0 && theirs.length > 0 && !mine.some((d) => theirs.includes(d));
}
