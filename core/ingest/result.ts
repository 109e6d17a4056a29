/**
 * What a write reports: the action consolidation took, the memory as stored, and what the
 * write path changed on the way (redacted secrets, quarantine, links).
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import type { RedactionCount } from "../redact/types.ts";
import type { Link } from "./consolidate.ts";

/**
 * What a write did: `added` a new memory, `superseded` older ones with a new memory,
 * `updated` an existing memory with a refined version, or `noop` (an equivalent memory
 * exists; it was reinforced and got the new source).
 */
export type WriteAction = "added" | "superseded" | "updated" | "noop";

/** The outcome of a write. */
export interface WriteResult {
  /** Id of the memory that now holds the content (the existing one for `noop`/`updated`). */
  readonly id: string;
  /** What happened. */
  readonly action: WriteAction;
  /** Why consolidation decided so. */
  readonly reason: string;
  /** The memory as stored. */
  readonly memory: Memory;
  /** Whether a vector was stored with it (false: backfilled once the model is available). */
  readonly embedded: boolean;
  /** Ids this write superseded. */
  readonly superseded: readonly string[];
  /** Links made to existing memories (`contradicts` ones are flags; see `engine.flags()`). */
  readonly links: readonly Link[];
  /** Secrets replaced by placeholders before anything was stored, by type. */
  readonly redacted: readonly RedactionCount[];
  /** Why the poisoning guard quarantined it (empty when it did not). */
  readonly quarantine: readonly string[];
  /** `change_id` of the op that recorded it. */
  readonly op: string;
}

/** The part of a {@linkcode WriteResult} the write's transaction decides. */
export type Applied = Pick<
  WriteResult,
  "id" | "action" | "reason" | "embedded" | "superseded" | "links" | "op"
>;
