/**
 * Contextual extraction (seed 002): a short reply means something only together with the
 * question before it and the memory that question is about. "next April" after "When are
 * you going?" with "User is planning a trip to Japan with Maya." active becomes "User is
 * planning a trip to Japan with Maya next April.", extending that memory; "actually we're
 * going in May instead" becomes the same sentence in May, updating the April one.
 *
 * @module
 */
import type { Candidate, ExtractionContext } from "../model/candidate.ts";
import { CORRECTION_CUES, matchingCues, MEMORY_CUES } from "./cues.ts";
import { isAcknowledgement } from "./chatter.ts";
import { classifySentence } from "./classify.ts";
import { lastQuestion, stripEnd, wordsOf } from "../text/sentences.ts";
import { thirdPersonVerb } from "../text/third_person.ts";
import { resolveTimePhrases } from "../text/time/time_phrase.ts";
import { combined, FALLBACK_CONFIDENCE, standalone } from "./context_candidate.ts";
import { correction } from "./context_correction.ts";
import { substituteValue } from "./context_value.ts";
import {
  chooseTarget,
  namesSubject,
  subjectOf,
  topicOf,
  withoutTimePhrases,
} from "./context_target.ts";

/** Replies up to this many words count as short answers. */
export const SHORT_ANSWER_WORDS = 8;

const HEDGES =
  /^(?:(?:mostly|mainly|primarily|probably|maybe|perhaps|just|definitely|basically|i think|i guess|i'd say|um+|uh+|well|oh|hmm+|so|and|ah)\b[\s,]*)+/i;
const PRONOUN_OR_ELLIPSIS =
  /^(?:\.\.\.|…|it|that|this|they|them|those|these|there|he|she|yes|no|yeah|yep|nope)\b/i;
const WH_QUESTION = /^(?:who|what|when|where|which|how)\b/i;
/** A short phrase led by a preposition: the answer to a question, never a sentence of its own. */
const PHRASE =
  /^(?:on|at|in|every|each|around|by|from|since|until|via|with)\s+\S+(?:\s+\S+){0,2}$/i;

/**
 * Builds candidates from a reply and its context, or returns `null` when the text is not a
 * contextual case (not short, no question before it, no correction of an active memory) and
 * the ordinary sentence rules should handle it. An empty array means: a contextual reply
 * with nothing to keep ("yes please" to "Want me to commit this?").
 */
export function extractFromContext(text: string, context: ExtractionContext): Candidate[] | null {
  const reply = text.trim();
  const words = wordsOf(reply).length;
  const short = words <= SHORT_ANSWER_WORDS || PRONOUN_OR_ELLIPSIS.test(reply);
  const active = context.active ?? [];
  const time = (content: string) => resolveTimePhrases(content, timeOptions(context));

  if (short && active.length > 0 && matchingCues(reply, CORRECTION_CUES).length > 0) {
    const corrected = correction(reply, active, time);
    if (corrected) return [corrected];
  }
  const question = lastQuestion(context.previousAssistant);
  if (!short || question === null) return null;
  // A reply that stands on its own ("Never push to main.") goes through the sentence rules; a
  // phrase that opens on a preposition ("on Thursdays now") is an answer, not a sentence.
  if (
    !PRONOUN_OR_ELLIPSIS.test(reply) && !PHRASE.test(reply) && classifySentence(reply) !== null
  ) return null;
  const answer = stripEnd(reply.replace(HEDGES, ""));
  if (answer === "") return [];

  if (isAcknowledgement(reply) || /^(?:not yet|not now|later|no thanks)\b/i.test(reply)) {
    return confirmation(question, reply);
  }
  const [phrase] = time(answer);
  // The question names the subject; the answer is the value (its words select nothing: "in
  // April" to "When do we replace the office router?" is not about a trip planned for April).
  const target = chooseTarget(question, active, {
    dated: phrase !== undefined,
    time,
    specific: namesSubject(question),
    question: true,
  });

  // A value of a kind the memory holds one of (a day, a time of day) takes its place.
  const substituted = target && WH_QUESTION.test(question)
    ? substituteValue(target.content, answer)
    : null;
  if (target && substituted) {
    return [
      combined(substituted.content, target, substituted.same ? "extends" : "updates", undefined),
    ];
  }
  if (/^when\b/i.test(question) && phrase) {
    if (target) {
      // A memory that already has a date gets this one in its place (the same date: the same
      // memory again, which consolidation keeps once); one without a date gains it.
      const [old] = time(target.content);
      if (old) {
        const content = target.content.slice(0, old.index) + phrase.phrase +
          target.content.slice(old.index + old.phrase.length);
        return [
          combined(content, target, old.phrase === phrase.phrase ? "extends" : "updates", phrase),
        ];
      }
      return [combined(`${stripEnd(target.content)} ${answer}.`, target, "extends", phrase)];
    }
    // "When are you planning the Japan trip with Maya?" → "User is planning the Japan trip …"
    const doing = question.match(
      /^when\s+(?:are|is|will)\s+(you|we|[\w-]+)\s+(?:be\s+)?(\w+ing)(?:\s+(.+?))?\s*\?$/i,
    );
    if (doing) {
      const who = doing[1]!.toLowerCase() === "we" ? "We are" : `${subjectOf(doing[1]!)} is`;
      const what = doing[3] ? ` ${doing[3]}` : "";
      return [standalone(`${who} ${doing[2]}${what} ${answer}.`, "fact", phrase, answer)];
    }
    const subject = question.match(/^when\s+(?:is|are|was|were|will)\s+(.+?)\s*\?$/i)?.[1];
    if (subject) return [standalone(`${subjectOf(subject)} is ${answer}.`, "fact", phrase)];
  }
  const focus =
    /^what\s+(?:do|would|will)\s+you\s+(?:want|like|plan|hope|intend)\s+to\s+(?:do|see|focus on|try|visit)\b/i;
  if (focus.test(question) && target) {
    // The topic without its date: the focus is on the trip, not on when it happens.
    const topic = topicOf(withoutTimePhrases(target.content, time));
    const content = topic
      ? `User wants ${topic} to focus on ${answer}.`
      : `${stripEnd(target.content)}, focusing on ${answer}.`;
    return [combined(content, target, "extends", phrase)]; // an extension keeps its type (and scope)
  }
  const which = question.match(
    /^(?:which|what)\s+(.+?)\s+(?:do|does|did)\s+(.+?)\s+(use|prefer|run|want|need|like)\s*\?$/i,
  );
  if (which) {
    const who = subjectOf(which[2]!, false);
    const type = /prefer|like|want/i.test(which[3]!) ? "preference" : "fact";
    return [
      standalone(
        `The ${which[1]} ${who} ${thirdPersonVerb(which[3]!)} is ${answer}.`,
        type,
        phrase,
        answer,
      ),
    ];
  }
  const name = question.match(
    /^what(?:'s| is| are)\s+(?:the|your|our)\s+(.+?)(?:\s+(called|named))?\s*\?$/i,
  );
  if (name) {
    const owner = /^what(?:'s| is| are)\s+your\b/i.test(question) ? "User's" : "The";
    return [
      standalone(
        `${owner} ${name[1]} is ${name[2] ? `${name[2]} ` : ""}${answer}.`,
        "fact",
        phrase,
        answer,
      ),
    ];
  }
  const who = question.match(
    /^who\s+(owns|maintains|runs|handles|works on|is responsible for|leads)\s+(.+?)\s*\?$/i,
  );
  if (who) return [standalone(`${answer} ${who[1]} ${who[2]}.`, "fact", phrase, answer)];

  if (target && WH_QUESTION.test(question)) {
    const candidate = combined(
      `${stripEnd(target.content)}: ${answer}.`,
      target,
      "extends",
      phrase,
    );
    return [{ ...candidate, confidence: FALLBACK_CONFIDENCE }];
  }
  // Nothing fits: the answer is kept as its own memory with its question, not dropped and
  // never appended to a memory it does not concern.
  if (WH_QUESTION.test(question)) {
    const own = standalone(`${stripEnd(question)}: ${answer}.`, "fact", phrase, answer);
    return [{ ...own, confidence: FALLBACK_CONFIDENCE }];
  }
  return [];
}

/** "yes" to "Should I always run `deno fmt` on the files I touch?": a standing instruction. */
function confirmation(question: string, reply: string): Candidate[] {
  if (matchingCues(question, MEMORY_CUES).length === 0) return [];
  const ask = question.match(
    /^(?:should|shall|can|may)\s+(?:i|we)\s+(.+?)\s*\?$|^(?:do you want|would you like|want)\s+me\s+to\s+(.+?)\s*\?$/i,
  );
  const action = ask?.[1] ?? ask?.[2];
  if (!action) return [];
  const agentAction = action
    .replace(/\bI\s+(\w+)/g, (_, verb: string) => `it ${thirdPersonVerb(verb)}`)
    .replace(/\bmy\b/gi, "its");
  const negative = /^\W*(?:no|nope|nah|not)\b/i.test(reply);
  const content = `User ${negative ? "does not want" : "wants"} the agent to ${agentAction}.`;
  const type = /\b(?:always|never|from now on|by default)\b/i.test(action)
    ? "convention"
    : "preference";
  return [standalone(content, type, undefined)];
}

function timeOptions(context: ExtractionContext) {
  return context.timeZone === undefined
    ? { now: context.now }
    : { now: context.now, timeZone: context.timeZone };
}
