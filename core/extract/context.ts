/**
 * Contextual extraction (seed 002): a short reply means something only together with the
 * question before it and the memory that question is about. "next April" after "When are
 * you going?" with "User is planning a trip to Japan with Maya." active becomes "User is
 * planning a trip to Japan with Maya next April.", extending that memory; "actually we're
 * going in May instead" becomes the same sentence in May, updating the April one.
 *
 * @module
 */
import type {
  ActiveMemory,
  Candidate,
  CandidateLink,
  ExtractionContext,
} from "../model/candidate.ts";
import { CORRECTION_CUES, isAcknowledgement, matchingCues, MEMORY_CUES } from "./cues.ts";
import { classifySentence } from "./classify.ts";
import { findEntities } from "./entities.ts";
import { findRelations } from "./relations.ts";
import {
  asSentence,
  splitSentences,
  stripEnd,
  thirdPersonVerb,
  wordsOf,
} from "../text/sentences.ts";
import { resolveTimePhrases, type TimePhrase } from "./time_phrase.ts";
import { sharedWords } from "../text/words.ts";

/** Replies up to this many words count as short answers. */
export const SHORT_ANSWER_WORDS = 8;

/** Base confidence of a candidate built from a reply and its context. */
const CONTEXT_CONFIDENCE = 0.8;
/** Confidence when only a generic template could combine reply and context. */
const FALLBACK_CONFIDENCE = 0.45;

const HEDGES =
  /^(?:(?:mostly|mainly|primarily|probably|maybe|perhaps|just|definitely|basically|i think|i guess|i'd say|um+|uh+|well|oh|hmm+|so|and|ah)\b[\s,]*)+/i;
const PRONOUN_OR_ELLIPSIS =
  /^(?:\.\.\.|…|it|that|this|they|them|those|these|there|he|she|yes|no|yeah|yep|nope)\b/i;
const WH_QUESTION = /^(?:who|what|when|where|which|how)\b/i;
const MEMORY_SUBJECT =
  /^(User|We|[A-Z][\w-]*)\s+(?:is|are|'re)\s+(?:planning|organising|organizing|preparing|building|writing|working on|taking|going on|running|designing|migrating|learning)\s+(?:a|an|the|their|our|his|her)\s+(.+?)\.?$/;

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
  // A reply that stands on its own ("Never push to main.") goes through the sentence rules.
  if (!PRONOUN_OR_ELLIPSIS.test(reply) && classifySentence(reply) !== null) return null;
  const answer = stripEnd(reply.replace(HEDGES, ""));
  if (answer === "") return [];

  if (isAcknowledgement(reply) || /^(?:not yet|not now|later|no thanks)\b/i.test(reply)) {
    return confirmation(question, reply);
  }
  const [phrase] = time(answer);
  const target = chooseTarget(`${question} ${answer}`, active, phrase !== undefined, time);

  if (/^when\b/i.test(question) && phrase) {
    if (target) {
      return [combined(`${stripEnd(target.content)} ${answer}.`, target, "extends", phrase)];
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
  return [];
}

/**
 * "actually we're going in May instead": the active memory it corrects, re-stated with the new
 * detail (a new date in place of the old one, a new name in place of the one it replaces).
 * `null` when no active memory is plausibly the one corrected.
 */
function correction(
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
  const target = chooseTarget(reply, active, phrase !== undefined, time);
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

function combined(
  content: string,
  target: ActiveMemory,
  relation: CandidateLink,
  phrase: TimePhrase | undefined,
  type = target.type,
): Candidate {
  const sentence = asSentence(content);
  return {
    type,
    content: sentence,
    ...grounded(content, []),
    confidence: CONTEXT_CONFIDENCE,
    ...timeFields(phrase),
    link: { id: target.id, relation },
  };
}

function standalone(
  content: string,
  type: Candidate["type"],
  phrase: TimePhrase | undefined,
  answer?: string,
): Candidate {
  const sentence = asSentence(content);
  // A short answer to "which…?" or "who…?" names a thing even when it is lowercase ("pnpm").
  const named = answer && !phrase && wordsOf(answer).length <= 3 ? [answer] : [];
  return {
    type,
    content: sentence,
    ...grounded(content, named),
    confidence: CONTEXT_CONFIDENCE,
    ...timeFields(phrase),
  };
}

/** Event time fields from a phrase, when there is one. */
export function timeFields(phrase: TimePhrase | undefined): Partial<Candidate> {
  return phrase ? { eventAt: phrase.start, eventEnd: phrase.end, eventPhrase: phrase.phrase } : {};
}

/**
 * The active memory a reply is about: the one sharing the most content words with the question
 * and reply (a dated one first when the reply is a date); the most relevant one on a tie.
 */
function chooseTarget(
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
function withoutTimePhrases(content: string, time: (content: string) => TimePhrase[]): string {
  let out = content;
  for (const phrase of time(content).reverse()) {
    out = out.slice(0, phrase.index).trimEnd() + out.slice(phrase.index + phrase.phrase.length);
  }
  return out;
}

/** "User is planning a trip to Japan with Maya." → "their trip to Japan with Maya". */
function topicOf(content: string): string | null {
  const m = content.match(MEMORY_SUBJECT);
  if (!m) return null;
  const owner = m[1] === "We" ? "our" : "their";
  return `${owner} ${m[2]}`;
}

/** "you" → "User" ("the user" inside a sentence), "the release" → "The release". */
function subjectOf(phrase: string, initial = true): string {
  const user = initial ? "User" : "the user";
  if (/^you$/i.test(phrase)) return user;
  const replaced = phrase.replace(/\byour\b/gi, `${user}'s`).replace(/\byou\b/gi, user);
  return initial ? replaced.charAt(0).toUpperCase() + replaced.slice(1) : replaced;
}

/** Entities and relations of new content; relation endpoints count as entities. */
function grounded(content: string, named: readonly string[]) {
  const relations = findRelations(content);
  const endpoints = relations.flatMap((r) => [r.from, r.to]).filter((e) => e !== "User");
  return { entities: mergeEntities(findEntities(content), [...named], endpoints), relations };
}

function mergeEntities(...lists: readonly string[][]): string[] {
  const seen = new Set<string>();
  return lists.flat().filter((e) => !seen.has(e.toLowerCase()) && seen.add(e.toLowerCase()));
}

function lastQuestion(turn: string | undefined): string | null {
  if (!turn) return null;
  return splitSentences(turn).filter((s) => /\?\s*$/.test(s.text)).at(-1)?.text ?? null;
}

function timeOptions(context: ExtractionContext) {
  return context.timeZone === undefined
    ? { now: context.now }
    : { now: context.now, timeZone: context.timeZone };
}
