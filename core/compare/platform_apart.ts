/**
 * A part named by its platform is another subject: "The admin tool replaced JWT with session
 * cookies" after "The API uses JWT auth", "the iOS app dropped Firebase" after "The backend
 * sends pushes with Firebase". When the incoming statement names, before its change word, a
 * platform the stored one does not say, the stored one names a subject of its own the incoming one does not say, and they
 * share no subject word, the change is that part's.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { firstCue } from "./cues.ts";
import { tokensFor } from "./cached_tokens.ts";
import { termsOf } from "./terms.ts";

/** Whether `incoming` is about a platform part and `stored` about another subject. */
export function platformApart(incoming: Statement, stored: Statement): boolean {
  // Named before the change word, as the doer: after it, a platform tells where the old value
  // lingers ("we are a Go shop now; TypeScript is only in the frontend").
  const tokens = tokensFor(incoming.text);
  const first = firstCue(incoming.cues);
  const before = new Set(tokens.slice(0, Math.max(first, 0)).flatMap((t) => termsOf(t.lower)));
  const platforms = incoming.terms.filter((t) => t.kind === "platform" && before.has(t.term))
    .map((t) => t.term);
  const theirs = stored.terms.filter((t) => t.kind === "strong").map((t) => t.term);
  const mine = new Set(incoming.terms.map((t) => t.term));
  return platforms.length > 0 && theirs.length > 0 &&
    !platforms.some((w) => stored.words.has(w)) && !theirs.some((w) => incoming.words.has(w)) &&
    !stored.terms.some((t) => mine.has(t.term));
}
