/**
 * Which active memory a new candidate updates: a correction of the memory it shares most words
 * with, a replacement of a memory naming the old value, or a new date for a dated memory.
 *
 * @module
 */
import type { ActiveMemory, Candidate } from "../model/candidate.ts";
import { stripEnd } from "../text/sentences.ts";
import { sharedWords } from "../text/words.ts";
import type { Classification } from "./classify.ts";
import { CORRECTION_CUES, matchingCues } from "./cues.ts";

/** A date moved: the dated memory it shares words with is updated. */
const RESCHEDULE =
  /\b(?:mov(?:e|ed|es|ing)|postpon\w+|reschedul\w+|push(?:ed|ing)? (?:back|out)|delay\w*|brought forward|pull(?:ed|ing)? in|chang\w+|now)\b/i;

/**
 * The active memory a candidate updates: a correction ("actually", "no longer") of the
 * memory it shares most words with, a replacement ("from X to Y", "instead of X", "not X")
 * of a memory that names X, or a new date for a dated memory ("moving the launch to March").
 */
export function linkFor(
  content: string,
  classification: Classification,
  active: readonly ActiveMemory[],
  dated: boolean,
  isDated: (content: string) => boolean,
): Candidate["link"] | undefined {
  if (active.length === 0) return undefined;
  const replaced = content.match(
    /\bfrom\s+(.+?)\s+to\b|\binstead of\s+([^,.;]+)|\brather than\s+([^,.;]+)|,\s*not\s+([^,.;]+)/i,
  );
  const older = replaced ? stripEnd(replaced.slice(1).find(Boolean)!) : null;
  if (
    older &&
    (classification.type === "decision" || matchingCues(content, CORRECTION_CUES).length > 0)
  ) {
    const target = active.find((m) => m.content.toLowerCase().includes(older.toLowerCase()));
    if (target) return { id: target.id, relation: "updates" };
  }
  const rescheduled = dated && RESCHEDULE.test(content);
  if (matchingCues(content, CORRECTION_CUES).length === 0 && !rescheduled) return undefined;
  let best: ActiveMemory | undefined;
  let bestScore = 0;
  for (const memory of active) {
    if (rescheduled && !isDated(memory.content)) continue;
    const score = sharedWords(content, memory.content);
    if (score > bestScore) [best, bestScore] = [memory, score];
  }
  return best ? { id: best.id, relation: "updates" } : undefined;
}
