/**
 * Text shaping for the rule extractor: sentence and clause splitting that leaves code spans,
 * paths and versions whole, list detection, and the rewrite of a user's first person into the
 * third person ("I prefer tabs" → "User prefers tabs") so a memory reads on its own.
 *
 * @module
 */

/** A sentence or clause of the input, with its offset. */
export interface Sentence {
  readonly text: string;
  readonly index: number;
}

const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|Mr|Ms|Mrs|Dr|St|No)|\b[A-Z])\.$/;

/**
 * Splits text into sentences, then (unless `clauses` is false) clauses at semicolons. A full stop ends a sentence only
 * when followed by white space, so `deno.json`, `v1.2.3` and URLs stay whole; text inside
 * backticks is never split.
 */
export function splitSentences(text: string, options: { clauses?: boolean } = {}): Sentence[] {
  const { clauses = true } = options;
  const out: Sentence[] = [];
  let start = 0;
  let inCode = false;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== "") out.push({ text: trimmed, index: start + lead });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "`") inCode = !inCode;
    if (inCode) continue;
    if (ch === "\n") {
      const nextLine = text.slice(i + 1).match(/^\s*(\S)/)?.[1];
      // A line break inside a sentence that continues in lowercase is a wrap, not a boundary.
      if (nextLine && /[a-z]/.test(nextLine) && !/[.!?:]\s*$/.test(text.slice(start, i))) continue;
      push(i + 1);
    } else if (clauses && ch === ";" && /\s/.test(text[i + 1] ?? " ")) {
      push(i + 1);
    } else if ((ch === "." || ch === "!" || ch === "?") && /\s/.test(text[i + 1] ?? " ")) {
      if (ch === "." && ABBREVIATIONS.test(text.slice(Math.max(start, i - 8), i + 1))) continue;
      if (/^\s*\d{1,2}$/.test(text.slice(start, i))) continue; // a list marker: "1. build"
      push(i + 1);
    }
  }
  push(text.length);
  return out;
}

/**
 * The last question in a turn (an assistant's, usually), or null when it asks none.
 *
 * @example Usage
 * ```ts
 * import { lastQuestion } from "./sentences.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(lastQuestion("Done. When are you going? Or later?"), "Or later?");
 * equal(lastQuestion("Done."), null);
 * ```
 */
export function lastQuestion(turn: string | undefined): string | null {
  if (!turn) return null;
  return splitSentences(turn).filter((s) => /\?\s*$/.test(s.text)).at(-1)?.text ?? null;
}

/** Words of a text (letters, digits, apostrophes, dots and dashes inside words). */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’._/@-]*/gu) ?? [];
}

/** Number of words in a text. */
export function wordCount(text: string): number {
  return wordsOf(text).length;
}

/** A numbered or bulleted list item: its marker and text. */
export const LIST_ITEM = /^\s*(?:(\d{1,2})[.)]|[-*•])\s+(.+)$/;

/** The text without a trailing full stop or comma, and without surrounding white space. */
export function stripEnd(text: string): string {
  return text.trim().replace(/[\s.,;:!]+$/, "");
}

/**
 * Capitalises the first letter when the first word is a plain lowercase word; identifiers
 * (`sqlite-vec`, `user_id`, `deno.json`, `computeTotal`) keep their spelling.
 */
export function capitalise(text: string): string {
  const first = text.match(/^\S+/)?.[0] ?? "";
  if (!/^[a-z]+(?:['’][a-z]+)?[,:;]?$/.test(first)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Ensures a sentence ends with terminal punctuation. */
export function asSentence(text: string): string {
  const trimmed = capitalise(text.trim());
  return /[.!?]["')]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const IRREGULAR: Readonly<Record<string, string>> = {
  am: "is",
  "'m": "is",
  have: "has",
  "'ve": "has",
  do: "does",
  go: "goes",
  "don't": "doesn't",
  "do not": "does not",
  was: "was",
  can: "can",
  "can't": "can't",
  will: "will",
  "'ll": "will",
  would: "would",
  "'d": "would",
  should: "should",
  must: "must",
  might: "might",
  could: "could",
};

/** Irregular past tenses: they stay as they are in the third person. */
const PAST_TENSES = new Set(
  ("gave kept made took went got found ran wrote saw set put left told thought brought built " +
    "sent spent lost held had did said knew came became began broke chose drove fell felt forgot " +
    "hid hit let meant met paid quit read rode rose sold shut sat slept spoke stood stole taught " +
    "tore threw understood woke won wore led cut bought caught dug fed fought fled flew froze " +
    "grew hung heard hurt lay lit overlooked rang sang sank shook shot shrank sought split spun " +
    "stuck struck swore swept swung upset was were").split(" "),
);

/** "… and I mostly work in Go" → "… and mostly works in Go" (the subject is already User). */
function laterSubjects(rest: string): string {
  return rest.replace(
    /\b(and|but|so|or)\s+I\s+((?:really|mostly|also|usually|just|still|always|never|often)\s+)?([a-z']+)/g,
    (_, conjunction: string, adverb = "", verb: string) =>
      `${conjunction} ${adverb}${thirdPersonVerb(verb)}`,
  );
}

/** Third-person singular of an English verb ("prefer" → "prefers", "use" → "uses"). */
export function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower in IRREGULAR) return IRREGULAR[lower]!;
  if (PAST_TENSES.has(lower)) return verb;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/ed$/.test(lower)) return verb; // past tense stays
  return `${verb}s`;
}

/**
 * Rewrites a sentence a user wrote in the first person so it names the user: "I prefer X" →
 * "User prefers X", "I'm on the billing team" → "User is on the billing team", "My editor
 * is Helix" → "User's editor is Helix". Adverbs between subject and verb are kept ("I really
 * like" → "User really likes"). Other sentences are returned unchanged.
 */
export function toThirdPerson(sentence: string): string {
  const clauses = sentence.split(/(?<=;)\s+/);
  if (clauses.length > 1) return clauses.map(toThirdPerson).join(" ");
  const my = sentence.match(/^My\s+/);
  if (my) return `User's ${sentence.slice(my[0].length)}`;
  const m = sentence.match(
    /^I(?:('m|'ve|'ll|'d)|\s+(?:((?:really|strongly|generally|usually|also|always|never|just|mostly|still)\s+)?)(don't|do not|\S+))(.*)$/s,
  );
  if (!m) return sentence;
  const [, contraction, adverb = "", verb = "", rest = ""] = m;
  if (contraction) return `User ${IRREGULAR[contraction]}${laterSubjects(rest)}`;
  const rewritten = /^(?:was|did|had|\w+ed)$/i.test(verb) ? verb : thirdPersonVerb(verb);
  const tail = rest.replace(/\b(?:my)\b/g, "their").replace(/\b(?:me)\b/g, "them");
  return `User ${adverb}${rewritten}${laterSubjects(tail)}`;
}
