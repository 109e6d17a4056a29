/**
 * Sealing: this device's new ops become changes in its chain, sealed into deltas and queued
 * in the outbox (R12, R13, R19). Runs inside a write transaction: the one that appended the
 * ops (the log's before-commit hook), or one of its own that catches up ops written while no
 * keys were loaded. Ops that arrived by pull are never sealed back. A change is at most one
 * envelope (1 MiB); more ops make more changes.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { decodeOp } from "../ops/encode.ts";
import type { Op } from "../ops/kinds.ts";
import {
  chainOf,
  chains,
  markApplied,
  opsToSeal,
  queueDelta,
  rosterEntries,
  setSealedThrough,
  type SyncStrandRow,
} from "../store/queries/sync.ts";
import type { Store } from "../store/store.ts";
import type { Keyring } from "./keyring.ts";
import type { SyncKeys } from "./deps.ts";
import { type ChangeBody, encodeChangeBody } from "./wire/change.ts";
import { MAX_BODY_LENGTH, sealDelta } from "./wire/delta.ts";

/** Ops read per round while sealing. */
const PAGE = 2000;
/** Bytes a body holds besides its ops (ids, deps, clocks), with room to spare. */
const BODY_FRAME = 4096;
/** Bytes one dep adds to a body. */
const DEP_BYTES = 67;

/** Seals every op after the sealed-through cursor; returns the changes queued. */
export function sealNew(
  store: Pick<Store, "prepare">,
  strand: SyncStrandRow,
  keyring: Keyring,
  keys: SyncKeys,
): number {
  let sealed = 0;
  let through = strand.sealedThrough;
  for (;;) {
    const rows = opsToSeal(store, through, PAGE);
    if (rows.length === 0) break;
    for (const ops of batches(rows.map(decodeOp), depsOf(store, keys).length)) {
      sealChange(store, strand, keyring, keys, ops);
      sealed++;
    }
    through = rows[rows.length - 1]!.seqno;
    setSealedThrough(store, through);
  }
  return sealed;
}

function depsOf(store: Pick<Store, "prepare">, keys: SyncKeys): string[] {
  const me = keys.device.fingerprint;
  return chains(store).filter((chain) => chain.deviceId !== me).map((chain) => chain.head).sort();
}

function sealChange(
  store: Pick<Store, "prepare">,
  strand: SyncStrandRow,
  keyring: Keyring,
  keys: SyncKeys,
  ops: readonly Op[],
): void {
  const me = keys.device.fingerprint;
  const chain = chainOf(store, me);
  const roster = rosterEntries(store);
  const head = roster[roster.length - 1];
  if (head === undefined) throw new HelixError("corrupt", "Cannot seal changes: no roster");
  const epoch = keyring.epoch;
  const epochKeys = keyring.keysFor(epoch)!;
  const body: ChangeBody = {
    author: me,
    authorSeq: (chain?.maxSeq ?? 0) + 1,
    prev: chain?.head ?? null,
    deps: depsOf(store, keys),
    rosterHead: head.hash,
    hlc: ops[ops.length - 1]!.hlc,
    ops,
  };
  const sealed = sealDelta({
    strandId: strand.strandId,
    epoch,
    keys: epochKeys,
    body,
    deviceSecretKey: keys.device.secretKey,
  });
  queueDelta(store, sealed);
  markApplied(store, sealed.changeId, me, body.authorSeq);
}

/** Groups ops so each group's body stays under the envelope limit. */
function* batches(ops: readonly Op[], deps: number): Iterable<Op[]> {
  const room = MAX_BODY_LENGTH - BODY_FRAME - deps * DEP_BYTES;
  let group: Op[] = [];
  let size = 0;
  for (const op of ops) {
    const bytes = opSize(op);
    if (bytes > room) {
      throw new HelixError(
        "quota_exceeded",
        `Cannot seal op ${op.changeId}: it is ${bytes} bytes, over the ${room}-byte room of a change`,
      );
    }
    if (size + bytes > room && group.length > 0) {
      yield group;
      group = [];
      size = 0;
    }
    group.push(op);
    size += bytes;
  }
  if (group.length > 0) yield group;
}

const encoder = new TextEncoder();

function opSize(op: Op): number {
  return encoder.encode(JSON.stringify(op)).length + 64;
}

/** The encoded size of a body (for tests of the split). */
export function bodySize(body: ChangeBody): number {
  return encodeChangeBody(body).length;
}
