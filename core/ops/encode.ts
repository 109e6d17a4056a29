/**
 * The canonical bytes of an op and its change id (their SHA-256), and decoding a stored op.
 * An op's `changeId` is the SHA-256 of its canonical bytes, so the same op has the same id on
 * every device and any edit to it is detectable.
 *
 * @module
 */
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import type { OpRow } from "../store/queries/ops_read.ts";
import type { Op, OpDraft, OpHeader, OpKind } from "./kinds.ts";

/** Version of the op encoding. */
export const OP_VERSION = 1;

/**
 * Canonical bytes of an op (as a string), the input of its `changeId`.
 *
 * @example Usage
 * ```ts
 * import { encodeOp } from "./encode.ts";
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

/** Decodes a stored op row (throws when its payload text does not parse). */
export function decodeOp(row: OpRow): Op {
  return {
    changeId: row.changeId,
    hlc: row.hlc,
    deviceId: row.deviceId,
    seq: row.seq,
    kind: row.kind,
    payload: JSON.parse(row.payload),
  } as Op;
}
