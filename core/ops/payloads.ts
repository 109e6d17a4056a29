/**
 * Payloads of the ops that change memories and edges. They are a wire format (they travel in
 * `.dna` files and sync deltas): change them only by adding a new kind or a new optional
 * field.
 *
 * @module
 */
import type { JsonValue } from "../util/canonical_json.ts";
import type { MemoryType, Origin, Relation, Status } from "../model/types.ts";
import { MEMORY_FIELD_NAMES, type MemoryField, type MemoryFieldValues } from "../model/fields.ts";

/** Provenance as carried in an op. */
export interface OpProvenance {
  /** `user-asserted` or `agent-ingested`. */
  origin: Origin;
  /** The agent or tool that wrote it (e.g. `"claude-code"`); absent when unknown. */
  agent?: string;
  /** A pointer to the source (session id, file path, URL, turn id); absent when none. */
  ref?: string;
  /** What produced the content (`"verbatim"`, `"rules"`, `"llm"`…); absent when unknown. */
  extractor?: string;
  /** The model involved; absent when none was. */
  model?: string;
}

/**
 * Creates a memory. Writes create `active` or `quarantined` memories; an import may create
 * one in any status it was exported with.
 */
export interface MemoryPutPayload {
  /** The new memory's id, unique in the strand. */
  id: string;
  /** Memory type. */
  type: MemoryType;
  /** The content exactly as written (after redaction). */
  content: string;
  /** Where it is true: `global`, `project:<id>` or `session:<id>`. */
  scope: string;
  /** Lifecycle state it starts in. */
  status: Status;
  /** 1–10. */
  importance: number;
  /** 0–1. */
  confidence: number;
  /** Free-form labels. */
  tags: string[];
  /** Type-specific structure (procedure steps, triggers, alternatives…). */
  attributes: Record<string, JsonValue>;
  /** When it became true, in ms since the epoch. */
  validFrom: number;
  /** When it stopped being true (ms); absent while still true. */
  validTo?: number;
  /** When Helix learned it (ms). */
  recordedAt: number;
  /** When the event it describes happened or will happen (ms); absent when undated. */
  eventAt?: number;
  /** End of that event (ms); absent unless it spans time. */
  eventEnd?: number;
  /** The original time phrase ("next April"); absent when none was given. */
  eventPhrase?: string;
  /** Where it came from: its first provenance. */
  provenance: OpProvenance;
}

/**
 * Fields a patch may set; `null` clears a nullable field. The fields and their facts are the
 * memory field table (`model/fields.ts`).
 */
export type PatchFields = Partial<MemoryFieldValues>;

/** Every field a patch may set, in a fixed order (history compares them in this order). */
export const PATCH_FIELDS: readonly PatchField[] = MEMORY_FIELD_NAMES;

/** One of {@linkcode PATCH_FIELDS}. */
export type PatchField = MemoryField;

/** Changes fields of a memory. `parents` are the memory's head ops the patch was made on. */
export interface MemoryPatchPayload {
  /** The memory patched. */
  id: string;
  /** The fields set, and their new values. */
  set: PatchFields;
  /** Change ids of the memory's head ops the patch was made on. */
  parents: string[];
  /** Why, for history (`superseded`, `contradicted`, `rollback to …`…); absent for an edit. */
  reason?: string;
  /** Where the change came from, when it adds a source (a consolidated update). */
  provenance?: OpProvenance;
}

/** Soft-forgets a memory (recoverable). */
export interface MemoryForgetPayload {
  /** The memory forgotten. */
  id: string;
  /** Change ids of the memory's head ops the forget was made on. */
  parents: string[];
  /** Why, for history (`rollback to …`, `undo of run <id>`); absent for a plain forget. */
  reason?: string;
}

/**
 * A recall of the memory was judged (SM-2 quality 0–5: 5 = exactly what was needed,
 * 0 = useless). Updates the easiness factor, and on a successful recall (≥ 3) resets the
 * decay clock and grows the half-life (DESIGN §8).
 */
export interface MemoryReinforcePayload {
  /** The memory recalled. */
  id: string;
  /** SM-2 quality of the recall, 0–5. */
  quality: number;
  /** Change ids of the memory's head ops the reinforcement was made on. */
  parents: string[];
  /** Where the reinforcement came from, when it adds a source (a duplicate write). */
  provenance?: OpProvenance;
}

/**
 * Hard-deletes memories (`helix forget --hard`): their rows, index entries, vectors,
 * provenance and every edge touching them, and replaces the payload of every earlier op that
 * touched them with a {@linkcode PurgedPayload}.
 *
 * A memory is named by the `change_id` of the `memory.put` that created it (its
 * `created_op`), never by its id: an id is a slug of the content's first words, which the
 * purge exists to remove. The same op folds the same way on every device holding that put.
 * `puts` are sorted and unique; `parents[i]` is the head op of the memory `puts[i]` created,
 * when the purge was made.
 */
export interface MemoryPurgePayload {
  /** Change ids of the `memory.put` ops that created the purged memories, sorted, unique. */
  puts: string[];
  /** `parents[i]`: the head op of the memory `puts[i]` created, when the purge was made. */
  parents: string[];
}

/**
 * What a purged op's payload becomes: the `change_id` of the `memory.purge` op that removed
 * its content. The op keeps its `change_id`, clock, device, sequence and kind, so the log's
 * shape survives; `verifyLog()` accepts it only where that purge names a memory it touched
 * (its `op_refs` then hold that memory's `purged:` ref instead of its id).
 */
export interface PurgedPayload {
  /** Change id of the `memory.purge` op that removed the content. */
  purged: string;
}

/** Creates or revives the edge `from —relation→ to`. */
export interface EdgePutPayload {
  /** Deterministic id: one edge per (from, relation, to). */
  id: string;
  /** Source memory id. */
  from: string;
  /** Target memory id. */
  to: string;
  /** Relation type. */
  relation: Relation;
  /** 0–1. */
  weight: number;
  /** Where the link came from. */
  provenance: OpProvenance;
}

/** Removes an edge (kept in history). `from`/`to` name its ends so history can find it. */
export interface EdgeRemovePayload {
  /** The edge removed. */
  id: string;
  /** Its source memory id. */
  from: string;
  /** Its target memory id. */
  to: string;
  /** The edge's head op the removal was made on. */
  parents: string[];
}
