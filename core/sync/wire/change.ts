/**
 * The inner body of a delta (sync-protocol R12, R13): what a device changed, where it sits in
 * that device's chain and in the causal DAG, signed by the device before it is sealed, so
 * authorship stays inside the ciphertext. The body is canonical JSON
 * `{author, authorSeq, prev, deps, rosterHead, hlc, ops, stateHash?}`;
 * `sig_dev = Ed25519(device key, "helix/change/v1" ‖ strand_id ‖ body)` (no epoch, so a
 * change re-sealed under a new epoch keeps its id) and `change_id = hex SHA-256(body ‖ sig_dev)`.
 *
 * @module
 */
import { signMessage, verifySignature } from "../../crypto/ed25519.ts";
import { SIGNATURE_LENGTH } from "../../crypto/lengths.ts";
import { sha256Bytes } from "../../crypto/sha256.ts";
import type { Op } from "../../ops/kinds.ts";
import { canonicalJson } from "../../util/canonical_json.ts";
import { parseCanonical, patternProblem } from "./checks.ts";
import { isRecord, keysProblem, type Problem } from "../../util/json_checks.ts";
import { corrupt } from "./errors.ts";
import { fromHex, HEX16, HEX32, strandIdBytes, toHex } from "./ids.ts";
import { LOG_HEAD_LENGTH, parseLogHead } from "./log_head.ts";
import { concatBytes, utf8 } from "./reader.ts";
import { opFromWire, opToWire } from "./wire_ops.ts";

/** One device's change: the plaintext inside a delta. */
export interface ChangeBody {
  /** The author's device id (32 hex digits). */
  readonly author: string;
  /** 1 for the author's first change, then previous + 1. */
  readonly authorSeq: number;
  /** Change id of the author's previous change; null when `authorSeq` is 1. */
  readonly prev: string | null;
  /** Change ids of the heads of the other chains the author had applied, sorted, unique. */
  readonly deps: readonly string[];
  /** Hex SHA-256 of the last roster entry the author had applied. */
  readonly rosterHead: string;
  /** The author's hybrid logical clock when it sealed the change. */
  readonly hlc: string;
  /** The ops, each with its change id. */
  readonly ops: readonly Op[];
  /** Hex state hash at `deps`, when the author computed one. */
  readonly stateHash?: string;
  /**
   * The relay's signed log head the author last verified (`observed_log_head`, R12/R22), as
   * hex of its encoding: other devices check it against the log they verified (`FORK`).
   */
  readonly observedHead?: string;
}

/** Domain-separation prefix of `sig_dev`. */
export const CHANGE_SIGN_LABEL = "helix/change/v1";
/** Most deps a body may cite. */
export const MAX_DEPS = 4096;
const HLC = /^\d{15}-\d{5}$/;

function bodyValue(body: ChangeBody) {
  return {
    author: body.author,
    authorSeq: body.authorSeq,
    prev: body.prev,
    deps: [...body.deps],
    rosterHead: body.rosterHead,
    hlc: body.hlc,
    ops: body.ops.map(opToWire),
    stateHash: body.stateHash,
    observedHead: body.observedHead,
  };
}

function bodyProblem(value: unknown): Problem | ChangeBody {
  if (!isRecord(value)) return "the body is not an object";
  const keys = keysProblem(
    value,
    "body",
    ["author", "authorSeq", "deps", "hlc", "ops", "prev", "rosterHead"],
    ["stateHash", "observedHead"],
  );
  if (keys !== null) return keys;
  const { author, authorSeq, prev, deps, rosterHead, hlc, ops, stateHash, observedHead } = value;
  const fields = patternProblem(author, "body.author", HEX16) ??
    (Number.isSafeInteger(authorSeq) && (authorSeq as number) >= 1
      ? null
      : "body.authorSeq is not ≥ 1") ??
    (authorSeq === 1
      ? (prev === null ? null : "body.prev must be null at authorSeq 1")
      : patternProblem(prev, "body.prev", HEX32)) ??
    patternProblem(rosterHead, "body.rosterHead", HEX32) ??
    patternProblem(hlc, "body.hlc", HLC) ??
    (stateHash === undefined ? null : patternProblem(stateHash, "body.stateHash", HEX32)) ??
    (observedHead === undefined ? null : headProblem(observedHead));
  if (fields !== null) return fields;
  if (!Array.isArray(deps) || deps.length > MAX_DEPS) return "body.deps is not a bounded array";
  for (let i = 0; i < deps.length; i++) {
    const problem = patternProblem(deps[i], `body.deps[${i}]`, HEX32);
    if (problem !== null) return problem;
    if (i > 0 && deps[i - 1] >= deps[i]) return "body.deps is not sorted and unique";
  }
  if (!Array.isArray(ops)) return "body.ops is not an array";
  const decoded: Op[] = [];
  for (let i = 0; i < ops.length; i++) {
    const op = opFromWire(ops[i], `body.ops[${i}]`);
    if (typeof op === "string") return op;
    if (op === null) return `body.ops[${i}] is malformed`;
    decoded.push(op);
  }
  const body: ChangeBody = {
    author: author as string,
    authorSeq: authorSeq as number,
    prev: prev as string | null,
    deps: deps as string[],
    rosterHead: rosterHead as string,
    hlc: hlc as string,
    ops: decoded,
  };
  return {
    ...body,
    ...(stateHash === undefined ? {} : { stateHash: stateHash as string }),
    ...(observedHead === undefined ? {} : { observedHead: observedHead as string }),
  };
}

const HEAD_HEX = new RegExp(`^[0-9a-f]{${LOG_HEAD_LENGTH * 2}}$`);

function headProblem(value: unknown): Problem {
  const shape = patternProblem(value, "body.observedHead", HEAD_HEX);
  if (shape !== null) return shape;
  try {
    parseLogHead(fromHex(value as string));
    return null;
  } catch {
    return "body.observedHead is not a log head";
  }
}

/**
 * The canonical bytes of `body`; `TypeError` when it would not decode (a caller's bug: the
 * writer never seals what a reader would refuse).
 *
 * @example Round trip
 * ```ts
 * import { decodeChangeBody, encodeChangeBody } from "./change.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const body = {
 *   author: "ab".repeat(16), authorSeq: 1, prev: null, deps: [],
 *   rosterHead: "cd".repeat(32), hlc: "000000000001000-00000", ops: [],
 * };
 * deepEqual(decodeChangeBody(encodeChangeBody(body)), body);
 * ```
 */
export function encodeChangeBody(body: ChangeBody): Uint8Array {
  const bytes = utf8(canonicalJson(bodyValue(body)));
  const problem = bodyProblem(JSON.parse(new TextDecoder().decode(bytes)));
  if (typeof problem === "string") throw new TypeError(`Cannot encode change body: ${problem}`);
  return bytes;
}

/** The body canonical `bytes` hold; `corrupt` (format `change`) for anything else. */
export function decodeChangeBody(bytes: Uint8Array): ChangeBody {
  const parsed = parseCanonical(bytes, canonicalJson);
  if ("problem" in parsed) throw corrupt("change", "json", `the body: ${parsed.problem}`);
  const body = bodyProblem(parsed.value);
  if (typeof body === "string") throw corrupt("change", "field", body);
  if (body === null) throw corrupt("change", "field", "the body is malformed");
  return body;
}

/** The message `sig_dev` signs. */
export function changeSignMessage(strandId: string, bodyBytes: Uint8Array): Uint8Array {
  return concatBytes(utf8(CHANGE_SIGN_LABEL), strandIdBytes(strandId), bodyBytes);
}

/** `sig_dev` over encoded `bodyBytes` by the device secret key (Ed25519 seed). */
export function signChange(
  strandId: string,
  bodyBytes: Uint8Array,
  deviceSecretKey: Uint8Array,
): Uint8Array {
  return signMessage(changeSignMessage(strandId, bodyBytes), deviceSecretKey);
}

/** True when `sigDev` is the device `devicePublicKey`'s signature of `bodyBytes` in `strandId`. */
export function verifyChangeSignature(
  strandId: string,
  bodyBytes: Uint8Array,
  sigDev: Uint8Array,
  devicePublicKey: Uint8Array,
): boolean {
  return verifySignature(sigDev, changeSignMessage(strandId, bodyBytes), devicePublicKey);
}

/** `change_id`: hex SHA-256 of `body ‖ sig_dev` (R13). */
export function changeId(bodyBytes: Uint8Array, sigDev: Uint8Array): string {
  if (sigDev.length !== SIGNATURE_LENGTH) throw new TypeError("sigDev must be 64 bytes");
  return toHex(sha256Bytes(concatBytes(bodyBytes, sigDev)));
}
