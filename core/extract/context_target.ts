/**
 * What a reply is about: the active memory it most likely answers or corrects, that memory's
 * topic without its date, and the subject a question names.
 *
 * @module
 */
import type { ActiveMemory } from "../model/candidate.ts";
import { sharedWords } from "../text/words.ts";
import type { TimePhrase } from "./time_phrase.ts";

/** "User is planning a trip…": the owner and the thing planned. */
const MEMORY_SUBJECT =
  /^(User|We|[A-Z][\w-]*)\s+(?:is|are|'re)\s+(?:planning|organising|organizing|preparing|building|writing|working on|taking|going on|running|designing|migrating|learning)\s+(?:a|an|the|their|our|his|her)\s+(.+?)\.?$/;

/**
 * The active memory a reply is about: the one sharing the most content words with the question
 * and reply (a dated one first when the reply is a date); the most relevant one on a tie.
 */
export function chooseTarget(
  text: string,
  active: readonly ActiveMemory[],
  dated: boolean,
  time: (content: string) => TimePhrase[],
): ActiveMemory | null {
  let best: ActiveMemory | null = null;
  let bestScore = -1;
  for (const memory of active) {
    let score = sharedWords(text, memory.content);
    if (dated && time(memory.content).length > 0) score += 2;
    if (score > bestScore) {
      best = memory;
      bestScore = score;
    }
  }
  return best;
}

/** The content with its time phrases cut out ("…with Maya next April." → "…with Maya."). */
export function withoutTimePhrases(
  content: string,
  time: (content: string) => TimePhrase[],
): string {
  let out = content;
  for (const phrase of time(content).reverse()) {
    out = out.slice(0, phrase.index).trimEnd() + out.slice(phrase.index + phrase.phrase.length);
  }
  return out;
}

/** "User is planning a trip to Japan with Maya." → "their trip to Japan with Maya". */
export function topicOf(content: string): string | null {
  const m = content.match(MEMORY_SUBJECT);
  if (!m) return null;
  const owner = m[1] === "We" ? "our" : "their";
  return `${owner} ${m[2]}`;
}

/** "you" → "User" ("the user" inside a sentence), "the release" → "The release". */
export function subjectOf(phrase: string, initial = true): string {
  const user = initial ? "User" : "the user";
  if (/^you$/i.test(phrase)) return user;
  const replaced = phrase.replace(/\byour\b/gi, `${user}'s`).replace(/\byou\b/gi, user);
  return initial ? replaced.charAt(0).toUpperCase() + replaced.slice(1) : replaced;
}
