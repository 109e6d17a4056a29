/**
 * Sentences to drafts: each sentence without fillers and labels, a user's first person in the
 * third, classified; a sentence that opens with a pronoun, or a clause the rules do not
 * classify, joins the draft before it.
 *
 * @module
 */
import {
  type Classification,
  classifySentence,
  startsWithPronoun,
  stripRememberPrefix,
} from "./classify.ts";
import { isCodeLine } from "./code_lines.ts";
import { splitSentences } from "../text/sentences.ts";
import { toThirdPerson } from "../text/third_person.ts";

/** Openers that carry nothing ("Okay, ", "Also, "). */
const FILLER =
  /^(?:ok(?:ay)?|sure|so|also|btw|by the way|oh|and|alright|right|well|great|thanks|one more thing)\b[\s,:;—–-]+/i;
/** Labels in front of what is worth keeping ("Heads-up:", "Note that"). */
const LABEL =
  /^(?:found it|heads[- ]up|note that|note|fyi|for the record|keep in mind(?: that)?|remember that|just so you know)\b[\s,:;—–-]*/i;

/** A candidate in the making: its classification and the sentences merged into it. */
export interface Draft {
  classification: Classification;
  parts: string[];
  /** Index of the last sentence merged in, to know what is adjacent. */
  last: number;
  /** The first part opened with a pronoun nothing resolved. */
  dangling: boolean;
}

/** Classifies each sentence and groups continuations into drafts. */
export function fromSentences(prose: string, userText: boolean): Draft[] {
  const drafts: Draft[] = [];
  const lines = prose.split("\n").filter((line) => !isCodeLine(line)).join("\n");
  const sentences = splitSentences(lines, { clauses: false });
  sentences.forEach((sentence, i) => {
    const original = withoutFiller(sentence.text);
    const classification = classifySentence(original);
    const text = rewrite(original, userText);
    const previous = drafts.at(-1);
    const adjacent = previous !== undefined && previous.last === i - 1;
    const continues = adjacent &&
      (startsWithPronoun(text) || /^(?:so|which|because|but|then)\b/i.test(text) ||
        /;$/.test(sentences[i - 1]!.text));
    if (continues && previous && (classification === null || startsWithPronoun(text))) {
      previous.parts.push(text);
      previous.last = i;
      return;
    }
    if (classification === null) return;
    drafts.push({
      classification,
      parts: [stripLabels(text)],
      last: i,
      dangling: startsWithPronoun(text),
    });
  });
  return drafts;
}

/** The sentence without "Okay, ", "Also, ", "So " in front. */
function withoutFiller(sentence: string): string {
  let text = sentence.trim();
  for (let m = text.match(FILLER); m; m = text.match(FILLER)) text = text.slice(m[0].length);
  return text;
}

/** A user's first person in the third ("I prefer" → "User prefers", "my" → "the user's"). */
export function rewrite(sentence: string, userText: boolean): string {
  const text = sentence;
  if (!userText) return text;
  const third = toThirdPerson(text);
  return third === text
    ? text.replace(/\bmy\b/g, "the user's").replace(/(?<!\blet )\bme\b/gi, "the user")
    : third;
}

function stripLabels(sentence: string): string {
  return stripRememberPrefix(sentence.replace(LABEL, "")).replace(/^please\s+/i, "");
}
