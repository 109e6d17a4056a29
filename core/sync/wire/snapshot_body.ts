/**
 * The plaintext of a snapshot (sync-protocol R28): what a new device must hold to start from
 * the strand's current state instead of replaying every delta. Bytes:
 *
 * ```
 * u32 manifest_len | manifest (canonical JSON) | sig_dev (64) | changes | ops
 * ```
 *
 * - `manifest` = `{v: 1, author, rosterHead, rosterSeq, position, logFrontier, previous,
 *   stateHash, chains, changes, ops}`: the author's device id, the roster head it had applied,
 *   the relay log position it covers and the log frontier (RFC 9162 perfect subtrees,
 *   `[level, hash]`) at that position when the author verified the log, `H(previous
 *   snapshot)` (secsync's chain), the state hash of the ops, each chain `{device, maxSeq,
 *   head, count}` of the sync frontier, and the length and SHA-256 of the two sections.
 * - `changes`: for each chain in order, `count` entries `u32 seq ‖ change id (32)`, seq
 *   strictly increasing, the last one `maxSeq` with id `head`: every change the ops cover, so
 *   later deltas' `prev` and `deps` resolve.
 * - `ops`: the strand's op set, one `.dna` op (as in a delta body, `wire_ops.ts`) per line in
 *   canonical JSON, each line ended by `\n`, in fold order without repeats.
 * - `sig_dev = Ed25519(device key, "helix/snapshot/v1" ‖ strand_id ‖ manifest)`; the manifest
 *   commits to the sections by their hashes. `snapshot_id = hex H(manifest ‖ sig_dev)`.
 *
 * @module
 */
import { signMessage, verifySignature } from "../../crypto/ed25519.ts";
import { SIGNATURE_LENGTH } from "../../crypto/lengths.ts";
import type { Op } from "../../ops/kinds.ts";
import { compareFoldOrder } from "../../ops/order.ts";
import { canonicalJson } from "../../util/canonical_json.ts";
import { sha256Hex } from "../../util/hash.ts";
import { parseCanonical } from "./checks.ts";
import { corrupt } from "./errors.ts";
import { fromHex, strandIdBytes, toHex } from "./ids.ts";
import { type Manifest, type ManifestChain, manifestProblem } from "./snapshot_manifest.ts";
import { ByteReader, concatBytes, u32Bytes, utf8 } from "./reader.ts";
import { opFromWire, opToWire } from "./wire_ops.ts";

/** Domain-separation prefix of a snapshot's `sig_dev`. */
export const SNAPSHOT_SIGN_LABEL = "helix/snapshot/v1";
const CHANGE_ENTRY = 4 + 32;
const MAX_MANIFEST = 1 << 20;

/** One chain of the sync frontier, with every change of it the snapshot covers. */
export interface SnapshotChain {
  /** The author device id. */
  readonly device: string;
  /** Its changes, seq strictly increasing; the last is the chain's head. */
  readonly changes: readonly { readonly seq: number; readonly changeId: string }[];
}

/** What a snapshot holds. */
export interface SnapshotContent {
  /** The device that made it. */
  readonly author: string;
  /** Hex hash of the last roster entry it had applied. */
  readonly rosterHead: string;
  /** That entry's sequence. */
  readonly rosterSeq: number;
  /** The relay log position (server sequence) covered. */
  readonly position: number;
  /** The relay log's frontier at `position` as the author verified it, or null. */
  readonly logFrontier: readonly (readonly [number, string])[] | null;
  /** `snapshot_id` of the snapshot before it, or null. */
  readonly previous: string | null;
  /** State hash of the ops (`ops/state_hash.ts`). */
  readonly stateHash: string;
  /** The sync frontier, sorted by device. */
  readonly chains: readonly SnapshotChain[];
  /** The op set, in fold order. */
  readonly ops: readonly Op[];
}

/** A decoded snapshot body. */
export interface DecodedSnapshot {
  /** What it holds. */
  readonly content: SnapshotContent;
  /** The canonical manifest bytes (what `sigDev` signs). */
  readonly manifestBytes: Uint8Array;
  /** The author's device signature over the manifest. */
  readonly sigDev: Uint8Array;
  /** Hex SHA-256 of `manifest ‖ sig_dev`. */
  readonly snapshotId: string;
}

const encoder = new TextEncoder();

function opsText(ops: readonly Op[]): string {
  let text = "";
  for (const op of ops) text += canonicalJson(opToWire(op)) + "\n";
  return text;
}

function changesBytes(chains: readonly SnapshotChain[]): Uint8Array {
  const total = chains.reduce((n, c) => n + c.changes.length, 0);
  const out = new Uint8Array(total * CHANGE_ENTRY);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const chain of chains) {
    for (const change of chain.changes) {
      view.setUint32(at, change.seq);
      out.set(fromHex(change.changeId), at + 4);
      at += CHANGE_ENTRY;
    }
  }
  return out;
}

/**
 * Signs and encodes a snapshot body; `TypeError` for content a reader would refuse.
 *
 * @example Round trip
 * ```ts
 * import { decodeSnapshotBody, encodeSnapshotBody } from "./snapshot_body.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const content = {
 *   author: "ab".repeat(16), rosterHead: "cd".repeat(32), rosterSeq: 1, position: 0,
 *   logFrontier: [], previous: null, stateHash: "ef".repeat(32), chains: [], ops: [],
 * };
 * const strandId = "01".repeat(16);
 * const { bytes } = encodeSnapshotBody(content, strandId, new Uint8Array(32).fill(7));
 * deepEqual(decodeSnapshotBody(bytes).content, content);
 * ```
 */
export function encodeSnapshotBody(
  content: SnapshotContent,
  strandId: string,
  deviceSecretKey: Uint8Array,
): { bytes: Uint8Array; snapshotId: string } {
  for (let i = 1; i < content.ops.length; i++) {
    if (compareFoldOrder(content.ops[i - 1]!, content.ops[i]!) >= 0) {
      throw new TypeError("Cannot encode snapshot: the ops are not in fold order");
    }
  }
  const changes = changesBytes(content.chains);
  const ops = encoder.encode(opsText(content.ops));
  const manifest = {
    v: 1,
    author: content.author,
    rosterHead: content.rosterHead,
    rosterSeq: content.rosterSeq,
    position: content.position,
    logFrontier: content.logFrontier === null
      ? null
      : content.logFrontier.map(([level, hash]) => [level, hash]),
    previous: content.previous,
    stateHash: content.stateHash,
    chains: content.chains.map((c) => ({
      device: c.device,
      maxSeq: c.changes.at(-1)?.seq ?? 0,
      head: c.changes.at(-1)?.changeId ?? "",
      count: c.changes.length,
    })),
    changes: { bytes: changes.length, sha256: sha256Hex(changes) },
    ops: { count: content.ops.length, bytes: ops.length, sha256: sha256Hex(ops) },
  };
  const manifestBytes = utf8(canonicalJson(manifest));
  const problem = manifestProblem(JSON.parse(canonicalJson(manifest)));
  if (typeof problem === "string") throw new TypeError(`Cannot encode snapshot: ${problem}`);
  const sigDev = signSnapshot(strandId, manifestBytes, deviceSecretKey);
  const bytes = concatBytes(u32Bytes(manifestBytes.length), manifestBytes, sigDev, changes, ops);
  return { bytes, snapshotId: sha256Hex(concatBytes(manifestBytes, sigDev)) };
}

/** The message a snapshot's `sig_dev` signs. */
export function snapshotSignMessage(strandId: string, manifestBytes: Uint8Array): Uint8Array {
  return concatBytes(utf8(SNAPSHOT_SIGN_LABEL), strandIdBytes(strandId), manifestBytes);
}

/** `sig_dev` of a manifest by the device secret key. */
export function signSnapshot(
  strandId: string,
  manifestBytes: Uint8Array,
  deviceSecretKey: Uint8Array,
): Uint8Array {
  return signMessage(snapshotSignMessage(strandId, manifestBytes), deviceSecretKey);
}

/** True when `sigDev` is `devicePublicKey`'s signature of the manifest in `strandId`. */
export function verifySnapshotSignature(
  strandId: string,
  decoded: Pick<DecodedSnapshot, "manifestBytes" | "sigDev">,
  devicePublicKey: Uint8Array,
): boolean {
  return verifySignature(
    decoded.sigDev,
    snapshotSignMessage(strandId, decoded.manifestBytes),
    devicePublicKey,
  );
}

/** Bytes of the body the manifest at the start of `bytes` describes (without padding). */
export function snapshotBodyLength(bytes: Uint8Array): number {
  const { manifest, offset } = readManifest(bytes);
  return offset + SIGNATURE_LENGTH + manifest.changes.bytes + manifest.ops.bytes;
}

function readManifest(bytes: Uint8Array): {
  manifest: Manifest;
  manifestBytes: Uint8Array;
  offset: number;
  reader: ByteReader;
} {
  const reader = new ByteReader(bytes, "snapshot");
  const length = reader.u32("the manifest length");
  if (length > MAX_MANIFEST) throw corrupt("snapshot", "manifest", "the manifest is too long");
  const manifestBytes = reader.take(length, "the manifest");
  const parsed = parseCanonical(manifestBytes, canonicalJson);
  if ("problem" in parsed) throw corrupt("snapshot", "json", `the manifest: ${parsed.problem}`);
  const problem = manifestProblem(parsed.value);
  if (problem !== null) throw corrupt("snapshot", "field", problem);
  return { manifest: parsed.value as Manifest, manifestBytes, offset: 4 + length, reader };
}

/** The snapshot `bytes` hold; `corrupt` (format `snapshot`) for anything else. */
export function decodeSnapshotBody(bytes: Uint8Array): DecodedSnapshot {
  const { manifest, manifestBytes, reader } = readManifest(bytes);
  const sigDev = reader.take(SIGNATURE_LENGTH, "the signature").slice();
  const changes = reader.take(manifest.changes.bytes, "the changes");
  const opsBytes = reader.take(manifest.ops.bytes, "the ops");
  reader.end();
  if (sha256Hex(changes) !== manifest.changes.sha256) {
    throw corrupt("snapshot", "changes", "the changes do not hash to the manifest's");
  }
  if (sha256Hex(opsBytes) !== manifest.ops.sha256) {
    throw corrupt("snapshot", "ops", "the ops do not hash to the manifest's");
  }
  const chains = decodeChanges(manifest.chains, changes);
  const ops = decodeOps(opsBytes, manifest.ops.count);
  const content: SnapshotContent = {
    author: manifest.author,
    rosterHead: manifest.rosterHead,
    rosterSeq: manifest.rosterSeq,
    position: manifest.position,
    logFrontier: manifest.logFrontier,
    previous: manifest.previous,
    stateHash: manifest.stateHash,
    chains,
    ops,
  };
  return {
    content,
    manifestBytes: manifestBytes.slice(),
    sigDev,
    snapshotId: sha256Hex(concatBytes(manifestBytes, sigDev)),
  };
}

function decodeChanges(chains: readonly ManifestChain[], bytes: Uint8Array): SnapshotChain[] {
  const total = chains.reduce((n, c) => n + c.count, 0);
  if (total * CHANGE_ENTRY !== bytes.length) {
    throw corrupt("snapshot", "changes", "the changes section does not match the chains");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  return chains.map((chain) => {
    const changes: { seq: number; changeId: string }[] = [];
    for (let i = 0; i < chain.count; i++) {
      const seq = view.getUint32(at);
      const changeId = toHex(bytes.subarray(at + 4, at + CHANGE_ENTRY));
      at += CHANGE_ENTRY;
      if (seq < 1 || (i > 0 && seq <= changes[i - 1]!.seq)) {
        throw corrupt("snapshot", "changes", `chain ${chain.device} is not in seq order`);
      }
      changes.push({ seq, changeId });
    }
    const last = changes.at(-1)!;
    if (last.seq !== chain.maxSeq || last.changeId !== chain.head) {
      throw corrupt("snapshot", "changes", `chain ${chain.device} does not end at its head`);
    }
    return { device: chain.device, changes };
  });
}

function decodeOps(bytes: Uint8Array, count: number): Op[] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw corrupt("snapshot", "ops", "the ops are not UTF-8");
  }
  const lines = text.split("\n");
  if (lines.pop() !== "" || lines.length !== count) {
    throw corrupt("snapshot", "ops", `the ops section does not hold ${count} lines`);
  }
  const ops: Op[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw corrupt("snapshot", "ops", `op ${i} is not JSON`);
    }
    const op = opFromWire(value, `ops[${i}]`);
    if (typeof op === "string") throw corrupt("snapshot", "ops", op);
    if (op === null) throw corrupt("snapshot", "ops", `op ${i} is malformed`);
    if (canonicalJson(value) !== line) {
      throw corrupt("snapshot", "ops", `op ${i} is not canonical JSON`);
    }
    if (i > 0 && compareFoldOrder(ops[i - 1]!, op) >= 0) {
      throw corrupt("snapshot", "ops", `op ${i} is not in fold order`);
    }
    ops.push(op);
  }
  return ops;
}
