/**
 * The gate's evidence: the weight of each signal ({@linkcode W}), the tally that sums them
 * (evidence capped at 1, penalties after the cap), and the signals read from a text's prose
 * (cues, decisions, corrections, errors, fixes, procedures, events, limits, advice, gotchas,
 * relations, definitions, named things, dates).
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
import { isStatement } from "./classify.ts";
import { COMMON_WORDS } from "./entity_words.ts";
import { findEntities } from "./entities.ts";
import { findRelations } from "./relations.ts";
import { splitSentences } from "../text/sentences.ts";
import { resolveTimePhrases } from "../text/time/time_phrase.ts";

/** The weight of each signal: evidence for keeping (positive) or a penalty (negative). */
export const W = {
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

/** "`helix` is our…", "Billing is the…": a definition of a named thing. */
const DEFINITION =
  /^(`[^`]+`|[A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?|[\w./-]+\/[\w./-]+)\s+(?:is|are|stands for|means|refers to)\s+(?:our|the|a|an|where|what)\b/m;

/**
 * Signals and their weights. Evidence for keeping is summed and capped at 1; penalties apply
 * after the cap, so a near-duplicate or narration loses points however many cues it carries.
 */
export class Tally {
  /** Every signal that fired, in order. */
  readonly signals: string[] = [];
  #evidence = 0;
  #penalty = 0;
  readonly #reasons: Array<readonly [number, string]> = [];

  /** Records `signal` with `weight`, and `reason` when it counts for keeping. */
  readonly add = (weight: number, signal: string, reason?: string): void => {
    if (weight >= 0) this.#evidence += weight;
    else this.#penalty += weight;
    this.signals.push(signal);
    if (reason && weight > 0) this.#reasons.push([weight, reason]);
  };

  /** Adds evidence for `reason` without a signal of its own (the signals are pushed apart). */
  evidence(weight: number, reason: string): void {
    this.#evidence += weight;
    this.#reasons.push([weight, reason]);
  }

  /** The reason of the heaviest evidence, if any. */
  best(): string | undefined {
    return [...this.#reasons].sort((a, b) => b[0] - a[0])[0]?.[1];
  }

  /** Evidence capped at 1, plus the penalties (not yet clamped). */
  score(): number {
    return Math.min(1, this.#evidence) + this.#penalty;
  }
}

/**
 * Adds the evidence `prose` (the text without its code lines) carries to `tally`; stack traces
 * are read from `text` itself. Returns the memory cues and decisions that matched.
 */
export function addEvidence(
  tally: Tally,
  prose: string,
  text: string,
): { cues: string[]; decisions: string[] } {
  const { add, signals } = tally;
  const cues = matchingCues(prose, MEMORY_CUES);
  cues.forEach((cue, i) => add(i === 0 ? W.cue : W.extraCue, `cue:${cue}`, `memory cue: ${cue}`));
  const decisions = matchingCues(prose, DECISION_CUES);
  decisions.forEach((cue, i) => add(i === 0 ? W.decision : 0, `decision:${cue}`, "decision"));
  const corrections = matchingCues(prose, CORRECTION_CUES);
  corrections.forEach((cue, i) =>
    add(i === 0 ? W.correction : 0, `correction:${cue}`, "correction")
  );

  let errorScore = 0;
  for (const cue of matchingCues(text, ERROR_CUES.filter((c) => c.name === "stack-trace"))) {
    errorScore += W.stackTrace;
    signals.push(`error:${cue}`);
  }
  for (const cue of matchingCues(prose, ERROR_CUES.filter((c) => c.name !== "stack-trace"))) {
    errorScore += cue === "error-message" ? W.errorMessage : W.failure;
    signals.push(`error:${cue}`);
  }
  if (errorScore > 0) tally.evidence(Math.min(W.errorCap, errorScore), "error");
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
  return { cues, decisions };
}
