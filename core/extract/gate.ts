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
import { matchingCues, MEMORY_CUES } from "./cues.ts";
import { isAcknowledgement, isChatter } from "./chatter.ts";
import { isLogLike, proseOf } from "./code_lines.ts";
import { addEvidence, Tally, W } from "./gate_evidence.ts";
import { lastQuestion, wordCount } from "../text/sentences.ts";

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

const WH_QUESTION =
  /\b(?:who|what|when|where|which|how (?:many|much|long|often|old))\b[^?]*\?\s*$/i;
/**
 * A request to the agent ("please fix …", "can you run …"), unless what it asks is to remember
 * or note something.
 */
const TASK_REQUEST =
  /^(?:(?:ok(?:ay)?|so|now|and|also|then)\b,?\s+)?(?:(?:please|pls)\s+|(?:can|could|would|will)\s+you\s+(?:please\s+)?)(?!(?:remember|note|keep in mind|record|save|store|write down|don't forget|do not forget)\b)\w+/i;
const AGENT_ACTION_QUESTION =
  /\b(?:should i|shall i|can i|may i|do you want me to|want me to|would you like me to|should we|shall we)\b/i;
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
 * equal(gate("The staging db listens on 5433", { explicit: true }).reason, "explicit");
 * equal(gate("ok thanks, sounds good!", { explicit: true }).pass, false);
 * equal(gate("can you run the tests?", { explicit: true }).pass, false);
 * ```
 */
export function gate(text: string, options: GateOptions = {}): GateResult {
  const trimmed = text.trim();
  if (trimmed === "") return verdict(0, ["empty"], "empty");
  const question = lastQuestion(options.previousAssistant);
  // An explicit note (the user asked) passes whatever its cues — unless it is only chatter or
  // an acknowledgement, which no request to remember makes worth keeping.
  if (options.explicit && !isAcknowledgement(trimmed)) {
    const prose = proseOf(trimmed);
    const tally = new Tally();
    const { cues, decisions } = addEvidence(tally, prose, trimmed);
    if (cues.length > 0 || decisions.length > 0) {
      return { pass: true, score: 1, reason: "explicit", signals: ["explicit"] };
    }
    if (isChatter(prose)) return verdict(0, ["explicit", "chatter"], "chatter");
    // What the user asks the agent to do or tell ("can you run the tests?", "please fix the
    // failing test") is the turn's task, not something to remember.
    if (/\?\s*$/.test(prose.trim())) return verdict(0, ["explicit", "question"], "question");
    if (TASK_REQUEST.test(prose.trim())) {
      return verdict(0, ["explicit", "request"], "a request to the agent");
    }
    return { pass: true, score: 1, reason: "explicit", signals: ["explicit"] };
  }

  if (isAcknowledgement(trimmed)) {
    const memoryQuestion = question !== null && matchingCues(question, MEMORY_CUES).length > 0;
    return memoryQuestion &&
        /^\W*(?:y|yes|yep|yeah|yup|sure|no|nope|correct|exactly|right)\b/i.test(trimmed)
      ? verdict(W.confirmation, ["answer:confirmation"], "confirms a memory question")
      : verdict(0, ["ack"], "acknowledgement");
  }

  const prose = proseOf(trimmed);
  const tally = new Tally();
  const { cues, decisions } = addEvidence(tally, prose, trimmed);
  const { signals, add } = tally;

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

  const best = tally.best() ?? "no memory signal";
  const negative = signals.find((s) =>
    ["duplicate", "chatter", "question", "log", "short"].includes(s)
  );
  const score = tally.score();
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
