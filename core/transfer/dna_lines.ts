/**
 * One op per line of a `.dna` body (`docs/dna-format.md` §4.1): a live op as its canonical
 * bytes, whose SHA-256 is its change id; a tombstone (its memory purged) as the same object
 * plus its `change_id`, since its bytes no longer hash to it. Anything but the canonical
 * form is refused with `corrupt`.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { encodeOpText } from "../ops/encode.ts";
import { isPurged, type Op, type OpKind } from "../ops/kinds.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";

/**
 * One body line: the op's canonical bytes, whose SHA-256 is its change id; a tombstoned
 * op (its content purged) carries its change id as `change_id`, since its bytes changed.
 */
export function encodeLine(op: Op): string {
  if (!isPurged(op)) return encodeOpText(op, op.kind, canonicalJson(op.payload));
  return canonicalJson({
    change_id: op.changeId,
    device: op.deviceId,
    hlc: op.hlc,
    kind: op.kind,
    payload: op.payload,
    seq: op.seq,
    v: 1,
  });
}

/** Parses a body line back to its op; throws `corrupt` unless it is canonical. */
export function decodeLine(line: string, index: number): Op {
  const bad = (problem: string) =>
    new HelixError("corrupt", `Cannot import .dna: body line ${index + 1}: ${problem}`, {
      details: { line: index + 1 },
    });
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(line);
  } catch {
    throw bad("not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw bad("not an op");
  if (value.v !== 1) throw bad(`op version ${String(value.v)} is not 1`);
  if (canonicalJson(value as never) !== line) throw bad("not in canonical form");
  const op = {
    hlc: value.hlc,
    deviceId: value.device,
    seq: value.seq,
    kind: value.kind,
    payload: value.payload,
    changeId: "change_id" in value ? value.change_id : sha256Hex(line),
  } as Op;
  if ("change_id" in value && !isPurged(op)) throw bad("only a tombstone names its change id");
  if (
    !isPurged(op) && typeof op.hlc === "string" && typeof op.deviceId === "string" &&
    encodeOpText(op, op.kind as OpKind, canonicalJson(op.payload as never)) !== line
  ) throw bad("not in canonical form");
  return op;
}
