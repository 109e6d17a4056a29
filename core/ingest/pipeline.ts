/**
 * One write through the whole write path (DESIGN §6): validate → redact → poisoning guard →
 * importance → embed → consolidate → store, the ops of the outcome appended in one
 * transaction. The caller's content stays verbatim apart from redacted secrets; extraction
 * (which may rewrite and split text) happens before, in `note.ts`.
 *
 * The stages: `plan.ts` (guard, importance, anchors), `consolidate.ts` (the decision),
 * `adjudicate.ts` (the model's call on the grey band, the re-check in the transaction) and
 * `apply.ts` (the decision as ops).
 *
 * @module
 */
import { neighbourQuery } from "../compare/statements.ts";
import { embedDocuments } from "../embed/policy.ts";
import type { CandidateLink } from "../model/candidate.ts";
import { parseInput, writeInputSchema } from "../model/input.ts";
import type { WriteInput } from "../model/inputs.ts";
import { defaultScope } from "../ops/new_memory.ts";
import { redactWrite } from "../redact/write.ts";
import { neighboursOf } from "../store/neighbours.ts";
import { publicMemory } from "../store/records.ts";
import { adjudicated, stillValid } from "./adjudicate.ts";
import { applyDecision } from "./apply.ts";
import { decide, type Decision } from "./consolidate.ts";
import type { WriteDeps } from "./deps.ts";
import { type CandidateExtras, planWrite } from "./plan.ts";
import type { WriteResult } from "./result.ts";

/** Options of {@linkcode writeMemory}. */
export interface WriteOptions {
  /** An extractor's proposed link to an existing memory (`note` passes it). */
  readonly link?: { readonly id: string; readonly relation: CandidateLink } | undefined;
  /** A vector the caller already computed, used when the write's content is that text. */
  readonly embedded?: { readonly content: string; readonly vector: Float32Array } | undefined;
  /** Entities, steps and triggers an extractor found (rate importance; kept in attributes). */
  readonly candidate?: CandidateExtras | undefined;
}

/** Writes one memory through the write path and returns what happened. */
export async function writeMemory(
  deps: WriteDeps,
  input: WriteInput,
  options: WriteOptions = {},
): Promise<WriteResult> {
  const { write: parsed, redacted } = redactWrite(
    parseInput(writeInputSchema, input, "write memory"),
  );
  const { planned, quarantined, quarantine } = await planWrite(deps, parsed, options.candidate);
  const { type } = planned;
  const [vector] = options.embedded?.content === planned.content
    ? [options.embedded.vector]
    : (await embedDocuments(deps, [planned.content])) ?? [];

  const scope = planned.scope ?? defaultScope(deps, type);
  const neighbours = planned.supersedes?.length
    ? []
    : neighboursOf(deps, neighbourQuery(planned.content), scope, vector, deps.clock.now());
  let decision: Decision = planned.supersedes?.length
    ? { action: "supersede", targets: [], links: [], reason: "the writer named what it replaces" }
    : decide(
      {
        content: planned.content,
        type,
        typed: parsed.type !== undefined,
        quarantined,
        ...(options.link ? { link: options.link } : {}),
      },
      neighbours,
    );
  // The model, when one is configured, reads what the word rules cannot: a same-subject add
  // they could not place, and a conflict they flagged, which may be a change said without a
  // change word ("the rate limit is 500/min" after "… 100/min"). A flag it does not settle stays.
  if (decision.action === "add" && (decision.uncertain || flagged(decision)) && deps.llm) {
    decision = await adjudicated(
      deps.llm,
      { content: planned.content, type },
      neighbours,
      decision,
    );
  }
  const outcome = deps.log.transact(
    "write memory",
    (tx) => applyDecision(deps, tx, { ...planned, scope }, stillValid(deps, decision), vector),
  );
  const record = deps.store.memoryById(outcome.id)!;
  return {
    ...outcome,
    memory: publicMemory(record, deps.store.provenanceOf([outcome.id]).get(outcome.id) ?? []),
    redacted,
    quarantine,
  };
}

/** Whether an add keeps a conflict it found with a stored memory (a `contradicts` link). */
function flagged(decision: Decision): boolean {
  return decision.action === "add" && decision.links.some((l) => l.relation === "contradicts");
}
