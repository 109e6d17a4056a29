/**
 * What callers hand the engine to change memory: writes, patches, links and imported
 * records, written out field by field. The engine checks every value at its boundary
 * (`input.ts`) and answers `invalid_input` naming the field before anything changes.
 *
 * Times are an ISO 8601 string (UTC when no offset is given), epoch milliseconds or a `Date`.
 *
 * @module
 */
import type { MemoryType, Origin, Relation, Status } from "./types.ts";

/** A point in time as callers give it: ISO 8601 (`"2026-04-01"`, `"…T09:30:00+02:00"`), epoch ms or a Date. */
export type Instant = string | number | Date;

/** Where a memory or link came from: its provenance. */
export interface SourceInput {
  /** Whether a person stated it (`user-asserted`) or an agent read it somewhere. @default {"agent-ingested"} */
  origin?: Origin | undefined;
  /** The agent or client that wrote it, e.g. `"claude-code"` (1–100 characters). */
  agent?: string | undefined;
  /** Where it came from: a file, URL, ticket, commit or session turn (1–500 characters). */
  ref?: string | undefined;
  /** What turned text into this memory, e.g. `"rules"` or `"llm"` (1–100 characters). */
  extractor?: string | undefined;
  /** The model that extracted it, when one did (1–200 characters). */
  model?: string | undefined;
}

/** Input of `engine.write`: one memory, stored verbatim after redaction and consolidation. */
export interface WriteInput {
  /** The memory itself, 1–16,384 characters, not blank, without NUL characters. */
  content: string;
  /** What kind of memory it is. @default {"fact"} */
  type?: MemoryType | undefined;
  /**
   * `global`, `project:<id>` or `session:<id>`. Default: global for identity and preferences,
   * else the writer's project (or global without one).
   */
  scope?: string | undefined;
  /** Words to find it by (letters, digits and `. _ : / + # -`), at most 32. */
  tags?: readonly string[] | undefined;
  /** 1–10; estimated from the content when absent. */
  importance?: number | undefined;
  /** 0–1. Default: 0.9 for user-asserted memories, 0.7 for agent-ingested ones. */
  confidence?: number | undefined;
  /** Where it came from. */
  source?: SourceInput | undefined;
  /** When it became true. @default {now} */
  validFrom?: Instant | undefined;
  /** When it stops being true (after `validFrom`); absent: still true. */
  validTo?: Instant | undefined;
  /** When the event it describes happens or happened (real-world time, not record time). */
  eventAt?: Instant | undefined;
  /** When that event ends. */
  eventEnd?: Instant | undefined;
  /** The phrase the event time came from, e.g. `"next April"` (1–200 characters). */
  eventPhrase?: string | undefined;
  /** Structured facts about the memory: JSON values, at most 16,384 characters serialized. */
  attributes?: Readonly<Record<string, unknown>> | undefined;
  /** Memories this one replaces: their validity closes and a `supersedes` edge links them (≤ 16). */
  supersedes?: readonly string[] | undefined;
  /** `quarantined` keeps it out of recall until a person confirms it. @default {"active"} */
  status?: "active" | "quarantined" | undefined;
}

/**
 * A memory in `engine.importRecords` (every exported memory record is one): a write plus what
 * an export carries — its id (kept when free), any status, when it was recorded, and `null`
 * for times that are absent. An empty validity interval (`validTo` = `validFrom`, as a
 * supersession in the same millisecond leaves) is accepted.
 */
export interface ImportMemoryRecord
  extends Omit<WriteInput, "status" | "validTo" | "eventAt" | "eventEnd" | "eventPhrase"> {
  /** Marks the record as a memory. */
  kind: "memory";
  /** The memory's id, kept when no memory of the strand has it. */
  id?: string | undefined;
  /** Any status. @default {"active"} */
  status?: Status | undefined;
  /** When Helix first learned it. @default {now} */
  recordedAt?: Instant | undefined;
  /** When it stopped being true; null: still true. */
  validTo?: Instant | null | undefined;
  /** When the event happens or happened; null: none. */
  eventAt?: Instant | null | undefined;
  /** When that event ends; null: none. */
  eventEnd?: Instant | null | undefined;
  /** The phrase the event time came from; null: none. */
  eventPhrase?: string | null | undefined;
}

/**
 * An edge in `engine.importRecords`. Its ends may be memories of the same import or already
 * in the strand. An `id` (as exports carry) is ignored: edge ids derive from the ends and
 * the relation.
 */
export interface ImportEdgeRecord {
  /** Marks the record as an edge. */
  kind: "edge";
  /** Ignored (exports carry it). */
  id?: string | undefined;
  /** The memory the edge starts at. */
  from: string;
  /** The memory it points to (not `from`). */
  to: string;
  /** What the link says. */
  relation: Relation;
  /** 0–1. @default {1} */
  weight?: number | undefined;
  /** Where the link came from. */
  source?: SourceInput | undefined;
}

/** Fields `engine.patch` may change; at least one. Unchanged values are ignored. */
export interface PatchInput {
  /** New text (1–16,384 characters); the id stays and the old text stays in history. */
  content?: string | undefined;
  /** New type. */
  type?: MemoryType | undefined;
  /** New scope. */
  scope?: string | undefined;
  /** New tags (replacing the old ones). */
  tags?: readonly string[] | undefined;
  /** 1–10. */
  importance?: number | undefined;
  /** 0–1. */
  confidence?: number | undefined;
  /** New status: e.g. `active` confirms a quarantined memory or restores a forgotten one. */
  status?: Status | undefined;
  /** When it became true. */
  validFrom?: Instant | undefined;
  /** When it stops being true; null reopens it. */
  validTo?: Instant | null | undefined;
  /** Event time; null clears it. */
  eventAt?: Instant | null | undefined;
  /** Event end; null clears it. */
  eventEnd?: Instant | null | undefined;
  /** Event phrase; null clears it. */
  eventPhrase?: string | null | undefined;
  /** New attributes (replacing the old ones). */
  attributes?: Readonly<Record<string, unknown>> | undefined;
}

/** Input of `engine.relate`: a link between two memories. */
export interface RelateInput {
  /** The memory the link starts at. */
  from: string;
  /** The memory it points to (not `from`). */
  to: string;
  /** What the link says. */
  relation: Relation;
  /** 0–1; relating the same pair again updates it. @default {1} */
  weight?: number | undefined;
  /** Where the link came from. */
  source?: SourceInput | undefined;
}
