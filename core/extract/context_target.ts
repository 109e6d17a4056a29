/**
 * What a reply is about: the active memory it most likely answers or corrects, that memory's
 * topic without its date, and the subject a question names.
 *
 * @module
 */
import type { ActiveMemory } from "../model/candidate.ts";
import { contentWords, sharedWords } from "../text/words.ts";
import type { TimePhrase } from "../text/time/time_phrase.ts";

/** "User is planning a trip…": the owner and the thing planned. */
const MEMORY_SUBJECT =
  /^(User|We|[A-Z][\w-]*)\s+(?:is|are|'re)\s+(?:planning|organising|organizing|preparing|building|writing|working on|taking|going on|running|designing|migrating|learning)\s+(?:a|an|the|their|our|his|her)\s+(.+?)\.?$/;

/** Content words two texts must share before a reply may change a memory noted earlier. */
const SHARED_SUBJECT = 2;

/** How a reply may find the memory it is about. */
export interface TargetOptions {
  /** The reply is a date: a memory with a date goes first. */
  readonly dated: boolean;
  /** Time phrases of a text. */
  readonly time: (content: string) => TimePhrase[];
  /**
   * The question (or the reply, for a correction) names its subject: then even this
   * session's notes must share a word with it. A vague one ("When are you going?") refers
   * to the conversation's latest note.
   */
  readonly specific: boolean;
  /**
   * `text` is the question a reply answers: then a memory is its subject only when it holds
   * every word the question names (one may be missing from a note of this session), so a
   * question that shares "staging" and "deploy" with a memory but asks about the staging
   * banner's colour, or a date that happens to be in a dated memory, never selects it.
   */
  readonly question?: boolean;
}

/**
 * The active memory a reply is about, or null when none is: a memory of this session
 * (`recent`) that shares a word with `text` (any, when the question is vague), or any memory
 * sharing at least {@linkcode SHARED_SUBJECT} content words with it — never one that merely
 * shares a word, such as a decision about Next.js for "When are you planning the trip?"
 * (for a question, see {@linkcode TargetOptions.question}: it must hold what the question names). The
 * one sharing the most words wins (a dated one first when the reply is a date, a memory of the
 * session next); the most relevant one on a tie.
 */
export function chooseTarget(
  text: string,
  active: readonly ActiveMemory[],
  options: TargetOptions,
): ActiveMemory | null {
  let best: ActiveMemory | null = null;
  let bestScore = -1;
  const named = options.question ? questionWords(text) : [];
  for (const memory of active) {
    const shared = sharedWords(text, memory.content);
    const missing = named.length - sharedWords(named.join(" "), memory.content);
    const eligible = options.question
      ? (shared >= SHARED_SUBJECT && missing === 0) ||
        (memory.recent === true && (!options.specific || (shared >= 1 && missing <= 1)))
      : shared >= SHARED_SUBJECT || (memory.recent === true && (shared >= 1 || !options.specific));
    if (!eligible) continue;
    let score = shared + (memory.recent ? 0.5 : 0);
    if (options.dated && options.time(memory.content).length > 0) score += 2;
    if (score > bestScore) {
      best = memory;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Whether `question` names its subject ("When is the release?") or is vague ("When are you
 * going?", "What do you want to do there?": only generic verbs).
 */
export function namesSubject(question: string): boolean {
  return questionWords(question).length > 0;
}

/** Verbs that ask about any subject at all: a question made only of them names none. */
const GENERIC_VERBS = new Set(
  ("go going gone went do doing did done want wanting plan planning planned happen happening " +
    "start starting leave leaving come coming get getting think like need needing make making " +
    "try trying see").split(" "),
);

/** What a question asks about ("how long", "how often": the kind of answer, not a subject). */
const DEGREE = /\bhow\s+(?:long|often|many|much|far|soon|big|old|late|early)\b/gi;

/** The content words a question names its subject with. */
function questionWords(question: string): string[] {
  return contentWords(question.replace(DEGREE, " ")).filter((word) => !GENERIC_VERBS.has(word));
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
