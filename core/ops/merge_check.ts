/**
 * What a merge checks before it adds another strand's ops: each op is well formed and hashes
 * to its change id, no device numbered two different ops alike, and each tombstone that
 * arrives can be indexed under the refs of the purge that made it.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { changeIdAtSeq, purgePayloadOf } from "../store/queries/ops_merge.ts";
import type { Store } from "../store/store.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import { encodeOpText } from "./encode.ts";
import { isPurged, type Op, OP_KINDS, type OpKind } from "./kinds.ts";
import type { MemoryPurgePayload } from "./payloads.ts";
import { purgedRef } from "./refs.ts";

const HEX64 = /^[0-9a-f]{64}$/;
const HLC = /^\d{15}-\d{5}$/;

/** Throws unless `op` (at `index` of the merged ops) is well formed and hashes to its change id. */
export function checkOp(op: Op, index: number): void {
  const bad = (problem: string) =>
    new HelixError("invalid_input", `Cannot merge ops: ops[${index}]: ${problem}`, {
      details: { index },
    });
  if (typeof op !== "object" || op === null) throw bad("not an op");
  if (typeof op.changeId !== "string" || !HEX64.test(op.changeId)) throw bad("bad change id");
  if (typeof op.hlc !== "string" || !HLC.test(op.hlc)) throw bad("bad clock");
  if (typeof op.deviceId !== "string" || op.deviceId.length === 0 || op.deviceId.length > 256) {
    throw bad("bad device id");
  }
  if (!Number.isSafeInteger(op.seq) || op.seq < 1) throw bad("bad sequence number");
  if (!(OP_KINDS as readonly string[]).includes(op.kind)) throw bad(`unknown kind ${op.kind}`);
  if (typeof op.payload !== "object" || op.payload === null || Array.isArray(op.payload)) {
    throw bad("payload is not an object");
  }
  if (isPurged(op)) {
    if (!HEX64.test(String(op.payload.purged)) || Object.keys(op.payload).length !== 1) {
      throw bad("malformed tombstone");
    }
    return;
  }
  const text = encodeOpText(op, op.kind as OpKind, canonicalJson(op.payload));
  if (sha256Hex(text) !== op.changeId) {
    throw new HelixError(
      "tampered",
      `Cannot merge ops: ops[${index}] (${
        op.changeId.slice(0, 12)
      }) does not hash to its change id`,
      { details: { index, changeId: op.changeId } },
    );
  }
}

/** Throws `conflict` when a device's sequence number is taken by a different op here. */
export function checkSequences(store: Pick<Store, "prepare">, ops: readonly Op[]): void {
  const seen = new Map<string, string>();
  for (const op of ops) {
    const key = `${op.deviceId}\u0000${op.seq}`;
    const other = seen.get(key) ?? changeIdAtSeq(store, op.deviceId, op.seq);
    if (other !== undefined && other !== op.changeId) {
      throw new HelixError(
        "conflict",
        `Cannot merge ops: device ${op.deviceId} used sequence number ${op.seq} for two different ops (a forked history)`,
        { details: { deviceId: op.deviceId, seq: op.seq } },
      );
    }
    seen.set(key, op.changeId);
  }
}

/**
 * The `purged:` refs each purge among `ops` (or already here) covers: what a tombstoned op
 * that arrives is indexed under, so the log still verifies.
 */
export function purgeRefs(
  store: Pick<Store, "prepare">,
  ops: readonly Op[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const wanted = new Set(ops.filter(isPurged).map((op) => op.payload.purged));
  for (const op of ops) {
    if (op.kind === "memory.purge" && !isPurged(op)) {
      out.set(op.changeId, (op.payload as MemoryPurgePayload).puts.map(purgedRef));
    }
  }
  for (const id of wanted) {
    if (out.has(id)) continue;
    const payload = purgePayloadOf(store, id);
    if (payload) out.set(id, (JSON.parse(payload) as MemoryPurgePayload).puts.map(purgedRef));
  }
  return out;
}
