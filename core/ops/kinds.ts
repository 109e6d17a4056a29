/**
 * Op kinds and the shape of a logged op: a kind, its payload, and its stamp (change id,
 * clock, device, sequence), or a payload a purge replaced with a tombstone. The rest of the
 * op vocabulary has files of its own: the payloads of memory and edge ops (`payloads.ts`) and
 * of session and job records (`job_payloads.ts`), canonical bytes and change ids
 * (`encode.ts`), and the refs an op is indexed under (`refs.ts`).
 *
 * @module
 */
import type { JobRunPayload, SessionEndPayload } from "./job_payloads.ts";
import type {
  EdgePutPayload,
  EdgeRemovePayload,
  MemoryForgetPayload,
  MemoryPatchPayload,
  MemoryPurgePayload,
  MemoryPutPayload,
  MemoryReinforcePayload,
  PurgedPayload,
} from "./payloads.ts";

/** Payload type of each op kind. */
export interface OpPayloads {
  /** Creates a memory. */
  "memory.put": MemoryPutPayload;
  /** Changes fields of a memory. */
  "memory.patch": MemoryPatchPayload;
  /** Soft-forgets a memory (recoverable). */
  "memory.forget": MemoryForgetPayload;
  /** Records how useful a recall was (SM-2). */
  "memory.reinforce": MemoryReinforcePayload;
  /** Creates or revives an edge. */
  "edge.put": EdgePutPayload;
  /** Removes an edge. */
  "edge.remove": EdgeRemovePayload;
  /** Records that an agent session ended. */
  "session.end": SessionEndPayload;
  /** Hard-deletes memories and tombstones the ops that touched them. */
  "memory.purge": MemoryPurgePayload;
  /** Records a run of changes (a worker job, a rollback) and the ops it appended. */
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
 * import { isPurged } from "./kinds.ts";
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

/** The identity-bearing fields of an op. */
export type OpHeader = Pick<OpStamp, "hlc" | "deviceId" | "seq">;
