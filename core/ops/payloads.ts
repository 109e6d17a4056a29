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
  origin: Origin;
  agent?: string;
  ref?: string;
  extractor?: string;
  model?: string;
}

/**
 * Creates a memory. Writes create `active` or `quarantined` memories; an import may create
 * one in any status it was exported with.
 */
export interface MemoryPutPayload {
  id: string;
  type: MemoryType;
  content: string;
  scope: string;
  status: Status;
  importance: number;
  confidence: number;
  tags: string[];
  attributes: Record<string, JsonValue>;
  validFrom: number;
  validTo?: number;
  recordedAt: number;
  eventAt?: number;
  eventEnd?: number;
  eventPhrase?: string;
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
  id: string;
  set: PatchFields;
  parents: string[];
  reason?: string;
  /** Where the change came from, when it adds a source (a consolidated update). */
  provenance?: OpProvenance;
}

/** Soft-forgets a memory (recoverable). */
export interface MemoryForgetPayload {
  id: string;
  parents: string[];
  reason?: string;
}

/**
 * A recall of the memory was judged (SM-2 quality 0–5: 5 = exactly what was needed,
 * 0 = useless). Updates the easiness factor, and on a successful recall (≥ 3) resets the
 * decay clock and grows the half-life (DESIGN §8).
 */
export interface MemoryReinforcePayload {
  id: string;
  quality: number;
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
  puts: string[];
  parents: string[];
}

/**
 * What a purged op's payload becomes: the `change_id` of the `memory.purge` op that removed
 * its content. The op keeps its `change_id`, clock, device, sequence and kind, so the log's
 * shape survives; `verifyLog()` accepts it only where that purge names a memory it touched
 * (its `op_refs` then hold that memory's `purged:` ref instead of its id).
 */
export interface PurgedPayload {
  purged: string;
}

/** Creates or revives the edge `from —relation→ to`. */
export interface EdgePutPayload {
  id: string;
  from: string;
  to: string;
  relation: Relation;
  weight: number;
  provenance: OpProvenance;
}

/** Removes an edge (kept in history). `from`/`to` name its ends so history can find it. */
export interface EdgeRemovePayload {
  id: string;
  from: string;
  to: string;
  parents: string[];
}
