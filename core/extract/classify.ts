/**
 * Sentence-level rules of the deterministic extractor: which memory type a sentence states
 * (negative rule, gotcha, decision, preference, convention, procedure, entity definition,
 * episode, fact), the trigger patterns of negative memories, and the steps of procedures
 * (numbered lists, "first … then … finally", "to deploy, run …").
 *
 * Rules are ordered from the most specific cue to the least; the first that matches wins.
 *
 * @module
 */
import type { MemoryType } from "../model/types.ts";
import {
  ADVICE_CUE,
  CONSTRAINT_CUE,
  DECISION_CUES,
  ERROR_CUES,
  EVENT_CUE,
  FIX_CUES,
  GOTCHA_CUE,
  matchingCues,
  MEMORY_CUES,
  RECURRING_CUE,
} from "./cues.ts";
import { isAcknowledgement, isChatter } from "./chatter.ts";
import { isCodeLine } from "./code_lines.ts";
import { COMMON_WORDS } from "./entity_words.ts";
import { findEntities } from "./entities.ts";
import { findRelations } from "./relations.ts";
import { sentenceSteps } from "./steps.ts";
import { triggersOf } from "./triggers.ts";

/** What a sentence states, according to the rules. */
export interface Classification {
  readonly type: MemoryType;
  /** The rule that fired (for tests and debugging). */
  readonly rule: string;
  /** Base confidence of the rule, 0–1. */
  readonly confidence: number;
  /** Trigger patterns, for negative memories (rules and gotchas). */
  readonly triggers?: readonly string[];
  /** Steps, for procedures. */
  readonly steps?: readonly string[];
}

const NEGATIVE_RULE = new RegExp(
  [
    String
      .raw`(?:^|[;:]\s+|,\s*(?:so|and|but)\s+)(?:please\s+|and\s+|also\s+|but\s+|so\s+|actually,?\s+)*(?:don't|do not|never|avoid|stop|no more)\b(?!\s+(?:worry|bother|mind|know|think|see|forget)\b)`,
    String
      .raw`(?:^|[;:,]\s*|\b(?:and|but|so)\s+)(?:we|you)\s+(?:should\s+|must\s+)?(?:never|don't|do not|must not|mustn't|shouldn't|should not|cannot|can't)\s+(?!worry|bother|need|have to|know|think)\w`,
    String.raw`\b(?:is|are)\s+(?:not allowed|forbidden|off[- ]limits|banned)\b`,
  ].join("|"),
  "i",
);
/** "Use X for Y", "Prefer X over Y", "Run X before Y": an imperative with a standing scope. */
const IMPERATIVE_RULE =
  /^(?:please\s+)?(?:use|prefer|keep|put|name|write|pass|run|call|store|log|return|throw|wrap|prefix|suffix|import)\s+\S.*\b(?:for|instead of|rather than|over|before|after|whenever|every|each|in all|by default|, not|not)\b/i;
/** A status of the moment ("CI is red again"), not a durable fact. */
const TRANSIENT =
  /\b(?:is|are)\s+(?:red|green|down|up|broken|failing|passing|flaky|done|ready|back|fine)\b(?!\s+(?:on|when|if|every|whenever|for))|\bagain\b/i;
const NOT_A_RULE =
  /^(?:please\s+)?(?:don't|do not)\s+(?:worry|bother|mind|know|think|see|forget)\b/i;
const PREFERENCE =
  /^(?:User\s+(?:(?:really|strongly|generally|usually|mostly|also)\s+)?(?:prefers|likes|loves|hates|dislikes|wants|doesn't like|does not like|would rather)|User's preference)\b|\bprefers?\s+\S.*\bover\b/;
/** The user describing themselves: "My editor is Helix", "I'm on the billing team". */
const IDENTITY =
  /^(?:my\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are)\b|i(?:'m|\s+am)\s+(?:a|an|on|in|the|based|from|responsible)\b|i\s+(?:work|live)\s+(?:on|in|at|for)\b|User's\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are)\b|User\s+(?:is\s+(?:a|an|on|in|the|based|from)|works\s+(?:on|in|at|for)|lives\s+in)\b)/i;
const REMEMBER_THAT =
  /^(?:please\s+)?(?:remember|note|keep in mind|fyi|for the record)(?:\s+that)?[,:]?\s+/i;
const PAST_EVENT =
  /\b(?:failed|broke|crashed|went down|was red|was down|timed out|regressed|stopped|lost|shipped|released|deployed|merged|migrated|rotated|upgraded|rolled back|launched|fixed)\b/i;
const PRONOUN_START =
  /^(?:it|this|that|they|these|those|he|she)\b(?!\s+(?:is|was)\s+(?:why|because))/i;

/**
 * Classifies one sentence (already rewritten to the third person where it was the user's).
 * Returns `null` for sentences that carry nothing to keep: questions, narration, bare
 * acknowledgements, code, and statements with no named thing in them.
 */
export function classifySentence(sentence: string): Classification | null {
  const text = sentence.trim();
  if (text === "" || isAcknowledgement(text) || isChatter(text) || isCodeLine(text)) return null;
  if (/\?\s*$/.test(text) && !/^(?:please\s+)?remember\b/i.test(text)) return null;
  if (/^\s*at\s+\S+.*:\d+:\d+\)?$/.test(text)) return null; // stack-trace line

  const cues = matchingCues(text, MEMORY_CUES);
  if (NEGATIVE_RULE.test(text) && !NOT_A_RULE.test(text)) {
    return {
      type: "convention",
      rule: "negative-rule",
      confidence: 0.85,
      triggers: triggersOf(text),
    };
  }
  if (GOTCHA_CUE.test(text) && !/^(?:the|a|an)?\s*\w+\s+(?:failed|broke)\b/i.test(text)) {
    return { type: "fact", rule: "gotcha", confidence: 0.75, triggers: triggersOf(text) };
  }
  const fixed = matchingCues(text, FIX_CUES);
  const failing = ERROR_CUES.some((cue) => cue.re.test(text));
  const failureThenCause = failing && /\bbecause\b/i.test(text) &&
    ERROR_CUES[1]!.re.exec(text)!.index < text.search(/\bbecause\b/i);
  if (fixed.includes("fix") || failureThenCause) {
    return { type: "episode", rule: "fix", confidence: 0.75 };
  }
  const dated = /\b(?:today|yesterday|this morning|earlier today|last (?:week|night|month)|ago)\b/i
    .test(text);
  if (EVENT_CUE.test(text) && dated) return { type: "episode", rule: "episode", confidence: 0.7 };
  if (matchingCues(text, DECISION_CUES).length > 0 || cues.includes("we-decided")) {
    return { type: "decision", rule: "decision", confidence: 0.85 };
  }
  const imperative = /^(?:please\s+)?prefer\b/i.test(text); // "Prefer X over Y": a convention
  if ((PREFERENCE.test(text) || cues.includes("prefer")) && !imperative) {
    return { type: "preference", rule: "preference", confidence: 0.85 };
  }
  if (IDENTITY.test(text)) return { type: "identity", rule: "identity", confidence: 0.8 };
  const steps = sentenceSteps(text);
  if (steps) return { type: "procedure", rule: "procedure", confidence: 0.8, steps };
  const definition = text.match(
    /^(`[^`]+`|[A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?)\s+(?:is|are)\s+(?:our|the team's|the|a|an)\s/,
  );
  const strong = cues.filter((c) => c !== "remember" && c !== "convention");
  if (
    definition && strong.length === 0 && !COMMON_WORDS.has(definition[1]!.toLowerCase()) &&
    !PAST_EVENT.test(text)
  ) {
    return { type: "entity", rule: "definition", confidence: 0.75 };
  }
  const conventional = cues.filter((c) => c !== "remember");
  if (
    conventional.length > 0 || IMPERATIVE_RULE.test(text) || ADVICE_CUE.test(text) ||
    /^(?:please\s+)?(?:remember|don't forget) to\b/i.test(text)
  ) {
    return { type: "convention", rule: "convention", confidence: 0.85 };
  }
  if (
    EVENT_CUE.test(text) || (failing && fixed.includes("because")) ||
    (PAST_EVENT.test(text) && /\b(?:today|yesterday|last|this morning|earlier|ago)\b/i.test(text))
  ) {
    return { type: "episode", rule: "episode", confidence: 0.7 };
  }
  if (TRANSIENT.test(text) && cues.length === 0) return null;
  const entities = findEntities(text);
  const relations = findRelations(text);
  const grounded = entities.length > 0 || relations.length > 0;
  if (
    relations.length > 0 ||
    (grounded && (CONSTRAINT_CUE.test(text) || RECURRING_CUE.test(text) || isStatement(text))) ||
    (cues.includes("remember") && grounded)
  ) {
    return { type: "fact", rule: "fact", confidence: 0.6 };
  }
  return null;
}

/** Whether a sentence opens with a pronoun that points back to the sentence before it. */
export function startsWithPronoun(sentence: string): boolean {
  return PRONOUN_START.test(sentence.trim());
}

/** Strips "Remember that", "Note:", "FYI" from the front of a fact. */
export function stripRememberPrefix(sentence: string): string {
  return sentence.replace(REMEMBER_THAT, "");
}

/** "The staging database is read-only…": a sentence whose subject is a named thing. */
export function isStatement(sentence: string): boolean {
  if (/\?\s*$/.test(sentence)) return false;
  const verb = sentence.match(
    /\s(?:is|are|has|have|stores|keeps|runs|lives|holds|contains|expects|returns|accepts|takes|needs|only|never|always|must|cannot|can't|isn't|aren't)\s/,
  );
  if (!verb || verb.index! > 60) return false;
  const plain = sentence.replace(/`/g, "");
  return findEntities(sentence).some((entity) => {
    const at = plain.indexOf(entity);
    return at >= 0 && at < verb.index!;
  });
}
