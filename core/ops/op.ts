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

/** Creates a memory. */
export interface MemoryPutPayload {
  id: string;
  type: MemoryType;
  content: string;
  scope: string;
  status: "active" | "quarantined";
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

/** Fields a patch may set; `null` clears a nullable field. */
export interface PatchFields {
  content?: string;
  type?: MemoryType;
  scope?: string;
  status?: Status;
  importance?: number;
  confidence?: number;
  tags?: string[];
  attributes?: Record<string, JsonValue>;
  validFrom?: number;
  validTo?: number | null;
  eventAt?: number | null;
  eventEnd?: number | null;
  eventPhrase?: string | null;
}

/** Changes fields of a memory. `parents` are the memory's head ops the patch was made on. */
export interface MemoryPatchPayload {
  id: string;
  set: PatchFields;
  parents: string[];
  reason?: string;
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

/** Payload type of each op kind. */
export interface OpPayloads {
  "memory.put": MemoryPutPayload;
  "memory.patch": MemoryPatchPayload;
  "memory.forget": MemoryForgetPayload;
  "memory.reinforce": MemoryReinforcePayload;
  "edge.put": EdgePutPayload;
  "edge.remove": EdgeRemovePayload;
  "session.end": SessionEndPayload;
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
] as const satisfies readonly (keyof OpPayloads)[];

/** An op kind. */
export type OpKind = keyof OpPayloads;

/** What a writer asks to append; the log assigns clock, device and sequence. */
export type OpDraft = { [K in OpKind]: { kind: K; payload: OpPayloads[K] } }[OpKind];

/** A logged op. */
export type Op = OpDraft & {
  /** SHA-256 (hex) of the canonical bytes. */
  readonly changeId: string;
  /** Hybrid logical clock, sortable string. */
  readonly hlc: string;
  /** Device that created it. */
  readonly deviceId: string;
  /** The device's op counter, from 1. */
  readonly seq: number;
};

/** The identity-bearing fields of an op. */
export type OpHeader = Pick<Op, "hlc" | "deviceId" | "seq">;

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

/** Every memory and edge id an op touches (for history lookups). */
export function refsOf(draft: OpDraft): string[] {
  switch (draft.kind) {
    case "edge.put":
    case "edge.remove":
      return [draft.payload.id, draft.payload.from, draft.payload.to];
    case "session.end":
      return [`session:${draft.payload.session}`];
    default:
      return [draft.payload.id];
  }
}
