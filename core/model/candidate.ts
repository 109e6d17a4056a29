/**
 * The shapes the write path passes between its stages: what extraction is given (a slice of
 * conversation or tool output, with the context that makes short answers self-contained) and
 * what it returns (typed candidate memories), whichever extractor produced them.
 *
 * `ingest → redact → gate → extract → importance → embed → consolidate → store`
 *
 * @module
 */
import type { MemoryType, Origin } from "./types.ts";

/** One turn of the recent conversation window. */
export interface Turn {
  readonly role: "user" | "assistant" | "tool";
  readonly text: string;
}

/** An existing memory extraction may build on (recalled active memories, entities). */
export interface ActiveMemory {
  readonly id: string;
  readonly type: MemoryType;
  readonly content: string;
  /**
   * Noted in this conversation (the same session): a vague reply ("next April" to "When are
   * you going?") may complete it. Other memories must share the reply's subject.
   */
  readonly recent?: boolean;
}

/**
 * What extraction sees besides the text itself. Everything is optional; the more there is,
 * the more self-contained the candidates.
 */
export interface ExtractionContext {
  /** Today, as epoch milliseconds: relative time phrases ("next April") resolve against it. */
  readonly now: number;
  /** IANA time zone for calendar phrases. @default {"UTC"} */
  readonly timeZone?: string;
  /** The assistant turn just before the text: it often says what a short answer means. */
  readonly previousAssistant?: string;
  /** A bounded recent window, oldest first (the text itself not included). */
  readonly recent?: readonly Turn[];
  /** Active memories recalled for the text (most relevant first). */
  readonly active?: readonly ActiveMemory[];
  /** Who the text came from: a user's words, or content an agent ingested (tool output, web). */
  readonly origin?: Origin;
}

/** A slice of text to extract from, with its context. */
export interface ExtractionInput {
  readonly text: string;
  readonly context: ExtractionContext;
}

/** How a candidate relates to an existing memory (seed 002): the extractor's proposal. */
export type CandidateLink = "extends" | "updates" | "derives";

/** A relation a candidate states between entities (e.g. `billing —uses→ SQLite`). */
export interface CandidateRelation {
  readonly from: string;
  readonly relation: string;
  readonly to: string;
}

/** A typed candidate memory, self-contained, produced by an extractor. */
export interface Candidate {
  readonly type: MemoryType;
  /** Self-contained content (pronouns and short answers resolved where possible). */
  readonly content: string;
  /** Named things it mentions (projects, tools, people, files), as written. */
  readonly entities: readonly string[];
  /** Relations it states between those entities. */
  readonly relations: readonly CandidateRelation[];
  /** How sure the extractor is, 0–1. */
  readonly confidence: number;
  /** Importance 1–10 when the extractor rated it (the heuristic fills it otherwise). */
  readonly importance?: number;
  /** Real-world time the memory is about (epoch ms), resolved from a phrase. */
  readonly eventAt?: number;
  /** End of that time span (epoch ms), when the phrase names a span ("next April"). */
  readonly eventEnd?: number;
  /** The phrase the event time came from, verbatim ("next April"). */
  readonly eventPhrase?: string;
  /** A procedure's steps, in order. */
  readonly steps?: readonly string[];
  /** A negative memory's trigger patterns (when to surface the warning). */
  readonly triggers?: readonly string[];
  /** The active memory (id from the context) this candidate builds on, and how. */
  readonly link?: { readonly id: string; readonly relation: CandidateLink };
}

/** Content with its memory type: an item to rate, or a candidate to adjudicate. */
export interface TypedContent {
  readonly content: string;
  readonly type: MemoryType;
}

/** A model's consolidation call on a candidate against existing memories of its subject. */
export interface Adjudication {
  readonly action: "noop" | "update" | "supersede" | "add";
  /** The existing memory acted on; absent for `add`. */
  readonly target?: string;
  readonly reason: string;
}
