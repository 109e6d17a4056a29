/**
 * Turns with nothing to keep: filler ("Sure!"), narration of the speaker's next step ("Let me
 * look at that file.") and whole-text acknowledgements ("ok, thanks").
 *
 * @module
 */

/** Filler that opens a turn ("Okay, ", "Sure! ", "Got it —"): carries nothing itself. */
const FILLER =
  /^\s*(?:ok(?:ay)?|sure|great|perfect|alright|all right|got it|yes|yep|right|understood|absolutely|of course|thanks|thank you|no problem|hmm|good (?:catch|idea|point)|will do|on it|done|cool|nice)\b[\s,.!:;—–-]*/i;

/** Narration: the speaker says what they are about to do or are doing, not what is true. */
const NARRATION = new RegExp(
  [
    String
      .raw`^(?:let me|let's see|now let me|one moment|working on|here(?:'s| is| are)|running|looking|checking|reading|opening|searching|trying|rerunning)\b`,
    String
      .raw`^(?:now,? |next,? |first,? )?(?:i'll|i will|i'm going to|i am going to)\s+(?:now\s+|just\s+|quickly\s+|also\s+|first\s+)?(?:look|check|run|rerun|update|fix|search|read|take|make sure|start|add|try|open|grep|inspect|see|dig|investigate|change|edit|write|apply|commit|push|go|do|keep|follow|remember|use)\b`,
  ].join("|"),
  "i",
);

/**
 * Whether a turn is chatter: only filler ("Sure!"), or narration of the speaker's next step
 * ("Let me look at that file.", "Okay, running the tests now.").
 *
 * @example Usage
 * ```ts
 * import { isChatter } from "./chatter.ts";
 * import { equal } from "node:assert/strict";
 * equal(isChatter("Okay, running the tests now."), true);
 * equal(isChatter("Okay, from now on use tabs."), false);
 * ```
 */
export function isChatter(text: string): boolean {
  let rest = text.trim();
  for (let m = rest.match(FILLER); m && m[0] !== ""; m = rest.match(FILLER)) {
    rest = rest.slice(m[0].length);
  }
  return rest === "" || NARRATION.test(rest);
}

/** Whole-text acknowledgements: nothing to keep on their own. */
const ACK_WORDS = new Set([
  "ok",
  "okay",
  "k",
  "kk",
  "thanks",
  "thank you",
  "thx",
  "ty",
  "cheers",
  "sounds good",
  "yes",
  "yep",
  "yeah",
  "yup",
  "no",
  "nope",
  "nah",
  "sure",
  "great",
  "perfect",
  "cool",
  "nice",
  "got it",
  "lgtm",
  "done",
  "go ahead",
  "go for it",
  "please do",
  "do it",
  "good",
  "awesome",
  "makes sense",
  "right",
  "correct",
  "exactly",
  "agreed",
  "fine",
  "works",
  "it works",
  "that works",
  "ship it",
  "continue",
  "proceed",
  "yes please",
  "ok thanks",
  "great thanks",
  "thanks a lot",
  "looks good",
  "nice work",
  "good job",
  "all good",
  "sgtm",
  "will do",
  "understood",
  "alright",
  "hmm",
  "hm",
  "please",
  "that worked",
  "it worked",
  "worked",
  "that did it",
  "that did the trick",
  "amazing",
  "brilliant",
  "excellent",
  "love it",
  "nice one",
  "much appreciated",
  "appreciated",
  "noted",
  "roger",
  "no problem",
  "np",
  "thank you so much",
]);

/**
 * Whether the whole text is an acknowledgement ("ok", "thanks!", "yes, go ahead", "👍").
 *
 * @example Usage
 * ```ts
 * import { isAcknowledgement } from "./chatter.ts";
 * import { equal } from "node:assert/strict";
 * equal(isAcknowledgement("Sounds good!"), true);
 * equal(isAcknowledgement("Sounds good, but never push to main."), false);
 * ```
 */
export function isAcknowledgement(text: string): boolean {
  const cleaned = text.toLowerCase().replace(/[^\p{L}\p{N}' ,]+/gu, " ").trim();
  if (cleaned === "") return true;
  const parts = cleaned.split(/\s*,\s*|\s+(?=thanks|please)/).map((part) => part.trim());
  return parts.every((part) => part === "" || ACK_WORDS.has(part));
}
