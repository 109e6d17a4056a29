/**
 * What `engine.note` takes and returns: the text with its conversational context, and per
 * candidate the write it became.
 *
 * @module
 */
import { z } from "zod";
import type { GateResult } from "../extract/gate.ts";
import type { SameFields } from "../model/input.ts";
import type { SourceInput, WriteInput } from "../model/inputs.ts";
import { isScope } from "../model/scope.ts";
import { MAX_CONTENT_LENGTH } from "../model/types.ts";
import type { RedactionCount } from "../redact/types.ts";
import type { WriteResult } from "./result.ts";

const turn = z.strictObject({
  role: z.enum(["user", "assistant", "tool"]),
  text: z.string().max(MAX_CONTENT_LENGTH),
});

/** Input of `engine.note`: a piece of conversation to take memories from. */
export interface NoteInput {
  /** A user's words, an agent turn, a tool's output: not blank, at most 16,384 characters. */
  text: string;
  /** The user asked to remember it: the gate is skipped, and something is always stored. */
  explicit?: boolean | undefined;
  /** The assistant turn before it: what a short answer ("next April") answers. */
  previousAssistant?: string | undefined;
  /** A recent window of the conversation, oldest first (at most 20 turns). */
  recent?:
    | ReadonlyArray<{
      /** Who spoke. */
      role: "user" | "assistant" | "tool";
      /** What they said (at most 16,384 characters). */
      text: string;
    }>
    | undefined;
  /**
   * `global`, `project:<id>` or `session:<id>` for every memory written. Default: as for
   * `engine.write`, global for identity and preferences, else the writer's project.
   */
  scope?: string | undefined;
  /** Where the text came from; `origin` defaults to user-asserted for an explicit note. */
  source?: Pick<SourceInput, "origin" | "agent" | "ref"> | undefined;
}

/** The schema of {@linkcode NoteInput}, checked at `engine.note`'s boundary. */
export const noteInputSchema = z.strictObject({
  text: z.string().max(MAX_CONTENT_LENGTH).refine((s) => s.trim() !== "", "must not be blank"),
  explicit: z.boolean().optional(),
  previousAssistant: z.string().max(MAX_CONTENT_LENGTH).optional(),
  recent: z.array(turn).max(20).optional(),
  scope: z.string().max(210).refine(isScope, 'expected "global", "project:<id>" or "session:<id>"')
    .optional(),
  source: z.strictObject({
    origin: z.enum(["user-asserted", "agent-ingested"]).optional(),
    agent: z.string().min(1).max(100).optional(),
    ref: z.string().min(1).max(500).optional(),
  }).optional(),
});

/** Compile-time check: the schema covers exactly the fields of {@linkcode NoteInput}. */
export const NOTE_SCHEMA_MATCHES: true = true satisfies SameFields<
  NoteInput,
  z.input<typeof noteInputSchema>
>;

/** What a note did. */
export interface NoteResult {
  /** The gate's verdict (`explicit` when skipped). */
  readonly gate: GateResult;
  /** Which extractor produced the candidates (none ran when the gate dropped the text). */
  readonly extractor: "deterministic" | "llm" | null;
  /** One result per candidate, in order: added, updated, superseded or already known. */
  readonly written: readonly WriteResult[];
  /** Secrets replaced in the text and its context before anything else saw them. */
  readonly redacted: readonly RedactionCount[];
  /** Candidates `NoteOptions.keep` refused, as writes not made here (absent when none). */
  readonly passed?: readonly WriteInput[];
}

/** Options of `engine.note`. */
export interface NoteOptions {
  /**
   * Whether a candidate of this scope is written in this strand; one it refuses is returned in
   * `NoteResult.passed` instead. @default every scope
   */
  readonly keep?: (scope: string) => boolean;
}
