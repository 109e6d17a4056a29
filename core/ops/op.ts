/**
 * Ops: the immutable changes every strand is made of. An op's `changeId` is the SHA-256 of
 * its canonical bytes, so the same op has the same id on every device and any edit to it is
 * detectable. Payload shapes here are a wire format (they travel in `.dna` files and sync
 * deltas): change them only by adding a new kind or a new optional field.
 *
 * @module
 */
import { canonicalJson, type JsonValue } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import type { MemoryType, Origin, Relation, Status } from "../model/types.ts";
import { MEMORY_FIELD_NAMES, type MemoryField, type MemoryFieldValues } from "../model/fields.ts";

/** Version of the op encoding. */
export const OP_VERSION = 1;

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

/** An agent session ended (a consolidation boundary, DESIGN §8). */
export interface SessionEndPayload {
  /** The session scope id (`session:<id>` without the prefix). */
  session: string;
  /** Its project scope, if known. */
  project?: string;
  /** The client that ran it (e.g. `claude-code 1.2`). */
  client?: string;
  startedAt: number;
  endedAt: number;
}

/**
 * The jobs a `job.run` op records: the lifecycle worker's (DESIGN §8), `rollback` (a restore
 * of an earlier state), and `check` (a worker run that found nothing to change; it still
 * restarts the trigger).
 */
export const JOB_NAMES = [
  "distil",
  "contradict",
  "archive",
  "embed",
  "importance",
  "profile",
  "reflect",
  "stale",
  "rollback",
  "check",
] as const;

/** One of {@linkcode JOB_NAMES}. */
export type JobName = typeof JOB_NAMES[number];

/**
 * A run of the lifecycle worker (DESIGN §8): which job, why it ran, and the ops it appended
 * (in order), so `helix log` shows it and `undoRun()` can append their inverses. Folds to
 * nothing; it is appended last, in the same transaction as the ops it lists.
 */
export interface JobRunPayload {
  /** Unique id of the run. */
  run: string;
  job: JobName;
  /** What triggered it: `importance_budget`, `session_boundary`, `manual`, `undo`. */
  reason: string;
  /** The change ids of the ops it appended, oldest first. */
  ops: string[];
  /** Before-values of every memory field it patched, per memory id, to restore on undo. */
  before: Record<string, Record<string, JsonValue>>;
  /** One line for `helix log`. */
  summary: string;
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

/** Prefix of the `op_refs` entry that stands for a purged memory (see {@linkcode purgedRef}). */
export const PURGED_REF_PREFIX = "purged:";

/**
 * The opaque `op_refs` entry that replaces a purged memory's id in the refs of the ops that
 * touched it, and that the purge op itself lists: `purged:` and the change id of the
 * memory's `memory.put`. It says which ops the purge covered without the id's words.
 *
 * @example Usage
 * ```ts
 * import { purgedRef } from "./op.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(purgedRef("ab12"), "purged:ab12");
 * ```
 */
export function purgedRef(putChangeId: string): string {
  return `${PURGED_REF_PREFIX}${putChangeId}`;
}

/**
 * What a purged op's payload becomes: the `change_id` of the `memory.purge` op that removed
 * its content. The op keeps its `change_id`, clock, device, sequence and kind, so the log's
 * shape survives; `verifyLog()` accepts it only where that purge names a memory it touched
 * (its `op_refs` then hold that memory's {@linkcode purgedRef} instead of its id).
 */
export interface PurgedPayload {
  purged: string;
}

/** Payload type of each op kind. */
export interface OpPayloads {
  "memory.put": MemoryPutPayload;
  "memory.patch": MemoryPatchPayload;
  "memory.forget": MemoryForgetPayload;
  "memory.reinforce": MemoryReinforcePayload;
  "edge.put": EdgePutPayload;
  "edge.remove": EdgeRemovePayload;
  "session.end": SessionEndPayload;
  "memory.purge": MemoryPurgePayload;
  "job.run": JobRunPayload;
}

/** Every op kind. */
export const OP_KINDS = [
  "memory.put",
  "memory.patch",
  "memory.forget",
  "memory.reinforce",
  "edge.put",
  "edge.remove",
  "session.end",
  "memory.purge",
  "job.run",
] as const satisfies readonly (keyof OpPayloads)[];

/** An op kind. */
export type OpKind = keyof OpPayloads;

/** What a writer asks to append; the log assigns clock, device and sequence. */
export type OpDraft = { [K in OpKind]: { kind: K; payload: OpPayloads[K] } }[OpKind];

/** Where an op sits in the log. */
export interface OpStamp {
  /** SHA-256 (hex) of the canonical bytes (for a purged op: of the bytes it had). */
  readonly changeId: string;
  /** Hybrid logical clock, sortable string. */
  readonly hlc: string;
  /** Device that created it. */
  readonly deviceId: string;
  /** The device's op counter, from 1. */
  readonly seq: number;
}

/** A logged op whose payload is intact. */
export type LiveOp = OpDraft & OpStamp;

/** A logged op whose content a later `memory.purge` removed (see {@linkcode PurgedPayload}). */
export type PurgedOp = { kind: OpKind; payload: PurgedPayload } & OpStamp;

/** A logged op. */
export type Op = LiveOp | PurgedOp;

/**
 * True when a purge replaced the op's payload with a tombstone.
 *
 * @example Usage
 * ```ts
 * import { isPurged } from "./op.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stamp = { changeId: "c", hlc: "000000000001000-00000", deviceId: "d", seq: 1 };
 * equal(isPurged({ ...stamp, kind: "memory.put", payload: { purged: "p" } }), true);
 * equal(isPurged({ ...stamp, kind: "memory.forget", payload: { id: "mem_x_1234", parents: [] } }), false);
 * ```
 */
export function isPurged(op: Op): op is PurgedOp {
  const payload: unknown = op.payload;
  return typeof payload === "object" && payload !== null && "purged" in payload;
}

/**
 * The tombstone that replaces the payload of an op the purge `purgeChangeId` removed, as
 * canonical JSON.
 *
 * @example Usage
 * ```ts
 * import { tombstoneText } from "./op.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(tombstoneText("ab12"), '{"purged":"ab12"}');
 * ```
 */
export function tombstoneText(purgeChangeId: string): string {
  return canonicalJson({ purged: purgeChangeId });
}

/** The identity-bearing fields of an op. */
export type OpHeader = Pick<OpStamp, "hlc" | "deviceId" | "seq">;

/**
 * Canonical bytes of an op (as a string), the input of its `changeId`.
 *
 * @example Usage
 * ```ts
 * import { encodeOp } from "./op.ts";
 * import { equal } from "node:assert/strict";
 *
 * const text = encodeOp({ hlc: "000000000001000-00000", deviceId: "d1", seq: 1 },
 *   { kind: "memory.forget", payload: { id: "mem_x_1234", parents: [] } });
 * equal(text, '{"device":"d1","hlc":"000000000001000-00000","kind":"memory.forget","payload":{"id":"mem_x_1234","parents":[]},"seq":1,"v":1}');
 * ```
 */
export function encodeOp(header: OpHeader, draft: OpDraft): string {
  return encodeOpText(header, draft.kind, canonicalJson(draft.payload));
}

/**
 * {@linkcode encodeOp} from an already canonical payload text: the canonical JSON of
 * `{v, hlc, device, seq, kind, payload}` with its keys in sorted order.
 */
export function encodeOpText(header: OpHeader, kind: OpKind, payloadText: string): string {
  return `{"device":${JSON.stringify(header.deviceId)},"hlc":${JSON.stringify(header.hlc)},` +
    `"kind":${JSON.stringify(kind)},"payload":${payloadText},"seq":${canonicalJson(header.seq)},` +
    `"v":${OP_VERSION}}`;
}

/** The `changeId` of an op: hex SHA-256 of {@linkcode encodeOp}. */
export function changeIdOf(header: OpHeader, draft: OpDraft): string {
  return sha256Hex(encodeOp(header, draft));
}

/**
 * Every memory and edge id an op touches (for history lookups); for a purge, the
 * {@linkcode purgedRef} of each memory it removes.
 */
export function refsOf(draft: OpDraft): string[] {
  switch (draft.kind) {
    case "edge.put":
    case "edge.remove":
      return [draft.payload.id, draft.payload.from, draft.payload.to];
    case "session.end":
      return [`session:${draft.payload.session}`];
    case "memory.purge":
      return draft.payload.puts.map(purgedRef);
    case "job.run":
      return [`run:${draft.payload.run}`];
    default:
      return [draft.payload.id];
  }
}
