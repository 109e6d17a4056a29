/**
 * The write path's heuristic gate: decides, with no model, whether a slice of conversation or
 * tool output is worth extracting from. Most turns of a coding session (narration, file dumps,
 * acknowledgements) are dropped here, which keeps the default write path free of model calls.
 *
 * The score is the sum of the evidence weights, capped at 1, minus the penalties (chatter,
 * question, log, near-duplicate), clamped to 0–1 and compared with {@linkcode GATE_CUTOFF}.
 * Signals are read from the prose only: lines that look like source code are ignored, so
 * `catch (error)` in a file dump is not an error report, while stack-trace lines always count.
 *
 * @module
 */
import {
  ADVICE_CUE,
  CONSTRAINT_CUE,
  CORRECTION_CUES,
  DECISION_CUES,
  ERROR_CUES,
  EVENT_CUE,
  FIX_CUES,
  GOTCHA_CUE,
  matchingCues,
  MEMORY_CUES,
  PROCEDURE_CUE,
  RECURRING_CUE,
} from "./cues.ts";
import { isAcknowledgement, isChatter } from "./chatter.ts";
import { isLogLike, proseOf } from "./code_lines.ts";
import { isStatement } from "./classify.ts";
import { COMMON_WORDS, findEntities } from "./entities.ts";
import { findRelations } from "./relations.ts";
import { splitSentences, wordCount } from "../text/sentences.ts";
import { resolveTimePhrases } from "./time_phrase.ts";

/**
 * The score a text needs to pass the gate. One memory cue or decision alone clears it; an
 * error needs a second signal (a cause, a fix, named entities); entities alone never do.
 */
export const GATE_CUTOFF = 0.5;

/**
 * Cosine similarity to the nearest existing memory from which a text counts as a repeat: its
 * penalty drops it whatever its cues, so a repeated rule is not extracted again (an explicit
 * write still passes, and consolidation reinforces the existing memory).
 */
export const DUPLICATE_SIMILARITY = 0.92;

/** Options for {@linkcode gate}. */
export interface GateOptions {
  /** Cosine similarity (0–1) of the nearest existing memory, when known. */
  readonly nearestSimilarity?: number;
  /** A write the user asked for: always passes. */
  readonly explicit?: boolean;
  /**
   * The assistant turn before the text. When it asks a question, a short reply is an answer
   * ("next April") rather than chatter, and "yes" to "Should I always…?" is a confirmation.
   */
  readonly previousAssistant?: string;
}

/** The gate's verdict. */
export interface GateResult {
  /** Whether the text goes on to extraction. */
  readonly pass: boolean;
  /** Memory-worthiness, 0–1. */
  readonly score: number;
  /** Why, in a few words ("explicit", "memory cue: remember", "chatter"). */
  readonly reason: string;
  /** Every signal that fired, e.g. `cue:always`, `decision:switch`, `error:stack-trace`. */
  readonly signals: readonly string[];
}

const W = {
  cue: 0.6,
  extraCue: 0.05,
  decision: 0.5,
  correction: 0.35,
  errorMessage: 0.3,
  failure: 0.25,
  stackTrace: 0.1,
  errorCap: 0.35,
  fix: 0.45,
  procedure: 0.5,
  event: 0.35,
  constraint: 0.3,
  advice: 0.3,
  gotcha: 0.3,
  statement: 0.3,
  because: 0.2,
  entity: 0.08,
  entityCap: 0.24,
  relation: 0.45,
  definition: 0.45,
  time: 0.2,
  answer: 0.5,
  confirmation: 0.6,
  question: -0.6,
  chatter: -0.3,
  short: -0.1,
  long: -0.1,
  log: -0.15,
  duplicate: -0.6,
  similar: -0.15,
} as const;

const WH_QUESTION =
  /\b(?:who|what|when|where|which|how (?:many|much|long|often|old))\b[^?]*\?\s*$/i;
const AGENT_ACTION_QUESTION =
  /\b(?:should i|shall i|can i|may i|do you want me to|want me to|would you like me to|should we|shall we)\b/i;
const DEFINITION =
  /^(`[^`]+`|[A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?|[\w./-]+\/[\w./-]+)\s+(?:is|are|stands for|means|refers to)\s+(?:our|the|a|an|where|what)\b/m;

/**
 * Scores `text` for memory-worthiness and decides whether it passes on to extraction.
 *
 * @example Usage
 * ```ts
 * import { gate } from "./gate.ts";
 * import { equal, ok } from "node:assert/strict";
 *
 * ok(gate("From now on, always run `deno task ok` before pushing.").pass);
 * equal(gate("Let me look at that file.").pass, false);
 * equal(gate("thanks!").pass, false);
 * equal(gate("ok", { explicit: true }).reason, "explicit");
 * ```
 */
export function gate(text: string, options: GateOptions = {}): GateResult {
  if (options.explicit) return { pass: true, score: 1, reason: "explicit", signals: ["explicit"] };
  const trimmed = text.trim();
  if (trimmed === "") return verdict(0, ["empty"], "empty");
  const question = lastQuestion(options.previousAssistant);

  if (isAcknowledgement(trimmed)) {
    const memoryQuestion = question !== null && matchingCues(question, MEMORY_CUES).length > 0;
    return memoryQuestion &&
        /^\W*(?:y|yes|yep|yeah|yup|sure|no|nope|correct|exactly|right)\b/i.test(trimmed)
      ? verdict(W.confirmation, ["answer:confirmation"], "confirms a memory question")
      : verdict(0, ["ack"], "acknowledgement");
  }

  const prose = proseOf(trimmed);
  const signals: string[] = [];
  const reasons: Array<readonly [number, string]> = [];
  // Evidence for keeping is summed and capped at 1; penalties apply after the cap, so a
  // near-duplicate or narration loses points however many cues it carries.
  let evidence = 0;
  let penalty = 0;
  const add = (weight: number, signal: string, reason?: string) => {
    if (weight >= 0) evidence += weight;
    else penalty += weight;
    signals.push(signal);
    if (reason && weight > 0) reasons.push([weight, reason]);
  };

  const cues = matchingCues(prose, MEMORY_CUES);
  cues.forEach((cue, i) => add(i === 0 ? W.cue : W.extraCue, `cue:${cue}`, `memory cue: ${cue}`));
  const decisions = matchingCues(prose, DECISION_CUES);
  decisions.forEach((cue, i) => add(i === 0 ? W.decision : 0, `decision:${cue}`, "decision"));
  const corrections = matchingCues(prose, CORRECTION_CUES);
  corrections.forEach((cue, i) =>
    add(i === 0 ? W.correction : 0, `correction:${cue}`, "correction")
  );

  let errorScore = 0;
  for (const cue of matchingCues(trimmed, ERROR_CUES.filter((c) => c.name === "stack-trace"))) {
    errorScore += W.stackTrace;
    signals.push(`error:${cue}`);
  }
  for (const cue of matchingCues(prose, ERROR_CUES.filter((c) => c.name !== "stack-trace"))) {
    errorScore += cue === "error-message" ? W.errorMessage : W.failure;
    signals.push(`error:${cue}`);
  }
  if (errorScore > 0) {
    evidence += Math.min(W.errorCap, errorScore);
    reasons.push([Math.min(W.errorCap, errorScore), "error"]);
  }
  for (const cue of matchingCues(prose, FIX_CUES)) {
    add(cue === "fix" ? W.fix : W.because, `fix:${cue}`, cue === "fix" ? "fix" : "explanation");
  }

  if (PROCEDURE_CUE.test(prose)) add(W.procedure, "procedure", "procedure");
  if (EVENT_CUE.test(prose)) add(W.event, "event", "something that happened");
  if (CONSTRAINT_CUE.test(prose)) add(W.constraint, "constraint", "a stated limit");
  if (ADVICE_CUE.test(prose)) add(W.advice, "advice", "advice");
  if (GOTCHA_CUE.test(prose)) add(W.gotcha, "gotcha", "fails under a condition");

  const sentences = splitSentences(prose);
  const relations = sentences.flatMap((s) => findRelations(s.text));
  if (relations.length > 0) add(W.relation, "relation", "relation between named things");
  const definition = prose.match(DEFINITION);
  if (definition && !COMMON_WORDS.has(definition[1]!.toLowerCase())) {
    add(W.definition, "definition", "definition of a named thing");
  } else if (sentences.some((s) => isStatement(s.text))) {
    add(W.statement, "statement", "statement about a named thing");
  }
  const entities = new Set(findEntities(prose).map((e) => e.toLowerCase()));
  for (const r of relations) entities.add(r.from.toLowerCase()).add(r.to.toLowerCase());
  if (entities.size > 0) {
    add(Math.min(W.entityCap, W.entity * entities.size), `entities:${entities.size}`, "entities");
  }
  if (RECURRING_CUE.test(prose) || resolveTimePhrases(prose, { now: 0 }).length > 0) {
    add(W.time, "time", "dated");
  }

  const words = wordCount(prose);
  const committed = cues.length > 0 || decisions.length > 0;
  const isQuestion = /\?\s*$/.test(prose.trim());
  const chatter = isChatter(prose);
  if (chatter && !signals.includes("fix:fix")) add(W.chatter, "chatter");
  if (isQuestion && !cues.includes("remember")) add(W.question, "question");
  const answers = question !== null && WH_QUESTION.test(question) &&
    !AGENT_ACTION_QUESTION.test(question);
  if (answers && words <= 8 && !isQuestion && !chatter) {
    add(W.answer, "answer", "answers a question");
  } else if (words <= 3) add(W.short, "short");
  if (trimmed.length > 1_500 && !committed) add(W.long, "long");
  if (!committed && isLogLike(trimmed)) add(W.log, "log");

  const similarity = options.nearestSimilarity;
  if (similarity !== undefined && similarity >= DUPLICATE_SIMILARITY) add(W.duplicate, "duplicate");
  else if (similarity !== undefined && similarity >= 0.85) add(W.similar, "similar");

  const best = reasons.sort((a, b) => b[0] - a[0])[0]?.[1] ?? "no memory signal";
  const negative = signals.find((s) =>
    ["duplicate", "chatter", "question", "log", "short"].includes(s)
  );
  const score = Math.min(1, evidence) + penalty;
  return verdict(score, signals, score >= GATE_CUTOFF ? best : negative ?? best);
}

function verdict(raw: number, signals: readonly string[], why: string): GateResult {
  const score = Math.round(Math.min(1, Math.max(0, raw)) * 1000) / 1000;
  const pass = score >= GATE_CUTOFF;
  const reason = pass
    ? why
    : why === "acknowledgement" || why === "empty"
    ? why
    : `dropped: ${why}`;
  return { pass, score, reason, signals };
}

/** The last question in an assistant turn, if it asks one. */
function lastQuestion(turn: string | undefined): string | null {
  if (!turn) return null;
  const questions = splitSentences(turn).filter((s) => /\?\s*$/.test(s.text));
  return questions.at(-1)?.text ?? null;
}
