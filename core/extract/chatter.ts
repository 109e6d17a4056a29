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
 * Narration of what is happening this moment, with nothing but the act: "merging now",
 * "pushing it". (A verb with an object or a complement, "Deploying to Fly needs flyctl",
 * says something and is not narration.)
 */
const JUST_NOW =
  /^(?:\w+ing)(?:\s+(?:it|that|this|them|now|right now|next|then|in a (?:sec|second|minute|moment)))*\s*[.!…]*$/i;

/**
 * Whether a turn is chatter: only filler ("Sure!"), or narration of the speaker's next step
 * ("Let me look at that file.", "Okay, running the tests now.", "Perfect, merging now").
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
  return rest === "" || NARRATION.test(rest) || JUST_NOW.test(rest);
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
  if (parts.every((part) => part === "" || ACK_WORDS.has(part))) return true;
  // Other shapes of the same ("great job", "haha", "yep that fixed it", "sounds good to me"):
  // a short text made only of the words acknowledgements, praise, laughter and pointing are
  // made of. One word that names something ("the migration fixed it") makes it a statement.
  const words = cleaned.split(/[\s,]+/).filter((w) => w !== "");
  return words.length <= MAX_ACK_WORDS && words.every((w) => ACK_TOKENS.has(w));
}

/** The longest acknowledgement {@linkcode isAcknowledgement} reads word by word. */
const MAX_ACK_WORDS = 8;

/**
 * The words acknowledgements are made of: those of {@linkcode ACK_WORDS}, praise, laughter and
 * interjections, and words that point or relate without naming anything.
 */
const ACK_TOKENS = new Set([
  ...[...ACK_WORDS].flatMap((phrase) => phrase.split(" ")),
  ..."job work well very really so much indeed super sweet wow yay woohoo haha hahaha lol lmao hehe heh oh ah aha ooh interesting neat lovely fantastic wonderful great good nice cool awesome fixed solved helped did does trick works worked working fine me to for that this it all set now then too also again there we go you i thx ty u the other one"
    .split(" "),
]);
