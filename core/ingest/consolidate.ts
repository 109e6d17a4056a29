/**
 * Consolidation's decision (DESIGN §6, seed 003 §6.3): what one candidate memory does to its
 * nearest existing memories. Pure: the caller finds the neighbours (BM25 and vector
 * candidates in the candidate's scope) and applies the decision as ops.
 *
 * - `noop`: an equivalent memory exists (the same words, or a vector at least
 *   {@linkcode DUPLICATE_SIMILARITY} away, or a memory that already says all of it): reinforce
 *   it and append the new provenance.
 * - `update`: the candidate refines the same subject (it says everything the memory says, and
 *   more): the memory gets the new content as a new version; its id and history stay.
 * - `supersede`: the candidate changes a fact of the same subject, whatever the sentence
 *   shape ("we moved billing from Postgres to SQLite", "billing no longer uses Postgres",
 *   "Postgres was replaced by SQLite", "billing is on SQLite now"), or an extractor's `updates`
 *   link says so: the old memory's validity closes and a `supersedes` edge links them.
 * - `add`: new, possibly with `contradicts` links (the same subject with an incompatible value
 *   for the same attribute, and nothing saying it changed: both stay, both lose confidence,
 *   and the edge, which names the attribute and the values, is the flag) and `extends` links
 *   (same subject, new information).
 *
 * Changes and contradictions are decided on claims (`compare/statements.ts`: subject,
 * attribute, value, polarity, change), never on shared words; duplicates and refinements on
 * words. One vector distance never decides alone (seed 002): it only confirms duplicates and
 * widens the neighbourhood.
 *
 * @module
 */
import { compare, type ConflictNote, contradiction } from "../compare/statements.ts";
import type { CandidateLink } from "../model/candidate.ts";
import type { MemoryType } from "../model/types.ts";
import type { Neighbour } from "../store/neighbours.ts";
import { normalised } from "../text/words.ts";
import { changesOf } from "./change.ts";

/** Share of shared content words (Jaccard) at or above which a neighbour may be a duplicate or refinement. */
export const SUBJECT_OVERLAP = 0.3;
/** Cosine at or above which a same-type neighbour is the same memory. */
export const DUPLICATE_SIMILARITY = 0.95;
/** Cosine at or above which a neighbour is about the same subject, words permitting. */
export const SUBJECT_SIMILARITY = 0.8;
/** Share at or above which a same-subject memory is linked as extended rather than left alone. */
export const EXTENDS_OVERLAP = 0.5;
/** Most `extends` links one write draws by word overlap (the extractor's own link aside). */
const MAX_EXTENDS = 2;

/** The candidate being consolidated. */
export interface Incoming {
  readonly content: string;
  readonly type: MemoryType;
  /** Whether the writer named the type (a defaulted type does not block a duplicate). */
  readonly typed: boolean;
  /** The extractor's proposed link to an existing memory. */
  readonly link?: { readonly id: string; readonly relation: CandidateLink };
  /** A quarantined candidate may not change existing memories: it can only be added. */
  readonly quarantined: boolean;
}

/** A link the new memory gets to an existing one. */
export interface Link {
  /** The existing memory. */
  readonly id: string;
  /** How the new memory relates to it (`contradicts` is a flag for the user). */
  readonly relation: "extends" | "derives" | "contradicts";
  /** For `contradicts`: the attribute and the values (the new memory's, then the other's). */
  readonly conflict?: ConflictNote;
}

/** What to do with the candidate. */
export type Decision =
  | { readonly action: "noop"; readonly target: string; readonly reason: string }
  | { readonly action: "update"; readonly target: string; readonly reason: string }
  | {
    readonly action: "supersede";
    readonly targets: readonly string[];
    readonly links: readonly Link[];
    readonly reason: string;
  }
  | {
    readonly action: "add";
    readonly links: readonly Link[];
    readonly reason: string;
    /** A same-subject neighbour the thresholds could not place: the grey band a model may judge. */
    readonly uncertain?: true;
  };

/**
 * Decides what the candidate does to its neighbours (most similar first). Only `active`
 * neighbours are changed; the rest are ignored.
 *
 * @example Usage
 * ```ts
 * import { decide } from "./consolidate.ts";
 * import { equal } from "node:assert/strict";
 *
 * const postgres = { id: "mem_pg", type: "decision" as const, status: "active" as const, content: "Billing uses Postgres." };
 * const incoming = { type: "decision" as const, typed: true, quarantined: false };
 * equal(decide({ ...incoming, content: "billing uses postgres" }, [postgres]).action, "noop");
 * equal(decide({ ...incoming, content: "We moved billing from Postgres to SQLite." }, [postgres]).action, "supersede");
 * equal(decide({ ...incoming, content: "Postgres was replaced by SQLite in billing." }, [postgres]).action, "supersede");
 * equal(decide({ ...incoming, content: "Billing uses SQLite." }, [postgres]).action, "add"); // a contradiction
 * ```
 */
export function decide(incoming: Incoming, neighbours: readonly Neighbour[]): Decision {
  const active = neighbours.filter((n) => n.status === "active");
  const text = normalised(incoming.content);

  // An episode is an event: the same thing happening again is another episode, which the
  // lifecycle worker may later distil into a rule citing them all.
  if (incoming.type === "episode") {
    return { action: "add", links: [], reason: "an episode is kept as its own event" };
  }
  // Not even a reinforcement: repeating a memory must not make a poisoned source count.
  if (incoming.quarantined) {
    return { action: "add", links: [], reason: "quarantined: it may not change existing memories" };
  }
  const same = active.find((n) => normalised(n.content) === text);
  if (same) return { action: "noop", target: same.id, reason: "the same text is already stored" };

  const linked = incoming.link && active.find((n) => n.id === incoming.link!.id);
  if (linked && incoming.link!.relation === "updates") {
    return {
      action: "supersede",
      targets: [linked.id],
      links: [],
      reason: `it updates ${linked.id}`,
    };
  }

  const typeFits = (n: Neighbour) => !incoming.typed || n.type === incoming.type;
  const replaced = changesOf(incoming.content, active);
  if (replaced.length > 0) {
    return {
      action: "supersede",
      targets: replaced.map((r) => r.id),
      links: [],
      reason: `it changes ${replaced.map((r) => r.reason).join("; ")}`,
    };
  }
  const conflicts = new Map<string, ConflictNote>();
  for (const n of active) {
    const found = typeFits(n) && n.id !== linked?.id
      ? contradiction(incoming.content, n.content)
      : null;
    if (found) conflicts.set(n.id, found);
  }
  const comparisons = active.map((n) => compare(incoming.content, n));
  const subject = comparisons.filter((c) =>
    c.overlap >= SUBJECT_OVERLAP || (c.neighbour.similarity ?? 0) >= SUBJECT_SIMILARITY
  );

  for (const c of subject) {
    // The extractor saw the conversation: a memory it says this one extends stays as it is.
    if (!typeFits(c.neighbour) || c.polarityDiffers || c.neighbour.id === linked?.id) continue;
    if (conflicts.has(c.neighbour.id)) continue;
    if (c.onlyNew.length === 0) {
      return {
        action: "noop",
        target: c.neighbour.id,
        reason: `${c.neighbour.id} already says it`,
      };
    }
    // Close vectors do not make a duplicate of "port 3000" and "port 4000", or of "Alice" and
    // "Bob": embeddings barely see the one word that matters.
    if (
      (c.neighbour.similarity ?? 0) >= DUPLICATE_SIMILARITY && c.overlap >= EXTENDS_OVERLAP &&
      !c.valuesDiffer
    ) {
      return { action: "noop", target: c.neighbour.id, reason: `${c.neighbour.id} is equivalent` };
    }
    if (c.onlyOld.length === 0) {
      return { action: "update", target: c.neighbour.id, reason: `it refines ${c.neighbour.id}` };
    }
  }

  const links: Link[] = [...conflicts].map(([id, conflict]) => ({
    id,
    relation: "contradicts",
    conflict,
  }));
  let extended = 0;
  for (const c of subject) {
    if (conflicts.has(c.neighbour.id)) continue;
    if (c.overlap >= EXTENDS_OVERLAP && c.sameSubject && extended < MAX_EXTENDS) {
      links.push({ id: c.neighbour.id, relation: "extends" });
      extended++;
    }
  }
  if (linked && incoming.link!.relation !== "updates" && !links.some((l) => l.id === linked.id)) {
    links.push({ id: linked.id, relation: incoming.link!.relation });
  }
  if (conflicts.size > 0) {
    const what = [...conflicts].map(([id, c]) =>
      `${id} on ${c.attribute} (${c.values[0]} vs ${c.values[1]})`
    );
    return { action: "add", links, reason: `it contradicts ${what.join("; ")}` };
  }
  return subject.length > 0
    ? { action: "add", links, reason: "it is new to a known subject", uncertain: true }
    : { action: "add", links, reason: "it is new" };
}
