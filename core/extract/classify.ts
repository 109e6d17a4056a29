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
import { COMMON_WORDS, findEntities } from "./entities.ts";
import { findRelations } from "./relations.ts";
import { LIST_ITEM, stripEnd } from "../text/sentences.ts";

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

/**
 * Trigger patterns of a negative memory: the commands, files, paths and names it warns
 * about, as they would appear in an agent's context; failing those, the object of the verb
 * ("avoid lodash" → "lodash").
 */
export function triggersOf(sentence: string): string[] {
  const out = new Set<string>();
  for (const entity of findEntities(sentence)) {
    if (/^v?\d+(?:\.\d+)*$/.test(entity)) continue; // a bare version matches too much
    out.add(entity);
    const name = entity.match(/^(.+?)\s+v?\d+(?:\.\d+)+/)?.[1]; // "sqlite-vec 0.1.10" → "sqlite-vec"
    if (name) out.add(name);
  }
  const condition = sentence.match(
    /\b(?:when|whenever|if|unless|under|once)\s+((?:the\s+|a\s+|an\s+)?[\w./@-]+(?:\s+[\w./@-]+){0,4})/i,
  )?.[1] ??
    sentence.match(
      /\b(?:fails?|breaks?|crash(?:es)?|hangs?)\s+on\s+((?:the\s+)?[\w./@-]+(?:\s+[\w./@-]+){0,4})/i,
    )?.[1];
  if (out.size === 0 && condition && GOTCHA_CUE.test(sentence)) {
    out.add(condition.replace(/^(?:the|a|an)\s+/i, "").replace(/[.,;:!]+$/, ""));
  }
  if (out.size === 0) {
    const object = objectOfNegation(sentence);
    if (object) out.add(object);
  }
  return [...out];
}

/** "never push straight to main" → "main"; "don't add new dependencies without…" → "new dependencies". */
function objectOfNegation(sentence: string): string | null {
  const after = sentence.match(/\b(?:don't|do not|never|avoid|stop|no more)\s+(.+)$/i)?.[1];
  if (!after) return null;
  const words = after.split(/\s+/);
  let i = 0;
  if (
    /^(?:ever|again|\w+ing|use|call|run|add|touch|edit|commit|push|merge|delete|deploy|change|modify|install|import|rename|remove|bump|upgrade|downgrade|pin|update|force|rebase|truncate|drop|restart|reset|ping|mock|skip|ship|log|print|hardcode|store|cache)$/i
      .test(words[0] ?? "")
  ) i++;
  while (
    i < words.length &&
    /^(?:straight|directly|ever|anything|any|the|a|an|to|into|on|in|under|from|at|with|of)$/i.test(
      words[i]!,
    )
  ) i++;
  const object: string[] = [];
  for (; i < words.length && object.length < 3; i++) {
    const word = words[i]!;
    if (
      /^(?:without|before|after|when|unless|if|because|for|in|on|to|from|with|or|and|but|past|beyond|above|below|than)$/i
        .test(word)
    ) break;
    object.push(word.replace(/[.,;:!?]+$/, ""));
    if (/[.,;:!?]$/.test(word)) break;
  }
  return object.length > 0 ? object.join(" ") : null;
}

/** Steps of a procedure in one sentence: "first A, then B, and finally C", "to X, run Y". */
function sentenceSteps(sentence: string): string[] | null {
  const sequence = sentence.match(/\bfirst\b,?\s*([\s\S]+)$/i);
  if (sequence && /\b(?:then|after that|next|finally)\b/i.test(sequence[1]!)) {
    const steps = sequence[1]!
      .split(/,?\s*(?:\band\s+)?\b(?:then|after that|next|finally|and finally)\b,?\s*/i)
      .map(stripEnd)
      .filter((step) => step !== "");
    if (steps.length >= 2) return steps;
  }
  const single = sentence.match(
    /^to\s+[^,:]{3,60}[,:]\s*((?:run|use|call|execute|type|open|set)\b.+)$/i,
  );
  if (single) return [stripEnd(single[1]!)];
  return null;
}

/**
 * Steps of a procedure spread over a text: a numbered list (one item per line, or inline
 * "1. … 2. …"), or a bulleted list after an intro that ends with a colon. Returns the intro
 * and the steps, or `null` when the text holds no list of two or more steps.
 */
export function listSteps(text: string): { intro: string; steps: string[] } | null {
  const inline = [...text.matchAll(/(?:^|\s)(\d{1,2})[.)]\s+/g)];
  if (inline.length >= 2 && inline.every((m, i) => Number(m[1]) === i + 1)) {
    const intro = stripEnd(text.slice(0, inline[0]!.index));
    const steps = inline.map((m, i) =>
      stripEnd(text.slice(m.index + m[0].length, inline[i + 1]?.index ?? text.length))
    );
    if (steps.every((step) => step !== "")) return { intro, steps };
  }
  const lines = text.split("\n");
  const firstItem = lines.findIndex((line) => LIST_ITEM.test(line));
  if (firstItem < 1 || !/:\s*$/.test(lines[firstItem - 1]!)) return null;
  const steps: string[] = [];
  for (const line of lines.slice(firstItem)) {
    const item = line.match(LIST_ITEM);
    if (!item) break;
    steps.push(stripEnd(item[2]!));
  }
  if (steps.length < 2) return null;
  return { intro: stripEnd(lines.slice(0, firstItem).join(" ")), steps };
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
