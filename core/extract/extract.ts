/**
 * The deterministic extractor: text and its context in, typed candidate memories out, with
 * no model. Rules and templates only, so the same input always gives the same candidates.
 *
 * 1. A short reply to an assistant question, or a short correction of an active memory, is
 *    combined with that context into one self-contained candidate linked to the memory it
 *    extends or updates (`context.ts`).
 * 2. Otherwise a numbered or bulleted list becomes a procedure with steps, and every other
 *    sentence is classified by the rules in `classify.ts` (`drafts.ts`). A sentence that opens
 *    with a pronoun, or a clause the rules do not classify, joins the candidate before it.
 * 3. Each candidate gets its entities, relations and event time ("next April" → a span), a
 *    user's first person is rewritten ("I prefer" → "User prefers"), and a correction or a
 *    replacement ("from Postgres to SQLite") links to the active memory it updates
 *    (`update_link.ts`).
 *
 * @module
 */
import type { Candidate, CandidateRelation, ExtractionInput } from "../model/candidate.ts";
import type { Classification } from "./classify.ts";
import { listSteps } from "./steps.ts";
import { type Draft, fromSentences, rewrite } from "./drafts.ts";
import { linkFor } from "./update_link.ts";
import { extractFromContext } from "./context.ts";
import { timeFields } from "./context_candidate.ts";
import { findEntities, mergeEntities } from "./entities.ts";
import { findRelations } from "./relations.ts";
import { asSentence, splitSentences, stripEnd } from "../text/sentences.ts";
import { resolveTimePhrases } from "../text/time/time_phrase.ts";

/** Confidence multiplier for content an agent took in (tool output, files, the web). */
export const AGENT_INGESTED_FACTOR = 0.6;

/** Confidence lost when a candidate opens with a pronoun nothing before it resolves. */
const UNRESOLVED_PRONOUN_PENALTY = 0.15;

/**
 * Extracts typed, self-contained candidate memories from `input.text`, using its context.
 *
 * @example Usage
 * ```ts
 * import { extract } from "./extract.ts";
 * import { equal } from "node:assert/strict";
 *
 * const now = Date.UTC(2026, 10, 22);
 * const [answer] = extract({
 *   text: "next April",
 *   context: {
 *     now,
 *     previousAssistant: "When are you going?",
 *     // Noted earlier in this conversation, so a vague reply may complete it.
 *     active: [{ id: "mem_trip", type: "fact", content: "User is planning a trip to Japan with Maya.", recent: true }],
 *   },
 * });
 * equal(answer?.content, "User is planning a trip to Japan with Maya next April.");
 * equal(answer?.eventAt, Date.UTC(2027, 3, 1));
 * equal(answer?.link?.relation, "extends");
 *
 * const [rule] = extract({ text: "Never commit .env files.", context: { now } });
 * equal(rule?.type, "convention");
 * equal(rule?.triggers?.[0], ".env");
 * ```
 */
export function extract(input: ExtractionInput): Candidate[] {
  const { text, context } = input;
  if (typeof text !== "string") throw new TypeError("Cannot extract: text must be a string");
  if (!Number.isFinite(context.now)) {
    throw new RangeError(`Cannot extract: context.now must be a finite number, got ${context.now}`);
  }
  const body = text.replace(/```[\s\S]*?(?:```|$)/g, "\n").trim();
  if (body === "") return [];
  const factor = context.origin === "agent-ingested" ? AGENT_INGESTED_FACTOR : 1;
  const contextual = extractFromContext(body, context);
  if (contextual !== null) return contextual.map((c) => withConfidence(c, c.confidence * factor));

  const userText = context.origin !== "agent-ingested";
  const time = (content: string, direction: "past" | "future") =>
    resolveTimePhrases(content, {
      now: context.now,
      direction,
      ...(context.timeZone === undefined ? {} : { timeZone: context.timeZone }),
    });
  const candidates: Candidate[] = [];
  const build = (draft: Draft): Candidate => {
    const joined = draft.parts.map(stripEnd).join("; ");
    const content = asSentence(joined);
    const relations = dedupeRelations(draft.parts.flatMap((part) => findRelations(part)));
    const entities = mergeEntities(findEntities(joined), relations.flatMap((r) => [r.from, r.to]))
      .filter((entity) => entity !== "User");
    const [phrase] = time(content, tenseOf(content, draft.classification));
    const { classification } = draft;
    const confidence = classification.confidence -
      (draft.dangling ? UNRESOLVED_PRONOUN_PENALTY : 0);
    const link = linkFor(
      content,
      classification,
      context.active ?? [],
      phrase !== undefined,
      (other) => time(other, "future").length > 0,
    );
    return {
      type: classification.type,
      content,
      entities,
      relations,
      confidence: clampConfidence(confidence * factor),
      ...timeFields(phrase),
      ...(classification.steps ? { steps: classification.steps } : {}),
      ...(classification.triggers ? { triggers: classification.triggers } : {}),
      ...(link ? { link } : {}),
    };
  };

  let prose = body;
  const list = listSteps(body);
  if (list) {
    const introSentences = splitSentences(list.intro);
    const title = introSentences.at(-1)?.text ?? "";
    prose = introSentences.slice(0, -1).map((s) => s.text).join(" ");
    const steps = list.steps.map((step) => step.replace(/\s+/g, " "));
    const heading = stripEnd(rewrite(title, userText)) || "Procedure";
    const procedure: Draft = {
      classification: { type: "procedure", rule: "list", confidence: 0.85, steps },
      parts: [`${heading}: ${steps.join("; ")}`],
      last: 0,
      dangling: false,
    };
    candidates.push(...fromSentences(prose, userText).map(build), build(procedure));
    return dedupe(candidates);
  }
  candidates.push(...fromSentences(prose, userText).map(build));
  return dedupe(candidates);
}

function dedupeRelations(relations: readonly CandidateRelation[]): CandidateRelation[] {
  const seen = new Set<string>();
  return relations.filter((r) => {
    const key = `${r.from}\u0000${r.relation}\u0000${r.to}`.toLowerCase();
    return !seen.has(key) && seen.add(key);
  });
}

function dedupe(candidates: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => !seen.has(c.content) && seen.add(c.content));
}

/** Past for episodes told in the past tense; future otherwise ("we ship on Friday"). */
function tenseOf(content: string, classification: Classification): "past" | "future" {
  if (classification.type !== "episode") return "future";
  return /\b(?:will|'ll|going to|plan(?:s|ned)? to|next|tomorrow|upcoming)\b/i.test(content)
    ? "future"
    : "past";
}

function withConfidence(candidate: Candidate, confidence: number): Candidate {
  return { ...candidate, confidence: clampConfidence(confidence) };
}

function clampConfidence(value: number): number {
  return Math.round(Math.min(0.99, Math.max(0.05, value)) * 100) / 100;
}
