/**
 * The shapes of a context pack: its sections, what went in and what was cut, the packed
 * block, and the resolved request.
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import type { MemoryRecord, ProvenanceRecord } from "../store/records.ts";
import type { Visibility } from "../store/visibility.ts";

/** The sections of a context pack, in order. */
export type ContextSection = "profile" | "conventions" | "relevant";

/** One memory placed in the pack. */
export interface ContextItem {
  /** The memory's id. */
  readonly id: string;
  /** The section it was placed in. */
  readonly section: ContextSection;
  /** Tokens its line costs in the pack, newline included. */
  readonly tokens: number;
}

/** A memory that did not fit. */
export interface ContextCut {
  /** The memory's id. */
  readonly id: string;
  /** The section it was a candidate for. */
  readonly section: ContextSection;
  /** Tokens its line would have cost, newline included. */
  readonly tokens: number;
  /**
   * Why it was left out: its line did not fit in the budget left (its section's share, or
   * the whole).
   */
  readonly reason: "over_budget";
}

/** A packed context block. */
export interface ContextPack {
  /** The block to put in the agent's context. */
  readonly text: string;
  /** Tokens of `text` (never more than the budget). */
  readonly tokens: number;
  /** The budget asked for. */
  readonly budgetTokens: number;
  /** Tokenizer the counts use. */
  readonly tokenizer: string;
  /** What went in, in order. */
  readonly items: readonly ContextItem[];
  /** What was left out for lack of room. */
  readonly cut: readonly ContextCut[];
  /** The memories placed, for callers that want their fields. */
  readonly memories: readonly Memory[];
  /** SHA-256 of `text`: equal hashes mean byte-identical packs. */
  readonly hash: string;
}

/** A resolved context request. */
export interface ContextRequest {
  /** Most tokens the packed text may have; each section gets a share of it. */
  readonly budgetTokens: number;
  /** Fills the `relevant` section by search; without it, the most salient memories do. */
  readonly query?: string;
  /** What the reader may see (scopes, validity, status). */
  readonly visibility: Visibility;
  /** Label for the header, e.g. `project:billing`. */
  readonly label: string;
}

/**
 * One strand's candidates for a context pack, section by section, best first, with their
 * provenance: what `contextPart` returns and `context` fuses with its own (a workspace of
 * several strands builds one pack from all of them).
 */
export interface ContextPart {
  /** Each section's candidates, best first. */
  readonly sections: ReadonlyArray<readonly [ContextSection, readonly MemoryRecord[]]>;
  /** The provenance of every candidate, by id. */
  readonly provenance: ReadonlyMap<string, readonly ProvenanceRecord[]>;
  /** A label shown after a candidate's id in the pack (`team:acme · bob`), by id. */
  readonly labels?: ReadonlyMap<string, string>;
}
