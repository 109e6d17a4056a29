/**
 * The shapes of a context pack: its sections, what went in and what was cut, the packed
 * block, and the resolved request.
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import type { Visibility } from "../store/visibility.ts";

/** The sections of a context pack, in order. */
export type ContextSection = "profile" | "conventions" | "relevant";

/** One memory placed in the pack. */
export interface ContextItem {
  readonly id: string;
  readonly section: ContextSection;
  readonly tokens: number;
}

/** A memory that did not fit. */
export interface ContextCut {
  readonly id: string;
  readonly section: ContextSection;
  readonly tokens: number;
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
  readonly budgetTokens: number;
  readonly query?: string;
  readonly visibility: Visibility;
  /** Label for the header, e.g. `project:billing`. */
  readonly label: string;
}
