/**
 * Ops inside a change body, in the `.dna` op encoding (`docs/dna-format.md` §4.1) as JSON
 * values rather than lines: a live op is the object whose canonical JSON is its canonical
 * bytes (so its change id is their SHA-256); a tombstone (its memory purged) is the same
 * object plus `change_id`, since its bytes no longer hash to it. Payload semantics are the
 * merge's to check; this file checks the op's envelope and recomputes live change ids.
 *
 * @module
 */
import { encodeOpText } from "../../ops/encode.ts";
import { isPurged, type Op, OP_KINDS, type OpKind } from "../../ops/kinds.ts";
import { canonicalJson, type JsonValue } from "../../util/canonical_json.ts";
import { sha256Hex } from "../../util/hash.ts";
import { isRecord, keysProblem, type Problem } from "../../util/json_checks.ts";
import { HEX32 } from "./ids.ts";

const HLC = /^\d{15}-\d{5}$/;

/** The JSON value an op travels as. */
export function opToWire(op: Op): JsonValue {
  const base = {
    device: op.deviceId,
    hlc: op.hlc,
    kind: op.kind,
    payload: op.payload as unknown as JsonValue,
    seq: op.seq,
    v: 1,
  };
  return isPurged(op) ? { ...base, change_id: op.changeId } : base;
}

/** The op a wire value holds, or the problem with it (naming `path`). */
export function opFromWire(value: unknown, path: string): Op | Problem {
  if (!isRecord(value)) return `${path} is not an object`;
  const tombstone = "change_id" in value;
  const keys = keysProblem(
    value,
    path,
    ["device", "hlc", "kind", "payload", "seq", "v"],
    tombstone ? ["change_id"] : [],
  );
  if (keys !== null) return keys;
  if (value.v !== 1) return `${path}.v is not 1`;
  const { device, hlc, kind, payload, seq } = value;
  if (typeof device !== "string" || device.length === 0 || device.length > 256) {
    return `${path}.device is not a device id`;
  }
  if (typeof hlc !== "string" || !HLC.test(hlc)) return `${path}.hlc is not a clock`;
  if (typeof kind !== "string" || !(OP_KINDS as readonly string[]).includes(kind)) {
    return `${path}.kind is not an op kind`;
  }
  if (!Number.isSafeInteger(seq) || (seq as number) < 1) return `${path}.seq is not ≥ 1`;
  if (!isRecord(payload)) return `${path}.payload is not an object`;
  const stamp = { hlc, deviceId: device, seq: seq as number };
  if (tombstone) {
    const purged = payload.purged;
    if (Object.keys(payload).length !== 1 || typeof purged !== "string" || !HEX32.test(purged)) {
      return `${path} names a change id but is not a tombstone`;
    }
    if (typeof value.change_id !== "string" || !HEX32.test(value.change_id)) {
      return `${path}.change_id is not a change id`;
    }
    return { ...stamp, kind: kind as OpKind, payload: { purged }, changeId: value.change_id };
  }
  if ("purged" in payload) return `${path} is a tombstone without its change id`;
  const text = encodeOpText(stamp, kind as OpKind, canonicalJson(payload));
  return { ...stamp, kind, payload, changeId: sha256Hex(text) } as unknown as Op;
}
