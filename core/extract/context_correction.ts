/**
 * Corrections: a short reply that changes an active memory ("actually we're going in May
 * instead", "Postgres now, not SQLite"), re-stated with the new detail and linked as an update.
 *
 * @module
 */
import type { ActiveMemory, Candidate } from "../model/candidate.ts";
import { stripEnd } from "../text/sentences.ts";
import { sharedWords } from "../text/words.ts";
import { combined, FALLBACK_CONFIDENCE } from "./context_candidate.ts";
import { chooseTarget } from "./context_target.ts";
import type { TimePhrase } from "../text/time/time_phrase.ts";

/**
 * "actually we're going in May instead": the active memory it corrects, re-stated with the new
 * detail (a new date in place of the old one, a new name in place of the one it replaces).
 * `null` when no active memory is plausibly the one corrected.
 */
export function correction(
  reply: string,
  active: readonly ActiveMemory[],
  time: (content: string) => TimePhrase[],
): Candidate | null {
  const [phrase] = time(reply);
  const swap = replacementIn(reply);
  if (swap) {
    const older = swap.older.toLowerCase();
    const target = active.find((memory) => memory.content.toLowerCase().includes(older));
    if (target) {
      const at = target.content.toLowerCase().indexOf(older);
      const content = target.content.slice(0, at) + swap.newer +
        target.content.slice(at + swap.older.length);
      return combined(content, target, "updates", phrase);
    }
  }
  // A correction refers to the conversation's latest notes, or names what it corrects.
  const target = chooseTarget(reply, active, {
    dated: phrase !== undefined,
    time,
    specific: false,
  });
  if (!target) return null;
  const [old] = time(target.content);
  if (phrase && old) {
    const content = target.content.slice(0, old.index) + phrase.phrase +
      target.content.slice(old.index + old.phrase.length);
    return combined(content, target, "updates", phrase);
  }
  if (sharedWords(reply, target.content) === 0) return null;
  const content = phrase
    ? `${stripEnd(target.content)} ${phrase.phrase}.`
    : `${stripEnd(target.content)}; correction: ${stripEnd(reply)}.`;
  const candidate = combined(content, target, "updates", phrase);
  return phrase ? candidate : { ...candidate, confidence: FALLBACK_CONFIDENCE };
}

/** "Postgres now, not SQLite" / "not SQLite anymore, Postgres": what replaces what. */
function replacementIn(reply: string): { newer: string; older: string } | null {
  const forward = reply.match(
    /\b(?:use|using|uses|it's|it is|is|are|now|to)\s+(.+?)(?:\s+now)?[,;]?\s+(?:not|instead of|rather than)\s+(.+?)(?:\s+any ?more)?[.!]?$/i,
  );
  if (forward) return { newer: stripEnd(forward[1]!), older: stripEnd(forward[2]!) };
  const backward = reply.match(
    /\bnot\s+(.+?)(?:\s+any ?more)?[,;]\s*(?:but\s+|it's\s+|use\s+|we use\s+)?(.+?)[.!]?$/i,
  );
  if (backward) return { newer: stripEnd(backward[2]!), older: stripEnd(backward[1]!) };
  return null;
}
